/**
 * Pages never fail on what a URL's search parameters say: every route is opened with hostile
 * values for each parameter it reads (and for the others), and answers below 500; a bad value
 * falls back to the default (the router redirects to the URL without it). In a real browser the
 * same pages hydrate and log no error.
 */
import { describe, expect, inject, it } from 'vitest'
import { sharedBrowser, waitForHydration, watchErrors } from '../support/browser'
import { SCREEN_ROUTES } from '../support/routes'

const baseUrl = inject('baseUrl')

const BROWSE = ['sort', 'filter', 'status', 'category', 'minPrice', 'maxPrice', 'q', 'chain', 'cursor', 'limit']
/** The parameters each page reads; every other route gets the whole list. */
const PARAMS: Record<string, string[]> = {
  '/art': BROWSE,
  '/collection/explore_collection': BROWSE,
  '/collection/avatar_1': [...BROWSE, 'activity'],
  '/item/item_20': ['activity'],
  '/rankings': ['period', 'category', 'chain', 'limit', 'cursor'],
  '/activity': ['type', 'cursor', 'limit'],
  '/user/avatar_6': ['tab', 'cursor'],
  '/search': ['q', 'limit'],
  '/login': ['callbackUrl', 'error', 'code'],
  '/newsletter': ['topic'],
}
const EVERY = [...new Set(Object.values(PARAMS).flat())]
const HOSTILE = ['bogus', '-1', '', '1e400', 'NaN', '%00', 'ab', 'x'.repeat(3000), 'javascript:alert(1)', '{"$gt":0}']

const routes = [...new Set(SCREEN_ROUTES.map((path) => path.split('?')[0]!))]

/** One query string per try: each parameter of its own alone, or every parameter at once elsewhere. */
function hostileQueries(path: string): string[] {
  const own = PARAMS[path]
  const each = (names: string[], value: string) =>
    names.map((name) => `${name}=${encodeURIComponent(value)}&${name}=again`).join('&')
  return HOSTILE.flatMap((value) => (own ? own.map((name) => each([name], value)) : [each(EVERY, value)]))
}

describe('hostile search parameters', () => {
  it.each(routes)('%s answers below 500 for each hostile value of each parameter', async (path) => {
    const failures: string[] = []
    for (const query of hostileQueries(path)) {
      const response = await fetch(`${baseUrl}${path}?${query}`, { redirect: 'follow' })
      await response.arrayBuffer()
      if (response.status >= 500) failures.push(`${query.slice(0, 60)}: ${response.status}`)
    }
    expect(failures).toEqual([])
  })
})

describe('hostile search parameters in a browser', () => {
  const browser = sharedBrowser()

  it.each(Object.keys(PARAMS))('%s with every parameter wrong hydrates without an error', async (path) => {
    const page = await browser.newPage()
    const errors = watchErrors(page)
    const search = new URLSearchParams(PARAMS[path]!.map((name) => [name, 'bogus-1']))
    const response = await page.goto(`${baseUrl}${path}?${search}`)
    expect(response?.status()).toBe(200)
    await waitForHydration(page)
    // The page itself, not the error boundary.
    expect(await page.locator('h1').first().textContent()).not.toMatch(/went wrong/i)
    expect(errors).toEqual([])
    await page.close()
  })
})
