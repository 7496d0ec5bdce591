/**
 * The charts, as a visitor sees them on the dev world: a collection's floor and volume by day with
 * its 7 days / 30 days / all time links (in the URL, kept by a reload), its sales and holders; an
 * item's sales and its listings and offers. Each chart is an <svg role="img"> named by its title,
 * with a sentence and a table saying the same in words. They are drawn by the server: they are
 * there with JavaScript off, and follow the dark theme.
 */
import type { Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { axeViolations, hasHorizontalOverflow, openPage, sharedBrowser, watchErrors } from '../support/browser'

const baseUrl = inject('baseUrl')
const browser = sharedBrowser()
const SLUG = 'harbour-lights-local'

const historyChart = (page: Page, span: string) => page.getByRole('img', { name: `Floor and volume by day, ${span}` })

/** The summary sentence and table rows of the history chart's figure. */
async function historyText(page: Page) {
  const figure = page.getByTestId('history-chart')
  return {
    summary: (await figure.locator('figcaption p').textContent()) ?? '',
    rows: await figure.locator('details tbody tr').count(),
  }
}

describe('a collection page', () => {
  it('shows floor and volume, sales and holders, each named and told in words', { timeout: 90_000 }, async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    const errors = watchErrors(page)
    await openPage(page, `/collection/${SLUG}`)
    await expect.poll(() => historyChart(page, '30 days').count()).toBe(1)
    const { summary, rows } = await historyText(page)
    expect(summary).toMatch(/^Floor (held at|rose from|fell from) .* over 30 days; /)
    expect(rows).toBe(30)
    // The API's floor today is the one the chart ends on.
    const api = (await (await fetch(`${baseUrl}/api/v1/collections/${SLUG}/history?range=7d`)).json()) as {
      data: { buckets: { floor: { eth: string } | null }[] }
    }
    expect(api.data.buckets).toHaveLength(7)
    expect(api.data.buckets.at(-1)!.floor).not.toBeNull()
    // Sales: points, or plainly none yet (the dev world starts with no sale; other tests may buy).
    const sales = page.getByTestId('sales-chart')
    const salesText = (await sales.locator('figcaption p').textContent()) ?? ''
    if (salesText === 'No sales yet.') expect(await sales.getByText('No sales yet.').count()).toBe(2)
    else expect(await page.getByRole('img', { name: 'Sales, 30 days' }).locator('circle').count()).toBeGreaterThan(0)
    const holders = page.getByRole('img', { name: 'Holders by tokens held' })
    expect(await holders.locator('rect').count()).toBe(5)
    expect(await page.getByTestId('holders-chart').locator('figcaption p').textContent()).toMatch(
      /^\d+ holders?; the \d+ largest hold [\d.]+% of the tokens\.$/,
    )
    // The table behind the disclosure opens.
    await page.getByTestId('history-chart').getByText('Show the data as a table').click()
    await expect.poll(() => page.getByTestId('history-chart').locator('table').isVisible()).toBe(true)
    expect(await axeViolations(page)).toEqual([])
    expect(errors).toEqual([])
    await context.close()
  })

  it('switches 7 days / 30 days / all time by links in the URL, kept by a reload', { timeout: 90_000 }, async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 800 } })
    const page = await context.newPage()
    const errors = watchErrors(page)
    await openPage(page, `/collection/${SLUG}`)
    const spans = page.getByRole('navigation', { name: 'Chart span' })
    await spans.getByRole('link', { name: '7 days' }).click()
    await expect.poll(() => new URL(page.url()).searchParams.get('chart')).toBe('7d')
    await expect.poll(() => historyChart(page, '7 days').count()).toBe(1)
    expect((await historyText(page)).rows).toBe(7)
    await page.reload()
    await expect.poll(() => historyChart(page, '7 days').count()).toBe(1)
    expect(await spans.getByRole('link', { name: '7 days' }).getAttribute('aria-current')).toBe('page')
    await spans.getByRole('link', { name: 'All time' }).click()
    await expect.poll(() => new URL(page.url()).searchParams.get('chart')).toBe('all')
    await expect.poll(() => historyChart(page, 'all time').count()).toBe(1)
    await spans.getByRole('link', { name: '30 days' }).click()
    await expect.poll(() => new URL(page.url()).searchParams.has('chart')).toBe(false)
    await expect.poll(() => historyChart(page, '30 days').count()).toBe(1)
    expect(await hasHorizontalOverflow(page)).toBe(false)
    expect(errors).toEqual([])
    await context.close()
  })

  it('is drawn by the server: with JavaScript off the charts and their links work', { timeout: 90_000 }, async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    await page.goto(`${baseUrl}/collection/${SLUG}?chart=7d`)
    expect(await historyChart(page, '7 days').count()).toBe(1)
    expect((await historyText(page)).summary).toMatch(/over 7 days/)
    await page.getByRole('navigation', { name: 'Chart span' }).getByRole('link', { name: 'All time' }).click()
    await page.waitForURL(/chart=all/)
    expect(await historyChart(page, 'all time').count()).toBe(1)
    expect(await page.getByRole('img', { name: 'Holders by tokens held' }).count()).toBe(1)
    await context.close()
  })

  it('follows the dark theme', { timeout: 90_000 }, async () => {
    const context = await browser.newContext({ colorScheme: 'dark', viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    await openPage(page, `/collection/${SLUG}`)
    const figure = page.getByTestId('history-chart')
    await figure.waitFor()
    expect(await figure.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(19, 23, 64)')
    const holdersBar = page.getByRole('img', { name: 'Holders by tokens held' }).locator('rect').first()
    expect(await holdersBar.evaluate((el) => getComputedStyle(el).fill)).toBe('rgb(185, 160, 255)')
    await context.close()
  })
})

describe('an item page', () => {
  it('shows its sales and its listings and offers, with JavaScript and without', { timeout: 90_000 }, async () => {
    const listed = (await (await fetch(`${baseUrl}/api/v1/nfts?collection=${SLUG}&status=buy-now&limit=1`)).json()) as {
      data: { id: number }[]
    }
    const id = listed.data[0]!.id
    for (const javaScriptEnabled of [true, false]) {
      const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 1280, height: 900 } })
      const page = await context.newPage()
      const errors = watchErrors(page)
      if (javaScriptEnabled) await openPage(page, `/item/${id}`)
      else await page.goto(`${baseUrl}/item/${id}`)
      const ladder = page.getByRole('img', { name: 'Listings and offers' })
      expect(await ladder.count()).toBe(1)
      expect(await ladder.getByText('Listing', { exact: true }).count()).toBeGreaterThan(0)
      expect(await page.getByTestId('price-ladder').locator('figcaption p').textContent()).toMatch(
        /^\d+ listings? from [\d.]+ ETH; /,
      )
      const sales = page.getByTestId('sales-chart')
      const said = (await sales.locator('figcaption p').textContent()) ?? ''
      if (said !== 'No sales yet.') expect(await page.getByRole('img', { name: 'Sales of this item' }).count()).toBe(1)
      if (javaScriptEnabled) expect(errors).toEqual([])
      await context.close()
    }
  })
})
