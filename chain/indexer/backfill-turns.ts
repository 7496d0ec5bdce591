/**
 * How a backfill round shares its time between the imported collections still behind (deficit
 * round robin). A round visits the longest waiting first, at most MAX_TURNS of them, and gives
 * each an equal share of the round, whatever its place and whatever the turns before it cost.
 * A turn that ran past its share (one block of a flooder's logs is read and written whole) is
 * that collection's debt. The debt is paid back out of its next shares: a shorter turn, or, while
 * it is a whole share or more, a visit sat out. A contract that is costly to read thus gets no more
 * of the backfill than any other collection, and never delays the others' turns.
 */

/** At most this many collections are visited in one round; the others wait at the front. */
export const MAX_TURNS = 32
/** The shortest share worth giving: one log read and write of a quiet collection. */
export const MIN_TURN_MS = 100

export interface Queued {
  id: number
  debtMs: number
  /** When it was last visited (null: never): the longest waiting go first. */
  turnAt: Date | null
}

export interface TurnPlan {
  /** Each turn's allowance: the round's share less the debt it pays back. */
  turns: { id: number; allowanceMs: number }[]
  /** Visited collections that sit this round out, and their debt once this round's share is paid off it. */
  sitOut: { id: number; debtMs: number }[]
}

const waitedLongest = (a: Queued, b: Queued) =>
  (a.turnAt?.getTime() ?? -Infinity) - (b.turnAt?.getTime() ?? -Infinity) || a.id - b.id

export function planTurns(queue: Queued[], budgetMs: number): TurnPlan {
  const visited = queue.toSorted(waitedLongest).slice(0, MAX_TURNS)
  const share = Math.max(budgetMs / Math.max(1, visited.length), MIN_TURN_MS)
  const plan: TurnPlan = { turns: [], sitOut: [] }
  for (const { id, debtMs } of visited) {
    if (debtMs >= share) plan.sitOut.push({ id, debtMs: Math.round(debtMs - share) })
    else plan.turns.push({ id, allowanceMs: share - debtMs })
  }
  return plan
}

/** The debt a turn leaves: the time it ran past its allowance. */
export const debtAfter = (allowanceMs: number, spentMs: number) => Math.max(0, Math.round(spentMs - allowanceMs))
