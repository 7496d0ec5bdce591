/**
 * Open pages on Node: a server-sent event stream per page, watching the tags of what it shows; a
 * change's drain (the same one that purges the edge cache) tells each page watching one of its
 * tags once, and no other. The stream itself reads nothing of the database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { applyTransfer } from '../../db/market'
import { nfts } from '../../db/schema'
import { app } from '../../server/app'
import { liveHub } from '../../server/live/hub'
import { MAX_PAGES_PER_CLIENT } from '../../server/live/limits'
import { drainPageChanges } from '../../server/live/publish'
import { watchedTags } from '../../server/live/tags'
import type { Runtime } from '../../server/platform/runtime'
import { createSeededRuntime } from '../support/seeded'

let runtime: Runtime & { close: () => void }
beforeAll(async () => {
  runtime = await createSeededRuntime(50)
})
afterAll(() => runtime.close())

/** Opens a page's stream and collects what it hears. */
async function openStream(tags: string, client = '203.0.113.7', on: Runtime = runtime) {
  const controller = new AbortController()
  const response = await app.request(
    `/api/live?tags=${tags}`,
    { signal: controller.signal, headers: { 'x-vitrine-peer-address': client } },
    on,
  )
  const events: string[] = []
  const reader = response.ok ? response.body!.getReader() : undefined
  if (reader) {
    void (async () => {
      const decoder = new TextDecoder()
      for (;;) {
        const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }))
        if (done) return
        events.push(decoder.decode(value))
      }
    })()
  }
  // As a browser that leaves the page: the server's stream is cancelled.
  const close = async () => {
    await reader?.cancel()
    controller.abort()
  }
  return { response, events, close, changes: () => events.filter((event) => event.startsWith('event: change')) }
}

describe('live pages on Node', () => {
  it('a sale tells the pages that show the item (and the lists), once each, and no other page', async () => {
    const [token, other] = await runtime.db.select({ id: nfts.id, owner: nfts.owner }).from(nfts).limit(2)
    const item = await openStream(`nft-${token!.id}`)
    const feed = await openStream('lists')
    const elsewhere = await openStream(`nft-${other!.id}`)
    expect(item.response.headers.get('content-type')).toContain('text/event-stream')
    expect(item.response.headers.get('cache-control')).toBe('no-store')

    await applyTransfer(
      runtime.db,
      { txHash: `0x${'ab'.repeat(32)}`, logIndex: 0, blockNumber: 1n, at: new Date() },
      { nftId: token!.id, collectionId: 1, from: token!.owner, to: '0x90f79bf6eb2c4f870365e785982e1f101e93b906' },
    )
    const drained = await drainPageChanges(runtime)
    expect(drained.changed).toContain(`nft-${token!.id}`)

    await expect.poll(() => item.changes().length).toBe(1)
    expect(item.changes()[0]).toBe(`event: change\ndata: {"tags":["nft-${token!.id}"]}\n\n`)
    await expect.poll(() => feed.changes().length).toBe(1)
    expect(elsewhere.changes()).toEqual([])
    // A drain with nothing new tells nobody.
    await drainPageChanges(runtime)
    expect(item.changes()).toHaveLength(1)
    await Promise.all([item.close(), feed.close(), elsewhere.close()])
    await expect.poll(() => liveHub().watching).toBe(0)
  })

  it('refuses tags that are not a page’s, too many of them, and a client past its open pages', async () => {
    for (const [tags, problem] of [
      ['', 'name at least one tag'],
      ['secrets', '"secrets" is not a page\'s tag'],
      ['nft-1,nft-2,nft-3,nft-4,nft-5,nft-6,nft-7,nft-8,nft-9', 'at most 8'],
    ] as const) {
      const response = await app.request(`/api/live?tags=${tags}`, {}, runtime)
      expect(response.status).toBe(400)
      expect(((await response.json()) as { error: { message: string } }).error.message).toContain(problem)
    }
    const open = await Promise.all(
      Array.from({ length: MAX_PAGES_PER_CLIENT }, () => openStream('lists', '198.51.100.9')),
    )
    const refused = await openStream('lists', '198.51.100.9')
    expect(refused.response.status).toBe(429)
    // Another client is not held back by the first one's tabs.
    const another = await openStream('lists', '198.51.100.10')
    expect(another.response.status).toBe(200)
    await Promise.all([...open, another].map((page) => page.close()))
    await expect.poll(() => liveHub().watching).toBe(0)
  })

  it('holds a process to LIVE_STREAMS_PER_PROCESS whatever the clients, and frees a slot when a stream closes', async () => {
    const small: Runtime = { ...runtime, env: { ...runtime.env, liveStreamsPerProcess: 4 } }
    // Four clients, each far below its own limit, fill the process.
    const open = await Promise.all(
      ['198.51.100.31', '198.51.100.32', '198.51.100.33', '198.51.100.34'].map((client) =>
        openStream('lists', client, small),
      ),
    )
    expect(open.map((page) => page.response.status)).toEqual([200, 200, 200, 200])
    const refused = await openStream('lists', '198.51.100.35', small)
    expect(refused.response.status).toBe(503)
    expect(refused.response.headers.get('retry-after')).toMatch(/^[1-9]\d*$/)
    expect(await refused.response.json()).toEqual({
      error: { code: 'SERVICE_UNAVAILABLE', message: expect.stringContaining('live pages') },
    })
    expect(liveHub().watching).toBe(4)
    // A change still reaches the pages that are open.
    liveHub().publish(['lists'])
    await expect.poll(() => open.every((page) => page.changes().length === 1)).toBe(true)
    await open[0]!.close()
    await expect.poll(() => liveHub().watching).toBe(3)
    const next = await openStream('lists', '198.51.100.35', small)
    expect(next.response.status).toBe(200)
    await Promise.all([...open.slice(1), next].map((page) => page.close()))
    await expect.poll(() => liveHub().watching).toBe(0)
  })

  it('answers HEAD with the headers and holds no place for it', async () => {
    for (let i = 0; i < MAX_PAGES_PER_CLIENT + 5; i++) {
      const response = await app.request(
        '/api/live?tags=lists',
        { method: 'HEAD', headers: { 'x-vitrine-peer-address': '198.51.100.20' } },
        runtime,
      )
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toContain('text/event-stream')
    }
    expect(liveHub().watching).toBe(0)
  })

  it('reads tags as pages carry them', () => {
    expect(
      watchedTags('nft-12,collection-tidewater-studies,user-0x90f79bf6eb2c4f870365e785982e1f101e93b906,lists'),
    ).toEqual({
      tags: ['nft-12', 'collection-tidewater-studies', 'user-0x90f79bf6eb2c4f870365e785982e1f101e93b906', 'lists'],
    })
    expect(watchedTags('nft-12,nft-12')).toEqual({ tags: ['nft-12'] })
    expect(watchedTags('user-0xABC')).toHaveProperty('problem')
    expect(watchedTags('collection-<script>')).toHaveProperty('problem')
  })
})
