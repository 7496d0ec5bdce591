import { describe, expect, it } from 'vitest'
import { followerStalled, stallAfterMs } from '../../server/platform/followers'

const now = 1_800_000_000_000
const interval = 1_000
const limit = stallAfterMs(interval)

describe('followerStalled: what the Cron Trigger restarts and health calls stalled', () => {
  it('a follower whose next round is due soon, or whose round is under way, is alive', () => {
    expect(followerStalled({ running: false, nextRoundAt: now + 500, lastRoundAt: now - 500 }, interval, now)).toBe(
      false,
    )
    expect(followerStalled({ running: true, nextRoundAt: null, lastRoundAt: now - 10 * limit }, interval, now)).toBe(
      false,
    )
    // Backing off after failures: no round for a while, the next one set ahead.
    expect(
      followerStalled({ running: false, nextRoundAt: now + 5_000, lastRoundAt: now - 2 * limit }, interval, now),
    ).toBe(false)
  })

  it('one with no alarm, or an alarm long overdue, is stalled', () => {
    expect(followerStalled({ running: false, nextRoundAt: null, lastRoundAt: now - 500 }, interval, now)).toBe(true)
    expect(
      followerStalled({ running: false, nextRoundAt: now - limit - 1, lastRoundAt: now - limit }, interval, now),
    ).toBe(true)
    expect(followerStalled({ running: false, nextRoundAt: now - 1, lastRoundAt: now - limit - 1 }, interval, now)).toBe(
      true,
    )
  })
})
