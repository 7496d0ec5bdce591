import { describe, expect, it } from 'vitest'
import { debtAfter, MAX_TURNS, MIN_TURN_MS, planTurns, type Queued } from '../../chain/indexer/backfill-turns'

const queued = (id: number, debtMs = 0, turnAt: Date | null = new Date(1_000)) => ({ id, debtMs, turnAt })

/**
 * Rounds of the backfill over collections that always have work: each turn spends its allowance
 * and `overrunMs(id)` past it. Returns the time each collection used and its turns.
 */
function simulate(count: number, rounds: number, budgetMs: number, overrunMs: (id: number) => number) {
  const queue: Queued[] = Array.from({ length: count }, (_, i) => queued(i + 1, 0, null))
  const used = new Map<number, { ms: number; turns: number }>(queue.map((q) => [q.id, { ms: 0, turns: 0 }]))
  for (let round = 1; round <= rounds; round++) {
    const plan = planTurns(queue, budgetMs)
    for (const { id, debtMs } of plan.sitOut)
      Object.assign(
        queue.find((q) => q.id === id)!,
        { debtMs, turnAt: new Date(round) },
      )
    for (const { id, allowanceMs } of plan.turns) {
      const spent = allowanceMs + overrunMs(id)
      used.get(id)!.ms += spent
      used.get(id)!.turns++
      Object.assign(
        queue.find((q) => q.id === id)!,
        { debtMs: debtAfter(allowanceMs, spent), turnAt: new Date(round) },
      )
    }
  }
  return used
}
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length

describe('the backfill turns of a round', () => {
  it('gives every collection an equal share, whatever its place in the queue', () => {
    const plan = planTurns([queued(1), queued(2), queued(3), queued(4)], 2_000)
    expect(plan.turns).toEqual([1, 2, 3, 4].map((id) => ({ id, allowanceMs: 500 })))
    expect(plan.sitOut).toEqual([])
  })

  it('visits new imports and the longest waiting first; a debt shortens the turn', () => {
    const plan = planTurns(
      [queued(1, 300, new Date(5)), queued(2, 0, new Date(9)), queued(3, 0, null), queued(4)],
      2_000,
    )
    expect(plan.turns.map((t) => t.id)).toEqual([3, 1, 2, 4])
    expect(plan.turns.find((t) => t.id === 1)).toEqual({ id: 1, allowanceMs: 200 })
  })

  it('has a collection that ran far past its share sit out visits until its debt is paid', () => {
    // A flood's block took 4 s in a 1 s share: it sits out three rounds, the shares it overran.
    let debt = debtAfter(1_000, 4_000)
    expect(debt).toBe(3_000)
    const rounds: boolean[] = []
    for (let round = 0; round < 4; round++) {
      const plan = planTurns([queued(1, debt), queued(2)], 2_000)
      const turn = plan.turns.find((t) => t.id === 1)
      rounds.push(turn !== undefined)
      debt = turn ? debtAfter(turn.allowanceMs, 0) : plan.sitOut.find((s) => s.id === 1)!.debtMs
      // The other collection has its turn in every round, with its whole share.
      expect(plan.turns.find((t) => t.id === 2)).toEqual({ id: 2, allowanceMs: 1_000 })
    }
    expect(rounds).toEqual([false, false, false, true])
  })

  it('visits at most MAX_TURNS in a round, each with at least the least worth giving', () => {
    const plan = planTurns(
      Array.from({ length: MAX_TURNS * 3 }, (_, i) => queued(i + 1)),
      1_000,
    )
    expect(plan.turns).toHaveLength(MAX_TURNS)
    expect(plan.turns.every((t) => t.allowanceMs === MIN_TURN_MS)).toBe(true)
    expect(planTurns([queued(1, 2_500.4)], 1_000).sitOut).toEqual([{ id: 1, debtMs: 1_500 }])
  })

  it('gives a collection that always overruns a little as many turns as the others, past MAX_TURNS', () => {
    const used = simulate(60, 200, 20_000, (id) => (id === 1 ? 400 : 0))
    const others = mean([...used].filter(([id]) => id !== 1).map(([, u]) => u.turns))
    expect(used.get(1)!.turns).toBeGreaterThan(others * 0.8)
  })

  it('bounds what a collection that overruns far costs by what the others get, past MAX_TURNS', () => {
    const used = simulate(320, 2_000, 2_000, (id) => (id === 1 ? 10_000 : 0))
    const others = mean([...used].filter(([id]) => id !== 1).map(([, u]) => u.ms))
    // Its overrun is paid back: over time it uses about what any other does, not ten times more.
    expect(used.get(1)!.ms).toBeLessThan(others * 1.5)
  })

  it('leaves no debt after a turn within its allowance', () => {
    expect(debtAfter(500, 499)).toBe(0)
    expect(debtAfter(500, 650.4)).toBe(150)
  })
})
