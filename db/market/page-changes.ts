/**
 * What a write changed on the public pages, written into the purge outbox (`cache_purges`) right
 * after the write (inside the caller's transaction when it passes one), so that a purge that fails
 * is tried again rather than lost. The edge cache's drain (server/http/cache-purge.ts) sends the tags to the cache and empties the
 * outbox. A write that changed nothing a page shows writes nothing here (ADR 25).
 */
import { sql, type SQL } from 'drizzle-orm'
import { collectionTag, LISTS_TAG, nftTag, SITE_TAG, TAG_PREFIX, userTag } from '../cache-tags'
import type { Db } from './transaction'

export interface PageChange {
  /** NFTs whose page changed; their collections' pages and their people's profiles change with them. */
  nfts?: Iterable<number>
  /** Collections whose page changed (by id; their slug is purged too). */
  collections?: Iterable<number>
  /** Profiles that changed (an address that sold, bought, listed or saved its profile). */
  users?: Iterable<string>
  /** Every cached answer (a rewind of the chain can change anything). */
  everything?: boolean
  /** Further tags, as they are (the pages showing a collection's best collection offers). */
  tags?: Iterable<string>
}

let filed = 0
/** How many changes this process has filed: a caller that filed none since it looked has nothing to drain. */
export const purgesFiled = (): number => filed

/**
 * Files the change's tags for purging. Every change also purges the market-wide lists: a sale moves
 * rankings and the activity feed, a listing the explore page's prices.
 */
export async function pagesChanged(db: Db, change: PageChange, now = Date.now()): Promise<void> {
  const nfts = [...new Set(change.nfts ?? [])]
  const collections = [...new Set(change.collections ?? [])]
  const tags = new Set([LISTS_TAG, ...nfts.map(nftTag), ...collections.map(collectionTag)])
  for (const user of change.users ?? []) tags.add(userTag(user))
  if (change.everything) tags.add(SITE_TAG)
  for (const tag of change.tags ?? []) tags.add(tag)
  // Lists travel as one JSON parameter each: a change may name thousands of NFTs (an imported
  // range), past SQLite's limits on compound selects and bound variables.
  const json = (values: unknown[]) => JSON.stringify(values)
  const sources: SQL[] = [sql`SELECT value FROM json_each(${json([...tags])})`]
  // An NFT's collection (by id and slug), owner, creator and those who favourited it (their profiles
  // list it), from the rows as the write left them.
  if (nfts.length) {
    const ids = sql`(SELECT value FROM json_each(${json(nfts)}))`
    sources.push(
      sql`SELECT ${TAG_PREFIX.collection} || collection_id FROM nfts WHERE id IN ${ids}`,
      sql`SELECT ${TAG_PREFIX.collection} || lower(c.slug) FROM nfts n JOIN collections c ON c.id = n.collection_id WHERE n.id IN ${ids}`,
      sql`SELECT ${TAG_PREFIX.user} || lower(owner) FROM nfts WHERE id IN ${ids}`,
      sql`SELECT ${TAG_PREFIX.user} || lower(creator) FROM nfts WHERE id IN ${ids}`,
      sql`SELECT ${TAG_PREFIX.user} || lower(user_address) FROM favorites WHERE nft_id IN ${ids}`,
    )
  }
  if (collections.length) {
    sources.push(
      sql`SELECT ${TAG_PREFIX.collection} || lower(slug) FROM collections WHERE id IN (SELECT value FROM json_each(${json(collections)}))`,
    )
  }
  // A tag already waiting keeps its place; one purged once and waiting for its second pass starts over.
  await db.run(sql`
    INSERT INTO cache_purges (tag, due_at, passes)
    SELECT value, ${now}, 0 FROM (${sql.join(sources, sql` UNION `)}) WHERE true
    ON CONFLICT (tag) DO UPDATE SET due_at = min(cache_purges.due_at, excluded.due_at), passes = 0`)
  filed++
}

/**
 * `write`, followed by `pagesChanged` on the same database or transaction with what `change` says it
 * changed (null: nothing a page shows, so nothing is purged).
 */
export function changingPages<Args extends unknown[], Result>(
  write: (db: Db, ...args: Args) => Promise<Result>,
  change: (result: NoInfer<Result>, args: NoInfer<Args>) => PageChange | null,
): (db: Db, ...args: Args) => Promise<Result> {
  return async (db, ...args) => {
    const result = await write(db, ...args)
    const changed = change(result, args)
    if (changed) await pagesChanged(db, changed)
    return result
  }
}
