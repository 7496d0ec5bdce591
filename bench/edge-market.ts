/**
 * A simulated market for bench/edge.ts: 100 collections (the seed's and more made for it), each
 * with its page and a few items viewed; one trade a second, indexed and purged as the follower's
 * round does; 50 anonymous views a second spread evenly over those pages, once each page was filed.
 * Answers the share of views the edge cache answered.
 */
import { eq, sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import { applyTransfer, recordCreatedCollection, recordToken } from '../db/market'
import { collections, nfts } from '../db/schema'
import { CACHE_STATUS_HEADER } from '../server/http/cache-policy'
import { PURGE_AGAIN_AFTER_MS } from '../server/http/cache-purge'

const COLLECTIONS = 100
const ITEMS_PER_COLLECTION = 5
const VIEWS_PER_SECOND = 50
/** Load before counting starts, after every page was filed once (a market's pages are mostly warm). */
const WARMUP_SECONDS = 10
/** Who the traded items go to. */
const TRADERS = Array.from({ length: 20 }, (_, i) => `0x${(0xbe000 + i).toString(16).padStart(40, '0')}`)

export interface MarketResult {
  collections: number
  itemsPerCollection: number
  pages: number
  viewsPerSecond: number
  seconds: number
  warmupSeconds: number
  views: number
  trades: number
  hitRatio: number
  /** How the views were answered: status and cache label, with counts. */
  answers: Record<string, number>
  p50: number
  p95: number
}

/** Makes collections (with a few tokens each) until there are COLLECTIONS. */
async function ensureCollections(db: Database) {
  const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)` }).from(collections)
  for (let i = count; i < COLLECTIONS; i++) {
    const creator = TRADERS[i % TRADERS.length]!
    const contract = `0x${(0xc0000 + i).toString(16).padStart(40, '0')}`
    const { id } = await recordCreatedCollection(db, {
      chainId: 1,
      contract,
      name: `Bench collection ${i}`,
      description: 'made by bench/edge-market.ts',
      category: 'art',
      creator,
      creatorFeeBps: 500,
    })
    for (let t = 0; t < ITEMS_PER_COLLECTION; t++) {
      await recordToken(db, {
        collection: { id, chainId: 1, contract, creator, category: 'art', verified: false },
        tokenId: BigInt(t + 1),
        name: `Bench ${i} #${t + 1}`,
        description: '',
        image: '/favicon.svg',
        owner: creator,
        lazyMinted: false,
        attributes: [],
        addDate: new Date(),
      })
    }
  }
}

async function viewedPages(db: Database) {
  const rows = await db.select({ id: collections.id, slug: collections.slug }).from(collections).limit(COLLECTIONS)
  const pages: string[] = []
  const items: { id: number; collectionId: number }[] = []
  for (const row of rows) {
    pages.push(`/collection/${row.slug}`)
    const tokens = await db
      .select({ id: nfts.id, collectionId: nfts.collectionId })
      .from(nfts)
      .where(eq(nfts.collectionId, row.id))
      .limit(ITEMS_PER_COLLECTION)
    for (const token of tokens) {
      pages.push(`/item/${token.id}`)
      items.push(token)
    }
  }
  return { pages, items, collections: rows.length }
}

export async function simulateMarket({
  db,
  workerUrl,
  purge,
  seconds,
}: {
  db: Database
  workerUrl: string
  purge: () => Promise<{ purged: number }>
  seconds: number
}): Promise<MarketResult> {
  await ensureCollections(db)
  // What seeding and making the collections filed is purged (both passes) before any page is filed.
  for (const pass of [1, 2]) {
    while ((await purge()).purged > 0);
    if (pass === 1) await new Promise((resolve) => setTimeout(resolve, PURGE_AGAIN_AFTER_MS))
  }
  const { pages, items, collections: count } = await viewedPages(db)
  let random = 42
  const next = () => (random = (random * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31
  const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)]!

  const counted: { cache: string | null; status: number; ms: number }[] = []
  let counting = false
  const view = async () => {
    const started = performance.now()
    const response = await fetch(`${workerUrl}${pick(pages)}`, { redirect: 'manual' })
    const reader = response.body!.getReader()
    await reader.read()
    const ms = performance.now() - started
    await reader.cancel()
    if (counting) counted.push({ cache: response.headers.get(CACHE_STATUS_HEADER), status: response.status, ms })
  }
  let trades = 0
  const trade = async () => {
    const item = pick(items)
    const [row] = await db.select({ owner: nfts.owner }).from(nfts).where(eq(nfts.id, item.id))
    const to = pick(TRADERS.filter((t) => t !== row!.owner))
    const log = {
      txHash: `0x${(trades + 1).toString(16).padStart(64, '0')}`,
      logIndex: 0,
      blockNumber: 1n,
      at: new Date(),
    }
    await applyTransfer(db, log, { nftId: item.id, collectionId: item.collectionId, from: row!.owner, to })
    await purge()
    if (counting) trades++
  }

  // Every page filed once, one at a time: a cold start on this 2-core machine is not the measure.
  for (const page of pages) await (await fetch(`${workerUrl}${page}`, { redirect: 'manual' })).arrayBuffer()
  const running: Promise<unknown>[] = []
  const viewer = setInterval(() => running.push(view().catch(() => {})), 1000 / VIEWS_PER_SECOND)
  const trader = setInterval(() => running.push(trade()), 1000)
  await new Promise((resolve) => setTimeout(resolve, WARMUP_SECONDS * 1000))
  counting = true
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000))
  counting = false
  clearInterval(viewer)
  clearInterval(trader)
  await Promise.all(running)

  const times = counted.map((c) => c.ms).sort((a, b) => a - b)
  const at = (p: number) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)] ?? 0
  return {
    collections: count,
    itemsPerCollection: ITEMS_PER_COLLECTION,
    pages: pages.length,
    viewsPerSecond: VIEWS_PER_SECOND,
    seconds,
    warmupSeconds: WARMUP_SECONDS,
    views: counted.length,
    trades,
    hitRatio: counted.filter((c) => c.cache === 'hit').length / Math.max(1, counted.length),
    answers: counted.reduce<Record<string, number>>((all, c) => {
      const key = `${c.status} ${c.cache}`
      all[key] = (all[key] ?? 0) + 1
      return all
    }, {}),
    p50: at(50),
    p95: at(95),
  }
}
