import { describe, expect, it } from 'vitest'
import { createLimiter } from '../../server/media/limit'

describe('createLimiter', () => {
  it('runs at most `max` at once, every piece in turn, a failure freeing its slot', async () => {
    const limit = createLimiter(2)
    let running = 0
    let most = 0
    const started: number[] = []
    const work = (i: number) =>
      limit(async () => {
        started.push(i)
        most = Math.max(most, ++running)
        await new Promise((resolve) => setTimeout(resolve, 5))
        running--
        if (i === 1) throw new Error('one failed')
        return i
      })
    const results = await Promise.allSettled([0, 1, 2, 3, 4, 5].map(work))
    expect(most).toBe(2)
    expect(started).toEqual([0, 1, 2, 3, 4, 5])
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : 'failed'))).toEqual([0, 'failed', 2, 3, 4, 5])
  })
})
