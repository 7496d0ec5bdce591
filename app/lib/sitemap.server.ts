/**
 * Answers /sitemap.xml and /sitemaps/*.xml from the database: the index names the static pages'
 * sitemap and every page of collections and of items that lists at least one row; a page past
 * the end, an empty one, or any other path under /sitemaps/ is a 404.
 */
import type { Database } from '../../db/client'
import {
  SITEMAP_PAGE_SIZE,
  sitemapCollectionsStatement,
  sitemapItemsStatement,
  sitemapPages,
} from '../../server/queries/sitemap'
import {
  PAGES_SITEMAP_PATH,
  pagedSitemapPath,
  parseSitemapPath,
  SITEMAP_PAGES,
  sitemapIndexXml,
  type SitemapUrl,
  urlsetXml,
} from './sitemap'

const xml = (body: string) => new Response(body, { headers: { 'content-type': 'application/xml; charset=utf-8' } })
const notFound = () =>
  new Response('No such sitemap\n', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } })

/** `pageSize` is the production one unless a test pages with fewer rows. */
export async function sitemapResponse(
  pathname: string,
  { db, origin }: { db: Database; origin: string },
  pageSize = SITEMAP_PAGE_SIZE,
): Promise<Response> {
  if (pathname === '/sitemap.xml') {
    const [collectionPages, itemPages] = await Promise.all([
      sitemapPages(db, 'collections', pageSize),
      sitemapPages(db, 'items', pageSize),
    ])
    return xml(
      sitemapIndexXml(origin, [
        PAGES_SITEMAP_PATH,
        ...collectionPages.map((page) => pagedSitemapPath('collections', page)),
        ...itemPages.map((page) => pagedSitemapPath('items', page)),
      ]),
    )
  }
  const sitemap = parseSitemapPath(pathname)
  if (!sitemap) return notFound()
  let urls: readonly SitemapUrl[]
  if (sitemap.kind === 'pages') urls = SITEMAP_PAGES
  else if (sitemap.kind === 'collections') {
    const rows = await sitemapCollectionsStatement(db, sitemap.page, pageSize)
    // A collection's page changes with its every item and trade, and no column says when: no lastmod.
    urls = rows.map(({ slug }) => ({ path: `/collection/${encodeURIComponent(slug)}` }))
  } else {
    const rows = await sitemapItemsStatement(db, sitemap.page, pageSize)
    // When the item was added: its picture, name and description date from then.
    urls = rows.map(({ id, addDate }) => ({ path: `/item/${id}`, lastmod: addDate.toISOString() }))
  }
  // An empty urlset is not a valid sitemap, and the index never names one.
  return urls.length === 0 ? notFound() : xml(urlsetXml(origin, urls))
}
