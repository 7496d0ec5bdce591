/**
 * What a cached answer shows, as cache tags (db/cache-tags.ts): collected while the answer is made,
 * from the public queries it calls, so that the edge cache files it under them and a change purges
 * exactly the answers that show it (ADR 25). A query whose answer names no row of the market (the
 * chains, the site's origin) adds nothing; one that reads a price from outside bounds how long
 * the answer may be kept instead.
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import { collectionTag, LISTS_TAG, nftTag, offersOfTag, SITE_TAG, userTag } from '../../db/cache-tags'

interface Shown {
  tags: Set<string>
  /** Seconds the answer may be kept whatever happens (an outside price), if bounded. */
  maxAge?: number
}

const scope = new AsyncLocalStorage<Shown>()

/** How long an answer showing the ETH/USD price may be kept: the price feed moves on its own. */
export const PRICE_MAX_AGE_S = 300

type Input = Record<string, unknown>
type Rule = (input: Input, output: unknown) => string[] | { maxAge: number; tags?: string[] }

/** An input as its schema reads it (trimmed): the tag must be the one a change names. */
const str = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value).trim() || undefined : undefined

const need = (value: unknown): string => {
  const text = str(value)
  if (text === undefined) throw new Error('no such input')
  return text
}

/** A list: of one collection, owner, creator or NFT when it says so, otherwise of the whole market. */
const listOf = (input: Input): string[] => {
  const nft = str(input.nft)
  const collection = str(input.collection)
  const user = str(input.user) ?? str(input.owner) ?? str(input.creator)
  if (nft) return [nftTag(nft)]
  if (collection) return [collectionTag(collection)]
  if (user) return [userTag(user)]
  return [LISTS_TAG]
}

/**
 * A history's buckets move on with the clock, with no write to purge it: kept until its last
 * bucket ends (at least a minute), filed under its collection.
 */
const historyRule: Rule = (input, output) => {
  const buckets = (output as { interval?: string; buckets?: { start: string }[] }).buckets
  const size = (output as { interval?: string }).interval === 'hour' ? 3_600 : 86_400
  const last = buckets?.at(-1)
  const ends = last ? Date.parse(last.start) / 1000 + size : Date.now() / 1000 + 60
  return { tags: [collectionTag(need(input.idOrSlug))], maxAge: Math.max(60, Math.ceil(ends - Date.now() / 1000)) }
}

/** Every public query (server/http/cache-policy.ts) and what its answer shows. */
const RULES: Record<string, Rule> = {
  'activity.list': listOf,
  'chain.list': () => [],
  'collection.byIdOrSlug': (input) => [collectionTag(need(input.idOrSlug))],
  'collection.list': () => [LISTS_TAG],
  'collection.nfts': (input) => [collectionTag(need(input.collection))],
  'collection.charts': (input) => [collectionTag(need(input.idOrSlug))],
  'collection.criteria': (input) => [collectionTag(need(input.idOrSlug))],
  'collection.offers': (input) => [collectionTag(need(input.idOrSlug))],
  'collection.history': historyRule,
  'collection.traits': (input) => [collectionTag(need(input.idOrSlug))],
  'collection.sweep': (input) => [collectionTag(need(input.idOrSlug))],
  // The item shows its collection's best collection and trait offers too.
  'nft.byId': (input, output) => [
    nftTag(need(input.id)),
    offersOfTag(Number(need((output as { collection?: { id?: unknown } }).collection?.id))),
  ],
  'nft.byToken': (_, output) => [
    nftTag(need((output as { id?: unknown }).id)),
    offersOfTag(Number(need((output as { collection?: { id?: unknown } }).collection?.id))),
  ],
  'nft.list': listOf,
  'nft.sales': (input) => [nftTag(need(input.id))],
  'ranking.list': () => [LISTS_TAG],
  'search.query': () => [LISTS_TAG],
  session: () => [],
  'site.ethUsd': () => ({ maxAge: PRICE_MAX_AGE_S }),
  'site.origin': () => [],
  'user.byAddress': (input) => [userTag(need(input.address))],
  'user.nfts': (input) => [userTag(need(input.address))],
  wallet: () => [],
}

/** Runs `make` and answers what it showed; outside any request, queries note nothing. */
export async function collectShown<T>(make: () => Promise<T>): Promise<{ result: T; tags: string[]; maxAge?: number }> {
  const shown: Shown = { tags: new Set([SITE_TAG]) }
  const result = await scope.run(shown, make)
  return { result, tags: [...shown.tags], maxAge: shown.maxAge }
}

/**
 * Notes what a public query answered. A query without a rule is taken to show the whole market
 * (purged by every change): a new query is never cached past a change it shows.
 */
export function noteShown(path: string, input: unknown, output: unknown): void {
  const shown = scope.getStore()
  if (!shown) return
  const rule = RULES[path]
  let noted: ReturnType<Rule>
  try {
    noted = rule ? rule((input ?? {}) as Input, output) : [LISTS_TAG]
  } catch {
    noted = [LISTS_TAG] // an input the rule cannot read: retired by any change, never kept past one
  }
  if (Array.isArray(noted)) for (const tag of noted) shown.tags.add(tag)
  else {
    for (const tag of noted.tags ?? []) shown.tags.add(tag)
    shown.maxAge = Math.min(shown.maxAge ?? Infinity, noted.maxAge)
  }
}

/** A page that reads no query of its own (a sitemap) says what it shows. */
export function noteTags(...tags: string[]): void {
  const shown = scope.getStore()
  if (shown) for (const tag of tags) shown.tags.add(tag)
}
