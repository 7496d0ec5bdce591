/**
 * What a search engine reads: /robots.txt names the sitemap, /sitemap.xml is an index of
 * sitemaps (the static pages, pages of collections, pages of items, each at most 50,000 URLs),
 * and together they list the canonical paths (never the first sketch's misspelt ones, which
 * redirect), every collection and every item, each a page that answers 200.
 */
import { DOMParser } from '@xmldom/xmldom'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { sitemapResponse } from '../../app/lib/sitemap.server'
import { urlsetXml } from '../../app/lib/sitemap'
import { nfts } from '../../db/schema'
import { PUBLIC_CACHE_CONTROL } from '../../server/http/cache-policy'
import { SITEMAP_PAGE_SIZE } from '../../server/queries/sitemap'
import { atomsCollection } from '../support/market-rows'
import { MOVED_ROUTES } from '../support/routes'
import { createSeededRuntime, SEED_NOW } from '../support/seeded'

const baseUrl = inject('baseUrl')
const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9'

interface Entry {
  loc: URL
  lastmod?: string
}

/** The `<loc>` (and `<lastmod>`) of each `entry` element under a `root` in the sitemaps namespace. */
function parseSitemap(text: string, root: 'sitemapindex' | 'urlset', entry: 'sitemap' | 'url'): Entry[] {
  const document = new DOMParser().parseFromString(text, 'text/xml')
  expect(document.documentElement?.namespaceURI).toBe(NAMESPACE)
  expect(document.documentElement?.localName).toBe(root)
  const elements = document.getElementsByTagNameNS(NAMESPACE, entry)
  return Array.from({ length: elements.length }, (_, i) => {
    const element = elements.item(i)!
    const lastmod = element.getElementsByTagNameNS(NAMESPACE, 'lastmod').item(0)?.textContent ?? undefined
    return { loc: new URL(element.getElementsByTagNameNS(NAMESPACE, 'loc').item(0)!.textContent!), lastmod }
  })
}

async function fetchXml(path: string): Promise<string> {
  const response = await fetch(`${baseUrl}${path}`)
  expect([path, response.status]).toEqual([path, 200])
  expect(response.headers.get('content-type')).toContain('application/xml')
  expect(response.headers.get('cache-control')).toBe(PUBLIC_CACHE_CONTROL)
  return response.text()
}

describe('for search engines', () => {
  it('robots.txt points at the sitemap and keeps crawlers off the API', async () => {
    const response = await fetch(`${baseUrl}/robots.txt`)
    expect(response.status).toBe(200)
    const text = await response.text()
    expect(text).toMatch(/^Sitemap: http:\/\/\S+\/sitemap\.xml$/m)
    expect(text).toContain('Disallow: /api/')
    expect(text).toContain('Allow: /api/media/') // pictures stay findable
  })

  it('the sitemaps list canonical pages, collections and items, all on the public origin and all answering', async () => {
    const sitemaps = parseSitemap(await fetchXml('/sitemap.xml'), 'sitemapindex', 'sitemap').map((s) => s.loc)
    const sitemapPaths = sitemaps.map((url) => url.pathname)
    expect(sitemapPaths).toEqual(['/sitemaps/pages.xml', '/sitemaps/collections-1.xml', '/sitemaps/items-1.xml'])
    const urls: URL[] = []
    for (const path of sitemapPaths) urls.push(...parseSitemap(await fetchXml(path), 'urlset', 'url').map((u) => u.loc))
    const paths = urls.map((url) => url.pathname)
    expect(new Set([...sitemaps, ...urls].map((url) => url.origin)).size).toBe(1)
    for (const [moved, canonical] of MOVED_ROUTES) {
      expect(paths).not.toContain(moved)
      expect(paths).toContain(canonical)
    }
    const collections = paths.filter(
      (path) => path.startsWith('/collection/') && path !== '/collection/explore_collection',
    )
    const items = paths.filter((path) => path.startsWith('/item/'))
    expect(collections.length).toBeGreaterThanOrEqual(7) // Vitrine's three and the dev world's four
    expect(items.length).toBeGreaterThan(20)
    expect(new Set(paths).size).toBe(paths.length)
    // A sample of each kind is a page that answers, not a redirect or a 404.
    for (const path of [
      ...paths.filter((p) => !p.startsWith('/item/') && !p.startsWith('/collection/')),
      collections[0]!,
      items[0]!,
    ]) {
      const response = await fetch(`${baseUrl}${path}`, { redirect: 'manual' })
      expect([path, response.status]).toEqual([path, 200])
      await response.body?.cancel()
    }
  }, 120_000)

  it('a page past the end, or anything else under /sitemaps/, is a 404 that no cache keeps', async () => {
    for (const path of [
      '/sitemaps/items-999999.xml',
      '/sitemaps/collections-999999.xml',
      '/sitemaps/items-0.xml',
      '/sitemaps/items-01.xml',
      '/sitemaps/items--1.xml',
      '/sitemaps/items-1e3.xml',
      '/sitemaps/items-99999999999999999999999.xml',
      '/sitemaps/items-abc.xml',
      '/sitemaps/items-1.xml.gz',
      '/sitemaps/users-1.xml',
      '/sitemaps/%ff%00.xml',
      '/sitemaps/',
    ]) {
      const response = await fetch(`${baseUrl}${path}`)
      expect([path, response.status]).toEqual([path, 404])
      expect(response.headers.get('cache-control')).not.toContain('public')
      await response.body?.cancel()
    }
  })
})

describe('paged sitemaps (small pages)', () => {
  const PAGE = 7
  let runtime: Awaited<ReturnType<typeof createSeededRuntime>>
  const origin = 'https://vitrine.example'
  beforeAll(async () => {
    runtime = await createSeededRuntime(40)
  })
  afterAll(() => runtime.close())

  const read = async (path: string) => {
    const response = await sitemapResponse(path, { db: runtime.db, origin }, PAGE)
    return { status: response.status, text: await response.text() }
  }

  it('the index names a page per id range that holds rows, and the pages list every item and collection once', async () => {
    const index = await read('/sitemap.xml')
    const pages = parseSitemap(index.text, 'sitemapindex', 'sitemap').map((s) => s.loc.pathname)
    const itemPages = pages.filter((path) => path.startsWith('/sitemaps/items-'))
    const collectionPages = pages.filter((path) => path.startsWith('/sitemaps/collections-'))
    expect(itemPages).toEqual(['1', '2', '3', '4', '5', '6'].map((n) => `/sitemaps/items-${n}.xml`)) // 40 items
    expect(collectionPages.length).toBeGreaterThanOrEqual(1)

    const listed: Entry[] = []
    for (const path of [...collectionPages, ...itemPages]) {
      const page = await read(path)
      expect([path, page.status]).toEqual([path, 200])
      const entries = parseSitemap(page.text, 'urlset', 'url')
      expect(entries.length).toBeGreaterThan(0)
      expect(entries.length).toBeLessThanOrEqual(PAGE)
      listed.push(...entries)
    }
    const rows = await runtime.db.select({ id: nfts.id, addDate: nfts.addDate }).from(nfts).orderBy(nfts.id)
    const items = listed.filter((entry) => entry.loc.pathname.startsWith('/item/'))
    // Every item, in id order, dated when it was added.
    expect(items.map((entry) => [entry.loc.href, entry.lastmod])).toEqual(
      rows.map((row) => [`${origin}/item/${row.id}`, row.addDate.toISOString()]),
    )
    const slugs = (await runtime.db.query.collections.findMany({ columns: { slug: true } })).map((c) => c.slug)
    const collections = listed.filter((entry) => entry.loc.pathname.startsWith('/collection/'))
    expect(collections.map((entry) => entry.loc.pathname).sort()).toEqual(slugs.map((s) => `/collection/${s}`).sort())
    expect(collections.every((entry) => entry.lastmod === undefined)).toBe(true) // no column says when one changed

    expect((await read('/sitemaps/items-7.xml')).status).toBe(404)
    expect((await read(`/sitemaps/collections-${collectionPages.length + 1}.xml`)).status).toBe(404)
    const statics = parseSitemap((await read('/sitemaps/pages.xml')).text, 'urlset', 'url')
    expect(statics.find((entry) => entry.loc.pathname === '/blog/post_1')?.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(statics.find((entry) => entry.loc.pathname === '/about')?.lastmod).toBeUndefined()
  })

  it("a page's URL keeps its contents as items are added: the new ones go to the last page and the next", async () => {
    const before = await Promise.all([1, 6].map((n) => read(`/sitemaps/items-${n}.xml`)))
    const { token } = await atomsCollection(runtime.db, '0x' + 'cd'.repeat(20), SEED_NOW)
    await runtime.db.insert(nfts).values(Array.from({ length: 5 }, (_, i) => token(String(i + 1))))
    expect((await read('/sitemaps/items-1.xml')).text).toBe(before[0]!.text)
    const last = parseSitemap((await read('/sitemaps/items-6.xml')).text, 'urlset', 'url')
    expect(last.length).toBe(parseSitemap(before[1]!.text, 'urlset', 'url').length + 2) // ids 41 and 42
    expect(parseSitemap((await read('/sitemaps/items-7.xml')).text, 'urlset', 'url').length).toBe(3)
    const index = parseSitemap((await read('/sitemap.xml')).text, 'sitemapindex', 'sitemap')
    expect(index.map((s) => s.loc.pathname)).toContain('/sitemaps/items-7.xml')
  })

  it('a full page stays far under the 50 MB a sitemap may weigh', () => {
    const longest = { path: `/collection/${'x'.repeat(60)}-31337-${'ab'.repeat(20)}`, lastmod: SEED_NOW.toISOString() }
    const bytes = new TextEncoder().encode(urlsetXml(origin, Array(SITEMAP_PAGE_SIZE).fill(longest))).length
    expect(bytes).toBeLessThan(50 * 1024 * 1024)
  })
})
