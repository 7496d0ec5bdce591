import { describe, expect, it } from 'vitest'
import { debtAfter, MAX_TURNS, MIN_TURN_MS, planTurns } from '../../chain/indexer/backfill-turns'

const queued = (id: number, debtMs = 0, headBlock: number | null = 100) => ({ id, debtMs, headBlock })

describe('the backfill turns of a round', () => {
  it('gives every collection an equal share, whatever its place in the queue', () => {
    const plan = planTurns([queued(1), queued(2), queued(3), queued(4)], 2_000)
    expect(plan.turns).toEqual([1, 2, 3, 4].map((id) => ({ id, allowanceMs: 500 })))
    expect(plan.sitOut).toEqual([])
  })

  it('puts new imports and the longest waiting first, and the indebted last', () => {
    const plan = planTurns([queued(1, 300), queued(2, 0, 90), queued(3, 0, null), queued(4)], 2_000)
    expect(plan.turns.map((t) => t.id)).toEqual([3, 2, 4, 1])
    // The debt is paid back out of its turn.
    expect(plan.turns.find((t) => t.id === 1)).toEqual({ id: 1, allowanceMs: 200 })
  })

  it('has a collection that ran far past its share sit out turns until its debt is paid', () => {
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

  it('bounds the turns of a round, and gives each at least the least worth giving', () => {
    const queue = Array.from({ length: MAX_TURNS * 3 }, (_, i) => queued(i + 1))
    const plan = planTurns(queue, 1_000)
    expect(plan.turns).toHaveLength(MAX_TURNS)
    expect(plan.turns.every((t) => t.allowanceMs === MIN_TURN_MS)).toBe(true)
  })

  it('leaves no debt after a turn within its allowance', () => {
    expect(debtAfter(500, 499)).toBe(0)
    expect(debtAfter(500, 650.4)).toBe(150)
  })
})
