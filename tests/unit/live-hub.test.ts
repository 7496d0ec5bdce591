import { describe, expect, it, vi } from 'vitest'
import { LiveHub, type Watching } from '../../server/live/hub'

const roomy = { perClient: 10, perProcess: 100 }
const stopOf = (watching: Watching) => {
  if (!('stop' in watching)) throw new Error(`refused: ${watching.full}`)
  return watching.stop
}

describe('the live hub of one Node process', () => {
  it('tells each watcher once per change, with only its own tags, and forgets a watcher that left', () => {
    const hub = new LiveHub()
    const item = vi.fn()
    const feed = vi.fn()
    const stopItem = stopOf(hub.watch(['nft-1', 'lists'], 'a', roomy, item))
    hub.watch(['lists'], 'b', roomy, feed)
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
    const limits = { perClient: 2, perProcess: 100 }
    const stops = [hub.watch(['lists'], 'a', limits, () => {}), hub.watch(['lists'], 'a', limits, () => {})]
    expect(hub.watch(['lists'], 'a', limits, () => {})).toEqual({ full: 'client' })
    expect(hub.watch(['lists'], 'b', limits, () => {})).toHaveProperty('stop')
    stopOf(stops[0]!)()
    expect(hub.watch(['lists'], 'a', limits, () => {})).toHaveProperty('stop')
  })

  it('holds the process to its limit whoever asks, and frees a slot when a stream closes', () => {
    const hub = new LiveHub()
    const limits = { perClient: 2, perProcess: 5 }
    // Many clients, each within its own limit: the process is full at 5 all the same.
    const open = ['a', 'a', 'b', 'b', 'c'].map((client) => stopOf(hub.watch(['lists'], client, limits, () => {})))
    expect(hub.watching).toBe(5)
    for (const client of ['c', 'd', 'e'])
      expect(hub.watch(['lists'], client, limits, () => {})).toEqual({ full: 'process' })
    expect(hub.watching).toBe(5)
    // A refused page watches nothing: a change tells the 5 open ones only.
    expect(hub.publish(['lists'])).toBe(5)
    open[0]!()
    open[0]!() // a stream closed twice frees one slot, not two
    const next = hub.watch(['lists'], 'd', limits, () => {})
    expect(next).toHaveProperty('stop')
    expect(hub.watch(['lists'], 'e', limits, () => {})).toEqual({ full: 'process' })
    expect(hub.watch(['lists'], 'x', { perClient: 2, perProcess: 0 }, () => {})).toEqual({ full: 'process' })
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
