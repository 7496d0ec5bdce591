import { describe, expect, it, vi } from 'vitest'
import { LiveHub } from '../../server/live/hub'

describe('the live hub of one Node process', () => {
  it('tells each watcher once per change, with only its own tags, and forgets a watcher that left', () => {
    const hub = new LiveHub()
    const item = vi.fn()
    const feed = vi.fn()
    const stopItem = hub.watch(['nft-1', 'lists'], 'a', 10, item)!
    hub.watch(['lists'], 'b', 10, feed)
    expect(hub.publish(['nft-1', 'lists', 'nft-2'])).toBe(2)
    expect(item).toHaveBeenCalledTimes(1)
    expect(item).toHaveBeenCalledWith(['nft-1', 'lists'])
    expect(feed).toHaveBeenCalledWith(['lists'])
    stopItem()
    stopItem() // twice is harmless
    expect(hub.publish(['nft-1'])).toBe(0)
    expect(hub.watching).toBe(1)
  })

  it('holds a client to its limit, and frees a place when a page closes', () => {
    const hub = new LiveHub()
    const stops = [hub.watch(['lists'], 'a', 2, () => {}), hub.watch(['lists'], 'a', 2, () => {})]
    expect(hub.watch(['lists'], 'a', 2, () => {})).toBeUndefined()
    expect(hub.watch(['lists'], 'b', 2, () => {})).toBeDefined()
    stops[0]!()
    expect(hub.watch(['lists'], 'a', 2, () => {})).toBeDefined()
  })

  it('relays its own changes to the other processes, and not those relayed to it', () => {
    const hub = new LiveHub()
    hub.relay = vi.fn()
    hub.publish(['nft-3'])
    hub.publish(['nft-4'], { relayed: true })
    hub.publish([])
    expect(hub.relay).toHaveBeenCalledTimes(1)
    expect(hub.relay).toHaveBeenCalledWith(['nft-3'])
  })
})
