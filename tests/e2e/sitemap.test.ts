/**
 * What a search engine reads: /robots.txt names the sitemap, and /sitemap.xml lists the canonical
 * paths (never the first sketch's misspelt ones, which redirect), every collection and the newest
 * items, each a page that answers 200.
 */
import { DOMParser } from '@xmldom/xmldom'
import { describe, expect, inject, it } from 'vitest'
import { MOVED_ROUTES } from '../support/routes'

const baseUrl = inject('baseUrl')

async function sitemapUrls(): Promise<URL[]> {
  const response = await fetch(`${baseUrl}/sitemap.xml`)
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toContain('application/xml')
  const document = new DOMParser().parseFromString(await response.text(), 'text/xml')
  expect(document.documentElement?.namespaceURI).toBe('http://www.sitemaps.org/schemas/sitemap/0.9')
  const locs = document.getElementsByTagNameNS('http://www.sitemaps.org/schemas/sitemap/0.9', 'loc')
  return Array.from({ length: locs.length }, (_, i) => new URL(locs.item(i)!.textContent!))
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

  it('the sitemap lists canonical pages, collections and items, all on the public origin and all answering', async () => {
    const urls = await sitemapUrls()
    const paths = urls.map((url) => url.pathname)
    expect(new Set(urls.map((url) => url.origin)).size).toBe(1)
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
})
