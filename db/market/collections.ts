/**
 * New collections: one a creator deployed from their wallet and registers, one imported by its
 * address, and one of the development world's own (seeded on the local chain). The first two are
 * each one transaction that gives the collection the first slug of its name no other collection
 * holds; all three store it with its artwork before any sale (no 24h change yet: it trends after
 * every collection that has one).
 */
import { and, eq, inArray } from 'drizzle-orm'
import { isUniqueViolation, refuse } from '../errors'
import { artUrl } from '../media'
import { collections, NO_CHANGE_TRENDING_KEY, type Category, type TokenStandard } from '../schema'
import type { Db, Tx } from './transaction'

/** A name as a URL slug: accents dropped, lowercase letters and digits joined by dashes. */
const slugify = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60) || 'collection'

/**
 * The name's slug, else with the contract's first six hex digits, else with the chain and the
 * whole address (which no other contract has).
 */
async function freeSlug(tx: Tx, name: string, chainId: number, contract: string): Promise<string> {
  const base = slugify(name)
  const candidates = [base, `${base}-${contract.slice(2, 8)}`, `${base}-${chainId}-${contract.slice(2)}`]
  const taken = await tx
    .select({ slug: collections.slug })
    .from(collections)
    .where(inArray(collections.slug, candidates))
  const used = new Set(taken.map((row) => row.slug))
  return candidates.find((slug) => !used.has(slug)) ?? candidates[candidates.length - 1]!
}

const withArtwork = (slug: string) => ({
  slug,
  logoUrl: artUrl('logo', slug),
  bannerUrl: artUrl('banner', slug),
  trendingSort: NO_CHANGE_TRENDING_KEY,
})

/** A Vitrine collection contract a creator deployed, as the server read it from the chain. */
export interface CreatedCollection {
  chainId: number
  /** Lowercase. */
  contract: string
  name: string
  description: string
  category: Category
  /** The contract's owner and royalty receiver, lowercase. */
  creator: string
  creatorFeeBps: number
}

/** Registers a creator's collection; a contract registered already is refused (a conflict). */
export function recordCreatedCollection(db: Db, collection: CreatedCollection): Promise<{ id: number; slug: string }> {
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ slug: collections.slug })
      .from(collections)
      .where(and(eq(collections.chainId, collection.chainId), eq(collections.contract, collection.contract)))
    if (existing) refuse(`contract: already registered as ${existing.slug}`, 'conflict')
    const slug = await freeSlug(tx, collection.name, collection.chainId, collection.contract)
    const [row] = await tx
      .insert(collections)
      .values({ ...collection, ...withArtwork(slug) })
      .returning({ id: collections.id, slug: collections.slug })
    return row!
  })
}

/** Any ERC-721 or ERC-1155 contract added by address, as the server read it from the chain. */
export interface ImportedCollectionRecord {
  chainId: number
  /** Lowercase. */
  contract: string
  name: string
  category: Category
  /** Shown as the creator of its tokens: the contract's owner, else the zero address. */
  creator: string
  creatorFeeBps: number
  standard: TokenStandard
  symbol: string | null
  contractOwner: string | null
  contractUri: string | null
  royaltySource: 'eip2981' | 'none'
  /** The verified collection whose name this one's is too close to. */
  lookalikeOf: number | null
  /** Where its backfill starts. */
  deployBlock: number
  headBlock: number
  importedBy: string
}

/**
 * Stores an imported collection, unverified and pending its backfill. A contract another import
 * stored a moment before fails on the unique index (isUniqueViolation): that one is the answer.
 */
export function recordImportedCollection(
  db: Db,
  collection: ImportedCollectionRecord,
): Promise<{ id: number; slug: string }> {
  return db.transaction(async (tx) => {
    const slug = await freeSlug(tx, collection.name, collection.chainId, collection.contract)
    const [row] = await tx
      .insert(collections)
      .values({ ...collection, ...withArtwork(slug), verified: false, source: 'imported', indexStatus: 'pending' })
      .returning({ id: collections.id, slug: collections.slug })
    return row!
  })
}

/**
 * A collection of Vitrine's own contract that the development world deploys on the local chain
 * (chain/local-market.ts): registered as a creator's would be, but under the slug the world
 * names it by, verified, and dated to the world's past. A slug or contract taken already is a
 * conflict.
 */
export interface SeededCollection extends CreatedCollection {
  slug: string
  verified: boolean
  createdAt: Date
}

export function recordSeededCollection(db: Db, collection: SeededCollection): Promise<typeof collections.$inferSelect> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(collections)
      .values({ ...collection, ...withArtwork(collection.slug) })
      .returning()
      .catch((error: unknown) => {
        if (isUniqueViolation(error))
          refuse(`slug: ${collection.slug} or its contract is registered already`, 'conflict')
        throw error
      })
    return row!
  })
}
