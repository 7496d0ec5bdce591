/**
 * How a backfill round shares its time between the imported collections still behind (deficit
 * round robin): each gets a turn of an equal share of the round, whatever its place in the queue,
 * and a turn that ran past its share (one block of a flooder's logs is read and written whole) is
 * that collection's debt, paid back with shorter turns or by sitting out whole turns. A contract
 * that is costly to read thus costs the round no more than any other collection, on average, and
 * never delays the others' turns: new imports, with no debt, go first.
 */

/** At most this many collections take a turn in one round; the others go first in the next. */
export const MAX_TURNS = 32
/** The shortest share worth giving: one log read and write of a quiet collection. */
export const MIN_TURN_MS = 100

export interface Queued {
  id: number
  debtMs: number
  /** The chain's head when its backfill last read it (null: never): the longest waiting go first. */
  headBlock: number | null
}

export interface TurnPlan {
  /** Each turn's allowance: the round's share less the debt it pays back. */
  turns: { id: number; allowanceMs: number }[]
  /** Collections that sit this round out, and their debt once this round's share is paid off it. */
  sitOut: { id: number; debtMs: number }[]
}

const byClaim = (a: Queued, b: Queued) =>
  a.debtMs - b.debtMs || (a.headBlock ?? -1) - (b.headBlock ?? -1) || a.id - b.id

export function planTurns(queue: Queued[], budgetMs: number): TurnPlan {
  const share = Math.max(budgetMs / Math.max(1, Math.min(queue.length, MAX_TURNS)), MIN_TURN_MS)
  const plan: TurnPlan = { turns: [], sitOut: [] }
  for (const collection of queue.toSorted(byClaim)) {
    if (collection.debtMs >= share) plan.sitOut.push({ id: collection.id, debtMs: collection.debtMs - share })
    else if (plan.turns.length < MAX_TURNS)
      plan.turns.push({ id: collection.id, allowanceMs: share - collection.debtMs })
  }
  return plan
}

/** The debt a turn leaves: the time it ran past its allowance. */
export const debtAfter = (allowanceMs: number, spentMs: number) => Math.max(0, Math.round(spentMs - allowanceMs))
