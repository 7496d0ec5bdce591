/**
 * /sitemap.xml (a sitemap index), its sitemaps under /sitemaps/, and /robots.txt: the site's
 * canonical paths (never the first sketch's misspelt ones, which redirect), every collection and
 * every item, as absolute URLs on the site's public origin.
 */
import { CASE_STUDIES } from '../content/case-studies'
import { POSTS } from '../content/posts'
import { CATEGORY_ROUTES } from './navigation'

/** One `<url>`; `lastmod` only where the data has a real date. */
export interface SitemapUrl {
  path: string
  lastmod?: string
}

/** Pages worth finding from a search engine; forms, sign-in and status pages are left out. */
export const SITEMAP_PAGES: readonly SitemapUrl[] = [
  ...[
    '/',
    '/collection/explore_collection',
    ...Object.values(CATEGORY_ROUTES).map((route) => `/${route}`),
    '/activity',
    '/rankings',
    '/about',
    '/careers',
    '/partners',
    '/wallet',
    '/help-center',
    '/terms',
    '/case-studies',
    ...CASE_STUDIES.map((study) => `/case-studies/${study.slug}`),
    '/blog',
  ].map((path) => ({ path })),
  ...POSTS.map((post) => ({ path: `/blog/${post.slug}`, lastmod: post.date })),
]

export const PAGES_SITEMAP_PATH = '/sitemaps/pages.xml'
export const pagedSitemapPath = (kind: 'items' | 'collections', page: number) => `/sitemaps/${kind}-${page}.xml`

/** A page number without a leading zero, small enough that its id range stays an exact integer. */
const PAGED_PATH = /^\/sitemaps\/(items|collections)-([1-9]\d{0,8})\.xml$/

/** The sitemap a path under /sitemaps/ names, or undefined for anything else. */
export function parseSitemapPath(
  pathname: string,
): { kind: 'pages' } | { kind: 'items' | 'collections'; page: number } | undefined {
  if (pathname === PAGES_SITEMAP_PATH) return { kind: 'pages' }
  const match = PAGED_PATH.exec(pathname)
  return match ? { kind: match[1] as 'items' | 'collections', page: Number(match[2]) } : undefined
}

const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9'

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!)

/**
 * `<loc>` makers on `origin`. The paths are built here already URL-safe (ids, encoded slugs), so
 * they are appended rather than parsed (parsing took 30 of a full page's 50 ms here).
 */
const locsOn = (origin: string) => {
  const base = new URL(origin).origin
  return (path: string) => `<loc>${escapeXml(base + path)}</loc>`
}

const xmlFile = (root: string, entries: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<${root} xmlns="${NAMESPACE}">\n${entries.join('\n')}\n</${root}>\n`

export function urlsetXml(origin: string, urls: readonly SitemapUrl[]): string {
  const loc = locsOn(origin)
  const entries = urls.map(
    ({ path, lastmod }) => `<url>${loc(path)}${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`,
  )
  return xmlFile('urlset', entries)
}

/** The index of sitemaps: no lastmod, as no column says when a whole page last changed. */
export function sitemapIndexXml(origin: string, sitemapPaths: readonly string[]): string {
  const loc = locsOn(origin)
  return xmlFile(
    'sitemapindex',
    sitemapPaths.map((path) => `<sitemap>${loc(path)}</sitemap>`),
  )
}

/** Crawlers stay off the API and profile editing, but may read the pictures served under /api. */
export const robotsTxt = (origin: string) =>
  `User-agent: *\nAllow: /api/media/\nAllow: /api/art/\nDisallow: /api/\nDisallow: /profile/\nSitemap: ${new URL('/sitemap.xml', origin).href}\n`
