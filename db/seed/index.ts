/**
 * Deterministic demo data: the same seed value and `now` always give the same rows.
 * Default scale: 32 collections over 8 categories and 3 chains, 2,400 NFTs with traits,
 * 180 users, 90 days of mints, listings, offers, sales, transfers and likes.
 * `--nfts 1000000` scales everything up for benchmarks (generated and inserted in chunks).
 */
import { sql } from 'drizzle-orm'
import { parseEther } from 'viem'
import type { Database } from '../client'
import { insertMany, withoutIndexes } from '../bulk-load'
import { refreshCollectionStats } from '../market'
import { rankCollection } from '../market/rarity'
import {
  activity,
  CATEGORIES,
  collectionFloors,
  collections,
  favorites,
  listings,
  nftAttributes,
  nfts,
  offers,
  priceSortKeys,
  sales,
  sortTraits,
  users,
  type Trait,
} from '../schema'
import { artUrl } from '../media'
import { BIOS, COLLECTIONS, HANDLE_FIRST, HANDLE_SECOND, SEED_CHAINS, TRAITS } from './catalog'
import { floorHistory, type FloorWindow } from './floors'
import { createRandom, type Random } from './random'

export const DEFAULT_SEED = 20261122
const DAY = 86_400_000
const HOUR = 3_600_000

/** A seeded row's creation and last change, the same moment (the seed is one point in time). */
const bothTimes = (at: Date) => ({ createdAt: at, updatedAt: at })

export interface SeedOptions {
  seed?: number
  nfts?: number
  users?: number
  /** The moment the data is relative to (default: now, rounded down to the hour). */
  now?: Date
  log?: (message: string) => void
}

/** Seeds an empty, migrated database. Does nothing (and says so) if it already has collections. */
export async function seedDatabase(db: Database, options: SeedOptions = {}): Promise<{ seeded: boolean }> {
  const [existing] = await db.select({ count: sql<number>`count(*)` }).from(collections)
  if ((existing?.count ?? 0) > 0) return { seeded: false }
  const now = options.now ?? new Date(Math.floor(Date.now() / HOUR) * HOUR)
  const log = options.log ?? (() => undefined)
  await withoutIndexes(db, SEEDED_TABLES, () => insertSeed(db, { ...options, now, log }))
  log('indexes and search index built')
  await refreshCollectionStats(db, now)
  await db.run(sql`
    INSERT INTO collection_traits (collection_id, trait_type, value, display_type, token_count)
    SELECT collection_id, trait_type, value, max(display_type), count(*) FROM nft_attributes GROUP BY 1, 2, 3`)
  const ranked = await db.select({ id: collections.id }).from(collections)
  for (const { id } of ranked) await rankCollection(db, id, now)
  log('rarity ranks')
  // Planner statistics; sqld and Turso refuse ANALYZE over their protocol (they manage their own).
  if (db.$client.protocol === 'file') await db.run(sql`ANALYZE`)
  return { seeded: true }
}

/** The tables the seed fills. */
export const SEEDED_TABLES = [
  'users',
  'collections',
  'nfts',
  'nft_attributes',
  'listings',
  'offers',
  'sales',
  'favorites',
  'activity',
]

async function insertSeed(db: Database, options: SeedOptions & { now: Date; log: (m: string) => void }): Promise<void> {
  const random = createRandom(options.seed ?? DEFAULT_SEED)
  const { now, log } = options
  const nftTotal = options.nfts ?? 2_400
  const userTotal = options.users ?? Math.max(180, Math.round(nftTotal / 50))
  const t0 = now.getTime()

  // Users (handles are unique: a drawn handle already taken gets the user's number)
  const handles = new Set<string>()
  const handle = (i: number) => {
    const drawn = `${random.pick(HANDLE_FIRST)}_${random.pick(HANDLE_SECOND)}`
    const name = i > 40 || handles.has(drawn.toLowerCase()) ? `${drawn}${i}` : drawn
    handles.add(name.toLowerCase())
    return name
  }
  const people = Array.from({ length: userTotal }, (_, i) => {
    const address = `0x${random.hex(20)}`
    return {
      address,
      username: i % 7 === 6 ? null : handle(i),
      bio: random.next() < 0.7 ? random.pick(BIOS) : null,
      avatarUrl: artUrl('avatar', address),
      bannerUrl: artUrl('banner', address),
      links: random.next() < 0.4 ? { twitter: `https://x.com/vitrine_user_${i}` } : {},
      ...bothTimes(new Date(t0 - random.int(1, 400) * DAY)),
    }
  })
  await insertMany(db, users, people)
  log(`${people.length} users`)

  // Collections: every category, spread over the chains; more "volumes" at larger scales.
  const volumes = Math.max(1, Math.round(nftTotal / 50_000))
  const collectionRows: SeededCollection[] = []
  for (let v = 0; v < volumes; v++) {
    for (const category of CATEGORIES) {
      for (const entry of COLLECTIONS[category]) {
        const id = collectionRows.length + 1
        const name = v === 0 ? entry.name : `${entry.name} Vol. ${v + 1}`
        const slug = slugify(name)
        collectionRows.push({
          id,
          slug,
          chainId: SEED_CHAINS[id % SEED_CHAINS.length]!,
          contract: `0x${random.hex(20)}`,
          name,
          description: `${entry.blurb} ${name} is a collection of ${entry.noun.toLowerCase()}s on Vitrine.`,
          logoUrl: artUrl('logo', slug),
          bannerUrl: artUrl('banner', slug),
          category,
          creator: random.pick(people).address,
          verified: random.next() < 0.6,
          creatorFeeBps: random.pick([250, 500, 500, 750, 1000]),
          createdAt: new Date(t0 - random.int(95, 500) * DAY),
          noun: entry.noun,
          floorEth: Math.exp(random.next() * 6 - 4.5), // ~0.011 to ~4.5 ETH
        })
      }
    }
  }
  await insertMany(
    db,
    collections,
    collectionRows.map(({ noun: _n, floorEth: _f, ...row }) => row),
  )
  log(`${collectionRows.length} collections`)

  // NFTs and their history, in chunks so a million rows never sit in memory at once.
  const perCollection = Math.ceil(nftTotal / collectionRows.length)
  let nftId = 0
  let made = 0
  const ids = { listing: 0, offer: 0, sale: 0, activity: 0 }
  for (const collection of collectionRows) {
    const count = Math.min(perCollection, nftTotal - made)
    const floorWindows: FloorWindow[] = []
    for (let start = 0; start < count; start += 2_000) {
      const batch = buildBatch(
        random,
        collection,
        people,
        Math.min(2_000, count - start),
        start,
        () => ++nftId,
        ids,
        t0,
      )
      const tx = await db.$client.transaction('write')
      try {
        await insertMany(tx, nfts, batch.nfts)
        await insertMany(tx, nftAttributes, batch.attributes)
        await insertMany(tx, listings, batch.listings)
        await insertMany(tx, offers, batch.offers)
        await insertMany(tx, sales, batch.sales)
        await insertMany(tx, favorites, batch.favorites)
        await insertMany(tx, activity, batch.activity)
        await tx.commit()
      } finally {
        tx.close()
      }
      floorWindows.push(...batch.floorWindows)
    }
    // Its floor over the seeded 90 days, from the listings above (db/seed/floors.ts).
    const floors = floorHistory(floorWindows, t0 - 90 * DAY, t0)
    await insertMany(
      db,
      collectionFloors,
      floors.map((row) => ({ collectionId: collection.id, ...row })),
    )
    made += count
    if (collection.id % 20 === 0) log(`${made} NFTs`)
  }
  log(`${made} NFTs, ${ids.sale} sales, ${ids.activity} activity events`)
}

type SeededCollection = typeof collections.$inferInsert & {
  id: number
  slug: string
  chainId: number
  contract: string
  category: (typeof CATEGORIES)[number]
  creator: string
  createdAt: Date
  verified: boolean
  noun: string
  floorEth: number
}
type Person = { address: string }

function buildBatch(
  random: Random,
  collection: SeededCollection,
  people: Person[],
  size: number,
  offset: number,
  nextNftId: () => number,
  ids: { listing: number; offer: number; sale: number; activity: number },
  t0: number,
) {
  const out = {
    nfts: [] as (typeof nfts.$inferInsert)[],
    attributes: [] as (typeof nftAttributes.$inferInsert)[],
    listings: [] as (typeof listings.$inferInsert)[],
    offers: [] as (typeof offers.$inferInsert)[],
    sales: [] as (typeof sales.$inferInsert)[],
    favorites: [] as (typeof favorites.$inferInsert)[],
    activity: [] as (typeof activity.$inferInsert)[],
    floorWindows: [] as FloorWindow[],
  }
  const event = (row: Omit<typeof activity.$inferInsert, 'id' | 'collectionId'>) =>
    out.activity.push({ id: ++ids.activity, collectionId: collection.id, ...row })
  const traitNames = Object.keys(TRAITS)
  const collectionAge = t0 - collection.createdAt.getTime()

  for (let i = 0; i < size; i++) {
    const id = nextNftId()
    const tokenId = String(offset + i + 1)
    const lazy = random.next() < 0.08
    // Mints are spread over the collection's life, with most in the last 90 days.
    const addDate = t0 - Math.floor(random.next() < 0.75 ? random.next() * 90 * DAY : random.next() * collectionAge)
    const creator = collection.creator
    let owner = creator
    const value = collection.floorEth * (1 + Math.pow(random.next(), 3) * 8)
    const txHash = () => `0x${random.hex(32)}`

    event({
      type: 'mint',
      nftId: id,
      fromAddress: null,
      toAddress: creator,
      createdAt: new Date(addDate),
      txHash: lazy ? null : txHash(),
    })

    // Past sales (none for lazy-minted items: they have not been bought yet).
    if (!lazy) {
      const count = Math.floor(Math.pow(random.next(), 2) * 4)
      let when = addDate
      for (let s = 0; s < count; s++) {
        when = when + Math.floor(random.next() * (t0 - when) * 0.6)
        if (when >= t0) break
        const buyer = random.pick(people).address
        if (buyer === owner) continue
        const priceWei = parseEther(roundEth(value * (0.6 + random.next() * 0.8)))
        const hash = txHash()
        out.sales.push({
          id: ++ids.sale,
          nftId: id,
          collectionId: collection.id,
          seller: owner,
          buyer,
          priceWei: priceWei.toString(),
          priceSort: Number(priceWei) / 1e18,
          currency: 'ETH',
          txHash: hash,
          soldAt: new Date(when),
        })
        const listedAt = when - HOUR * random.int(1, 48)
        // Live from its listing to its sale: a point of the floor's history.
        out.floorWindows.push({ from: listedAt, to: when, wei: priceWei })
        event({
          type: 'list',
          nftId: id,
          fromAddress: owner,
          toAddress: null,
          priceWei: priceWei.toString(),
          currency: 'ETH',
          createdAt: new Date(listedAt),
        })
        event({
          type: 'sale',
          nftId: id,
          fromAddress: owner,
          toAddress: buyer,
          priceWei: priceWei.toString(),
          currency: 'ETH',
          txHash: hash,
          createdAt: new Date(when),
        })
        owner = buyer
      }
      if (random.next() < 0.05) {
        const to = random.pick(people).address
        if (to !== owner) {
          event({
            type: 'transfer',
            nftId: id,
            fromAddress: owner,
            toAddress: to,
            txHash: txHash(),
            createdAt: new Date(Math.max(addDate, t0 - random.int(1, 80) * DAY)),
          })
          owner = to
        }
      }
    }

    // What is on the market now: a fixed-price listing, an auction, or nothing.
    const list = (kind: 'fixed' | 'auction', priceWei: string, startsAt: number, endsAt: Date) => {
      const listed = { nftId: id, priceWei, currency: 'ETH' }
      out.floorWindows.push({ from: startsAt, to: endsAt.getTime(), wei: BigInt(priceWei) })
      out.listings.push({
        ...listed,
        id: ++ids.listing,
        maker: owner,
        kind,
        startsAt: new Date(startsAt),
        createdAt: new Date(startsAt),
        endsAt,
        status: 'active',
      })
      event({
        ...listed,
        type: 'list',
        fromAddress: owner,
        toAddress: null,
        createdAt: new Date(Math.max(startsAt, addDate)),
      })
    }
    const roll = random.next()
    let priceEth: number | null = null
    let auctionEndsAt: Date | null = null
    if (roll < 0.36 || (lazy && roll < 0.9)) {
      priceEth = Number(roundEth(value))
      const startsAt = t0 - random.int(1, 20 * 24) * HOUR
      list('fixed', parseEther(roundEth(value)).toString(), startsAt, new Date(t0 + random.int(1, 60) * DAY))
    } else if (roll < 0.41) {
      priceEth = Number(roundEth(value * 0.8))
      const startsAt = t0 - random.int(1, 72) * HOUR
      auctionEndsAt = new Date(t0 + random.int(1, 7 * 24) * HOUR)
      list('auction', parseEther(roundEth(value * 0.8)).toString(), startsAt, auctionEndsAt)
    } else if (roll < 0.45) {
      event({
        type: 'cancel',
        nftId: id,
        fromAddress: owner,
        toAddress: null,
        createdAt: new Date(t0 - random.int(1, 60) * DAY),
      })
    }

    // Offers in WETH, below the asking price.
    let offerCount = 0
    let bestOffer: bigint | null = null
    if (!lazy && random.next() < 0.18) {
      offerCount = random.int(1, 3)
      for (let o = 0; o < offerCount; o++) {
        const maker = random.pick(people).address
        const wei = parseEther(roundEth(value * (0.5 + random.next() * 0.4)))
        if (bestOffer === null || wei > bestOffer) bestOffer = wei
        const createdAt = t0 - random.int(1, 14 * 24) * HOUR
        out.offers.push({
          id: ++ids.offer,
          nftId: id,
          maker,
          priceWei: wei.toString(),
          priceSort: Number(wei) / 1e18,
          currency: 'WETH',
          startsAt: new Date(createdAt),
          createdAt: new Date(createdAt),
          endsAt: new Date(t0 + random.int(1, 14) * DAY),
          status: 'active',
        })
        event({
          type: 'offer',
          nftId: id,
          fromAddress: maker,
          toAddress: null,
          priceWei: wei.toString(),
          currency: 'WETH',
          createdAt: new Date(Math.max(createdAt, addDate)),
        })
      }
    }

    // Likes: a few users favorite it.
    const likes = Math.floor(Math.pow(random.next(), 4) * 12)
    const likers = new Set<string>()
    for (let l = 0; l < likes; l++) likers.add(random.pick(people).address)
    for (const userAddress of likers) {
      const createdAt = new Date(t0 - random.int(1, 89 * 24) * HOUR)
      out.favorites.push({ userAddress, nftId: id, createdAt })
      event({
        type: 'like',
        nftId: id,
        fromAddress: userAddress,
        toAddress: null,
        createdAt: new Date(Math.max(createdAt.getTime(), addDate)),
      })
    }

    out.nfts.push({
      id,
      collectionId: collection.id,
      chainId: collection.chainId,
      contract: collection.contract,
      tokenId,
      name: `${collection.noun} #${tokenId}`,
      description: `${collection.noun} #${tokenId} from ${collection.slug.replace(/-/g, ' ')}.`,
      image: artUrl('nft', `${collection.slug}/${tokenId}`),
      animationUrl: null,
      owner,
      creator,
      category: collection.category,
      priceWei: priceEth === null ? null : parseEther(roundEth(priceEth)).toString(),
      currency: priceEth === null ? null : 'ETH',
      ...priceSortKeys(priceEth),
      addDate: new Date(addDate),
      auctionEndsAt,
      verified: collection.verified,
      nsfw: random.next() < 0.03,
      lazyMinted: lazy,
      likeCount: likers.size,
      offerCount,
      bestOfferWei: bestOffer === null ? null : bestOffer.toString(),
    })
    const traits: Trait[] = []
    for (const trait of traitNames) {
      if (trait !== 'Rarity' && random.next() < 0.15) continue
      traits.push({ trait_type: trait, value: random.pick(TRAITS[trait]!) })
    }
    out.nfts.at(-1)!.attributes = sortTraits(traits)
    out.attributes.push(
      ...traits.map((t) => ({
        nftId: id,
        collectionId: collection.id,
        traitType: t.trait_type,
        value: t.value,
        priceKey: priceSortKeys(priceEth).priceAscKey,
      })),
    )
  }
  return out
}

const roundEth = (eth: number): string => Math.max(eth, 0.0001).toFixed(4)

function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
}
