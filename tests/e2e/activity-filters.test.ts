/**
 * Activity filtered by kind in a real browser, on the dev world: on a collection page and on an
 * item page the kind chips narrow the table to that kind, the choice lives in the URL beside the
 * page's other parameters, and a reload keeps it; the site-wide feed filters the same way.
 */
import type { Locator, Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { sharedBrowser, waitForHydration, watchErrors } from '../support/browser'

const baseUrl = inject('baseUrl')
const browser = sharedBrowser()

interface Event {
  type: string
  nft: { id: number }
  collection: { slug: string }
}
const events = async (query: string): Promise<Event[]> =>
  ((await (await fetch(`${baseUrl}/api/v1/activity?${query}`)).json()) as { data: Event[] }).data

/** The words of the table's Event column, row by row. */
const eventColumn = (region: Locator) => region.locator('tbody tr td:first-child').allTextContents()

/** Chooses a kind by its chip and waits for the URL and the table to follow. */
async function choose(page: Page, region: Locator, chip: string, param: string, value: string | null) {
  await region.getByRole('list', { name: 'Filter events' }).getByRole('link', { name: chip, exact: true }).click()
  await page.waitForURL((url) => url.searchParams.get(param) === value)
}

/** The chosen chip is marked for assistive technology (and only it). */
async function expectChosen(region: Locator, chip: string) {
  const chips = region.getByRole('list', { name: 'Filter events' })
  expect(await chips.locator('[aria-current="page"]').allTextContents()).toEqual([chip])
}

/** A scope (collection or item) whose history has sales and other kinds, as the dev world makes them. */
async function mixedScope(key: 'collection' | 'nft'): Promise<{ id: string; sales: number; all: Event[] }> {
  for (const sale of await events('type=sale&limit=100')) {
    const id = key === 'collection' ? sale.collection.slug : String(sale.nft.id)
    const all = await events(`${key}=${id}&limit=100`)
    if (all.some((e) => e.type === 'list')) return { id, sales: all.filter((e) => e.type === 'sale').length, all }
  }
  throw new Error(`the dev world has no ${key} with sales and listings`)
}

describe('activity filters by kind', () => {
  it('a collection page shows only sales under "Sales", beside the grid\'s sort, and after a reload', async () => {
    const { id: slug, sales, all } = await mixedScope('collection')
    const page = await browser.newPage()
    const errors = watchErrors(page)
    await page.goto(`${baseUrl}/collection/${slug}?sort=price-asc`)
    await waitForHydration(page)
    const region = page.getByRole('region', { name: 'Activity', exact: true })
    await expectChosen(region, 'All')
    expect((await eventColumn(region)).length).toBe(Math.min(all.length, 20))

    await choose(page, region, 'Sales', 'activity', 'sale')
    expect(new URL(page.url()).searchParams.get('sort')).toBe('price-asc')
    await expect.poll(() => eventColumn(region)).toEqual(Array<string>(sales).fill('Sale'))
    await expectChosen(region, 'Sales')

    await page.reload()
    await waitForHydration(page)
    expect(new URL(page.url()).searchParams.get('activity')).toBe('sale')
    expect(await eventColumn(region)).toEqual(Array<string>(sales).fill('Sale'))
    await expectChosen(region, 'Sales')
    // The grid's own control still works and keeps the activity filter.
    expect(new URL(page.url()).searchParams.get('sort')).toBe('price-asc')

    await choose(page, region, 'All', 'activity', null)
    await expect.poll(async () => new Set(await eventColumn(region)).size).toBeGreaterThan(1)
    expect(errors).toEqual([])
    await page.close()
  })

  it('an item page with sales and listings filters to each, and a reload keeps the choice', async () => {
    const { id, sales, all } = await mixedScope('nft')
    const listings = all.filter((e) => e.type === 'list').length
    const page = await browser.newPage()
    const errors = watchErrors(page)
    await page.goto(`${baseUrl}/item/${id}`)
    await waitForHydration(page)
    const region = page.getByRole('region', { name: 'Item activity' })
    expect(await eventColumn(region)).toEqual(expect.arrayContaining(['Sale', 'Listed']))

    await choose(page, region, 'Sales', 'activity', 'sale')
    await expect.poll(() => eventColumn(region)).toEqual(Array<string>(sales).fill('Sale'))
    await expectChosen(region, 'Sales')
    await page.reload()
    await waitForHydration(page)
    expect(await eventColumn(region)).toEqual(Array<string>(sales).fill('Sale'))

    await choose(page, region, 'Listings', 'activity', 'list')
    await expect.poll(() => eventColumn(region)).toEqual(Array<string>(listings).fill('Listed'))
    await expectChosen(region, 'Listings')
    await page.reload()
    await waitForHydration(page)
    expect(await eventColumn(region)).toEqual(Array<string>(listings).fill('Listed'))
    expect(errors).toEqual([])
    await page.close()
  })

  it('a collection with more than a page of events loads the rest with "Load more activity"', async () => {
    const { data: collections } = (await (await fetch(`${baseUrl}/api/v1/collections?tab=top&limit=40`)).json()) as {
      data: { slug: string }[]
    }
    let busy: { slug: string; count: number } | undefined
    for (const { slug } of collections) {
      const count = (await events(`collection=${slug}&limit=40`)).length
      if (count > 20) busy = { slug, count }
      if (busy) break
    }
    expect(busy, 'a dev-world collection with more than 20 events').toBeDefined()
    const page = await browser.newPage()
    const errors = watchErrors(page)
    await page.goto(`${baseUrl}/collection/${busy!.slug}`)
    await waitForHydration(page)
    const region = page.getByRole('region', { name: 'Activity', exact: true })
    expect(await eventColumn(region)).toHaveLength(20)
    await region.getByRole('button', { name: 'Load more activity' }).click()
    await expect.poll(async () => (await eventColumn(region)).length).toBe(busy!.count)
    expect(errors).toEqual([])
    await page.close()
  })

  it('an unknown kind in the URL is dropped: the page shows every kind', async () => {
    const { id: slug } = await mixedScope('collection')
    const page = await browser.newPage()
    const errors = watchErrors(page)
    const response = await page.goto(`${baseUrl}/collection/${slug}?activity=bogus`)
    expect(response?.status()).toBe(200)
    await waitForHydration(page)
    await expectChosen(page.getByRole('region', { name: 'Activity', exact: true }), 'All')
    expect(errors).toEqual([])
    await page.close()
  })

  it('the site-wide feed still filters by ?type=', async () => {
    const page = await browser.newPage()
    const errors = watchErrors(page)
    await page.goto(`${baseUrl}/activity`)
    await waitForHydration(page)
    const region = page.locator('main')
    await choose(page, region, 'Sales', 'type', 'sale')
    await expect.poll(async () => [...new Set(await eventColumn(region))]).toEqual(['Sale'])
    await expectChosen(region, 'Sales')
    await page.reload()
    await waitForHydration(page)
    expect([...new Set(await eventColumn(region))]).toEqual(['Sale'])
    await expectChosen(region, 'Sales')
    expect(errors).toEqual([])
    await page.close()
  })
})
