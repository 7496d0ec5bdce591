/**
 * Moderation on the Workers build, in workerd (`wrangler dev` over sqld, its Cache API emulated by
 * Miniflare and purged by tag through the Worker's local purge endpoint): hiding an item purges
 * its edge-cached page, which then answers 410 (451 for a legal reason) with the decision and none
 * of the item's media, and is never stored; reversing it brings the page back. A hidden
 * collection's and profile's pages say why the same way; a spam collection's page warns first.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { getAddress } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDatabase, type Database } from '../../db/client'
import type { DecisionAction, DecisionCategory, DecisionTargetKind } from '../../db/decision-kinds'
import { recordDecision, reverseDecision } from '../../db/market'
import { openMigratedDatabase } from '../../db/migrate.server'
import { seedDatabase } from '../../db/seed'
import { freePort, startSqld, startWrangler, type RunningProcess } from '../../scripts/processes'
import { CACHE_STATUS_HEADER } from '../../server/http/cache-policy'
import { drainCachePurges } from '../../server/http/cache-purge'
import { LOCAL_PURGE_PATH } from '../../server/http/local-cache-purge'
import { DEVELOPMENT_FEE_RECIPIENT } from '../../server/platform/env'
import { TEST_AUTH_SECRET } from '../support/runtime'

const PUBLIC_URL = 'https://vitrine.example'
const OPERATOR = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'
const dir = mkdtempSync(join(tmpdir(), 'vitrine-hidden-pages-'))
let sqld: RunningProcess | undefined
let worker: RunningProcess | undefined
let db: Database
let cachePurge: { url: string; token: string }

beforeAll(async () => {
  const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build'], {
    env: { ...process.env, BUILD_TARGET: 'cloudflare', NODE_ENV: 'production' },
    encoding: 'utf8',
  })
  if (build.status !== 0) throw new Error(`vite build failed:\n${build.stdout}\n${build.stderr}`)
  sqld = await startSqld(join(dir, 'sqld'))
  const seeded = await openMigratedDatabase({ url: sqld.url })
  await seedDatabase(seeded, { users: 5 })
  seeded.$client.close()
  db = createDatabase({ url: sqld.url })
  const port = await freePort()
  cachePurge = { url: `http://127.0.0.1:${port}${LOCAL_PURGE_PATH}`, token: `purge-${crypto.randomUUID()}` }
  worker = await startWrangler(
    {
      DATABASE_URL: sqld.url,
      AUTH_SECRET: TEST_AUTH_SECRET,
      PLATFORM_FEE_RECIPIENT: DEVELOPMENT_FEE_RECIPIENT,
      PUBLIC_URL,
      OPERATORS: OPERATOR,
      CACHE_PURGE_URL: cachePurge.url,
      CACHE_PURGE_TOKEN: cachePurge.token,
    },
    { port, persistTo: join(dir, 'wrangler') },
  )
})

afterAll(async () => {
  db?.$client.close()
  await Promise.all([worker?.stop(), sqld?.stop()])
  rmSync(dir, { recursive: true, force: true })
})

const get = (path: string) => fetch(`${worker!.url}${path}`, { redirect: 'manual' })
const cacheStatus = (response: Response) => response.headers.get(CACHE_STATUS_HEADER)
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** The page from the cache (its copy is stored after the answer leaves: a moment later). */
async function hitOf(path: string): Promise<string> {
  const got: string[] = []
  for (let attempt = 0; attempt < 5; attempt++) {
    const response = await get(path)
    const html = await response.text()
    if (cacheStatus(response) === 'hit') return html
    got.push(`${response.status} ${cacheStatus(response)}`)
    await pause(100)
  }
  throw new Error(`${path} was never a hit: ${got.join(', ')}`)
}

/** What a decision's request does as it ends: the purge outbox goes to the cache. */
async function purge() {
  const drained = await drainCachePurges({ db, env: { cachePurge } })
  expect(drained.error).toBeUndefined()
}

async function decide(
  action: DecisionAction,
  target: { kind: DecisionTargetKind; key: string },
  category: DecisionCategory,
  reason: string,
) {
  const { id } = await recordDecision(db, { action, target, category, reason, actor: OPERATOR })
  await purge()
  return id
}
async function reverse(id: number) {
  await reverseDecision(db, id, { actor: OPERATOR, reason: 'restored on review' })
  await purge()
}

const rows = <T>(sql: string) => db.all<T>(sql as never)

/** Everything of a page that would show or share media: img and video tags, preloads, og/twitter images. */
function mediaIn(html: string, urls: string[]): string[] {
  return urls.filter((url) => html.includes(url) || html.includes(url.replaceAll('&', '&amp;')))
}

describe('a hidden item', () => {
  it('its edge-cached page is purged, answers 410 with the decision and no media, and comes back when reversed', async () => {
    const [item, other] = await rows<{ id: number; image: string; name: string }>(
      `select id, image, name from nfts where image <> '' order by id limit 2`,
    )
    const page = `/item/${item!.id}`
    const cached = await hitOf(page)
    expect(mediaIn(cached, [item!.image])).toEqual([item!.image])
    await hitOf(`/item/${other!.id}`)

    const decision = await decide('hide', { kind: 'item', key: String(item!.id) }, 'scam', 'Phishing link in the name')
    const hidden = await get(page)
    const html = await hidden.text()
    expect(hidden.status).toBe(410)
    expect(cacheStatus(hidden)).not.toBe('hit')
    expect(html).toContain('This item was hidden by this marketplace')
    expect(html).toContain('Phishing link in the name')
    expect(html).toContain('Scam')
    expect(mediaIn(html, [item!.image])).toEqual([])
    expect(html).not.toMatch(/og:image|twitter:image|rel="preload" as="image"/)
    // Never stored: the next visitor is told the same, from the Worker.
    const again = await get(page)
    await again.text()
    expect([again.status, cacheStatus(again)]).toEqual([410, 'bypass'])
    // Another item's page was not touched by it.
    expect(cacheStatus(await get(`/item/${other!.id}`))).toBe('hit')

    await reverse(decision)
    const restored = await get(page)
    expect(restored.status).toBe(200)
    expect(mediaIn(await restored.text(), [item!.image])).toEqual([item!.image])
  })

  it('for a legal reason answers 451', async () => {
    const [item] = await rows<{ id: number; image: string }>(
      `select id, image from nfts where image <> '' order by id limit 1 offset 5`,
    )
    const decision = await decide(
      'hide',
      { kind: 'item', key: String(item!.id) },
      'illegal_content',
      'A court order names this token',
    )
    const response = await get(`/item/${item!.id}`)
    const html = await response.text()
    expect(response.status).toBe(451)
    expect(html).toContain('It is unavailable for legal reasons.')
    expect(mediaIn(html, [item!.image])).toEqual([])
    await reverse(decision)
  })
})

describe('a hidden collection and a hidden profile', () => {
  it('say why on their pages, with no logo, banner or avatar, and their items’ pages too', async () => {
    const [c] = await rows<{ id: number; slug: string; logo: string; banner: string; item: number; image: string }>(
      `select c.id, c.slug, c.logo_url as logo, c.banner_url as banner, n.id as item, n.image
       from collections c join nfts n on n.collection_id = c.id order by c.id desc limit 1`,
    )
    const [user] = await rows<{ address: string; avatar: string | null }>(
      `select address, avatar_url as avatar from users order by id limit 1`,
    )
    await hitOf(`/collection/${c!.slug}`)
    const hid = [
      await decide('hide', { kind: 'collection', key: String(c!.id) }, 'impersonation', 'Copies a known artist'),
      await decide('hide', { kind: 'profile', key: user!.address }, 'terms_of_service', 'Harassment in the bio'),
    ]
    const collectionPage = await get(`/collection/${c!.slug}`)
    const collectionHtml = await collectionPage.text()
    expect(collectionPage.status).toBe(410)
    expect(collectionHtml).toContain('This collection was hidden by this marketplace')
    expect(collectionHtml).toContain('Copies a known artist')
    expect(mediaIn(collectionHtml, [c!.logo, c!.banner, c!.image])).toEqual([])

    const itemPage = await get(`/item/${c!.item}`)
    const itemHtml = await itemPage.text()
    expect(itemPage.status).toBe(410)
    expect(itemHtml).toContain('Copies a known artist')
    expect(mediaIn(itemHtml, [c!.image, c!.logo])).toEqual([])

    const profile = await get(`/user/${getAddress(user!.address)}`)
    const profileHtml = await profile.text()
    expect(profile.status).toBe(410)
    expect(profileHtml).toContain('This profile was hidden by this marketplace')
    expect(mediaIn(profileHtml, user!.avatar ? [user!.avatar] : [])).toEqual([])

    for (const id of hid) await reverse(id)
    expect((await get(`/collection/${c!.slug}`)).status).toBe(200)
    expect((await get(`/user/${getAddress(user!.address)}`)).status).toBe(200)
  })
})

describe('a collection marked spam', () => {
  it('its page and its items’ pages show the warning first', async () => {
    const [c] = await rows<{ id: number; slug: string; item: number }>(
      `select c.id, c.slug, n.id as item from collections c join nfts n on n.collection_id = c.id
       order by c.id desc limit 1 offset 20`,
    )
    await hitOf(`/collection/${c!.slug}`)
    const decision = await decide('mark_spam', { kind: 'collection', key: String(c!.id) }, 'scam', 'Drains wallets')
    for (const path of [`/collection/${c!.slug}`, `/item/${c!.item}`]) {
      const response = await get(path)
      const html = await response.text()
      expect(response.status, path).toBe(200)
      expect(html, path).toContain('This marketplace marked this collection as a scam')
      expect(html, path).toContain('Drains wallets')
      expect(html, path).toMatch(/Show this (collection|item) anyway/)
    }
    await reverse(decision)
    expect(await (await get(`/collection/${c!.slug}`)).text()).not.toContain('marked this collection')
  })
})
