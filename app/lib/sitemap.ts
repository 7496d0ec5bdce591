/**
 * /sitemap.xml and /robots.txt: the site's canonical paths (never the first sketch's misspelt
 * ones, which redirect), every collection and the newest items, as absolute URLs on the site's
 * public origin.
 */
import { CASE_STUDIES } from '../content/case-studies'
import { POSTS } from '../content/posts'
import { CATEGORY_ROUTES } from './navigation'

/** Pages worth finding from a search engine; forms, sign-in and status pages are left out. */
export const SITEMAP_PAGES: readonly string[] = [
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
  ...POSTS.map((post) => `/blog/${post.slug}`),
]

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!)

export function sitemapXml(origin: string, entries: { collections: string[]; items: number[] }): string {
  const paths = [
    ...SITEMAP_PAGES,
    ...entries.collections.map((slug) => `/collection/${encodeURIComponent(slug)}`),
    ...entries.items.map((id) => `/item/${id}`),
  ]
  const urls = paths.map((path) => `<url><loc>${escapeXml(new URL(path, origin).href)}</loc></url>`)
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`
}

/** Crawlers stay off the API and profile editing, but may read the pictures served under /api. */
export const robotsTxt = (origin: string) =>
  `User-agent: *\nAllow: /api/media/\nAllow: /api/art/\nDisallow: /api/\nDisallow: /profile/\nSitemap: ${new URL('/sitemap.xml', origin).href}\n`
