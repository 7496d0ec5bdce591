import { desc } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { collections, nfts } from '../../db/schema'

/** A sitemap holds at most 50,000 URLs: room for every collection up to 10,000, and the newest items. */
export const SITEMAP_COLLECTIONS = 10_000
export const SITEMAP_ITEMS = 39_000

/** The collections' slugs and the newest items' ids the sitemap lists (one round trip: read together). */
export async function sitemapEntries(db: Database): Promise<{ collections: string[]; items: number[] }> {
  const [slugs, items] = await Promise.all([
    db.select({ slug: collections.slug }).from(collections).orderBy(collections.id).limit(SITEMAP_COLLECTIONS),
    db.select({ id: nfts.id }).from(nfts).orderBy(desc(nfts.id)).limit(SITEMAP_ITEMS),
  ])
  return { collections: slugs.map((c) => c.slug), items: items.map((n) => n.id) }
}
