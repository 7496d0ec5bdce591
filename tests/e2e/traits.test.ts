/**
 * The trait panel of a collection (Kiln Glazes, a contract Vitrine did not write, whose metadata the
 * dev world serves from IPFS): values with counts and floors, filters that narrow the grid and
 * survive a reload, a numeric range, "Rarest first", and the item page's rarity and trait links.
 * What the grid shows is checked against the API's own answer for the same filter.
 */
import type { Locator, Page } from 'playwright-core'
import { sql } from 'drizzle-orm'
import { describe, expect, inject, it } from 'vitest'
import { createDatabase } from '../../db/client'
import {
  axeViolations,
  hasHorizontalOverflow,
  openPage,
  sharedBrowser,
  waitForHydration,
  watchErrors,
} from '../support/browser'

const baseUrl = inject('baseUrl')
const databaseUrl = inject('databaseUrl')
const browser = sharedBrowser()
const SLUG = 'kiln-glazes'

/** The names the API lists for a query of the collection's NFTs. */
async function apiNames(query: string): Promise<string[]> {
  const response = await fetch(`${baseUrl}/api/v1/nfts?collection=${SLUG}&limit=100&${query}`)
  expect(response.status, query).toBe(200)
  const body = (await response.json()) as { data: { name: string }[] }
  return body.data.map((n) => n.name).sort()
}

async function gridNames(page: Page): Promise<string[]> {
  const grid = page.getByTestId('nft-grid')
  await grid.waitFor()
  return (await grid.locator('article h3').allTextContents()).map((t) => t.trim()).sort()
}

/** Ticks a box: its state follows the URL, which the click changes a moment later. */
async function check(box: Locator) {
  await box.click()
  await expect.poll(() => box.isChecked()).toBe(true)
}

/** Waits until the grid shows exactly `names` (it refetches after each choice). */
async function expectGrid(page: Page, names: string[]) {
  await expect.poll(() => gridNames(page), { timeout: 10_000 }).toEqual(names)
}

describe('trait panel', () => {
  it(
    'filters the grid by values (any-of within a type, all-of across types), in the URL',
    { timeout: 120_000 },
    async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
      const page = await context.newPage()
      const errors = watchErrors(page)
      await openPage(page, `/collection/${SLUG}`)
      const panel = page.getByTestId('trait-panel')
      await panel.waitFor()

      // Each value with its count and floor, as the traits endpoint answers them.
      const traits = (
        (await (await fetch(`${baseUrl}/api/v1/collections/${SLUG}/traits`)).json()) as {
          data: { type: string; value: string; count: number; floor: { eth: string } | null }[]
        }
      ).data
      const wood = traits.find((t) => t.type === 'Firing' && t.value === 'Wood')!
      await panel.getByText('Firing', { exact: true }).click()
      const woodRow = panel.getByRole('checkbox', { name: /^Wood/ })
      await expect.poll(() => woodRow.isVisible()).toBe(true)
      expect(await panel.getByLabel(`${wood.count} items`).first().isVisible()).toBe(true)

      await check(woodRow)
      await expect.poll(() => decodeURIComponent(page.url())).toContain('Firing:Wood')
      await expectGrid(page, await apiNames('trait=Firing:Wood'))

      // Another value of the same type widens; a value of another type narrows.
      await check(panel.getByRole('checkbox', { name: /^Oxidation/ }))
      await expectGrid(page, await apiNames('trait=Firing:Wood&trait=Firing:Oxidation'))
      await panel.getByText('Cone', { exact: true }).click()
      await check(panel.getByRole('checkbox', { name: /^10/ }))
      const both = await apiNames('trait=Firing:Wood&trait=Firing:Oxidation&trait=Cone:10')
      expect(both.length).toBeGreaterThan(0)
      await expectGrid(page, both)

      // With the sort: the order follows it.
      await page.getByTestId('sort').selectOption('price-desc')
      await expect.poll(() => page.url()).toContain('price-desc')

      // A reload keeps every choice, checked and listed.
      await page.reload()
      await waitForHydration(page)
      await expectGrid(page, both)
      expect(await panel.getByRole('checkbox', { name: /^Wood/ }).isChecked()).toBe(true)
      expect(await page.getByRole('button', { name: 'Remove Cone: 10' }).isVisible()).toBe(true)
      expect(await page.getByTestId('sort').inputValue()).toBe('price-desc')

      // Removing a chip widens again; "Clear all" shows everything.
      await page.getByRole('button', { name: 'Remove Cone: 10' }).click()
      await expectGrid(page, await apiNames('trait=Firing:Wood&trait=Firing:Oxidation'))
      await page.getByRole('button', { name: 'Clear all' }).click()
      await expectGrid(page, await apiNames(''))

      expect(await axeViolations(page)).toEqual([])
      expect(errors).toEqual([])
      await context.close()
    },
  )

  it('filters a numeric trait by range, and ranks by rarity', { timeout: 120_000 }, async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 800 } })
    const page = await context.newPage()
    const errors = watchErrors(page)
    await openPage(page, `/collection/${SLUG}`)
    const panel = page.getByTestId('trait-panel')
    // On a phone the panel is folded until asked for.
    expect(await panel.getByText('Peak temperature', { exact: true }).isVisible()).toBe(false)
    await panel.getByRole('button', { name: 'Filter by trait' }).click()
    await panel.getByText('Peak temperature', { exact: true }).click()
    await panel.getByLabel('Peak temperature from').fill('1200')
    await panel.getByLabel('Peak temperature to').fill('1260')
    await panel.getByRole('button', { name: 'Apply' }).click()
    await expect
      .poll(() => decodeURIComponent(page.url()).replaceAll('+', ' '))
      .toContain('Peak temperature:1200..1260')
    const inRange = await apiNames(`traitRange=${encodeURIComponent('Peak temperature:1200..1260')}`)
    expect(inRange.length).toBeGreaterThan(0)
    expect(inRange.length).toBeLessThan(8)
    await expectGrid(page, inRange)
    expect(await hasHorizontalOverflow(page)).toBe(false)

    // A bound the wrong way round is said, and not applied.
    await panel.getByLabel('Peak temperature from').fill('1300')
    expect(await panel.getByRole('alert').textContent()).toContain('above the upper one')
    expect(await panel.getByRole('button', { name: 'Apply' }).isDisabled()).toBe(true)

    await page.getByRole('button', { name: 'Clear all' }).click()
    await page.getByTestId('sort').selectOption('rarest')
    await expect.poll(() => page.url()).toContain('rarest')
    const first = page.getByTestId('nft-grid').locator('article').first()
    await expect.poll(() => first.getByTestId('rarity-rank').textContent()).toMatch(/#1$/)
    expect(errors).toEqual([])
    await context.close()
  })

  it("the item page shows the token's rank and links each trait to its filter", { timeout: 120_000 }, async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    const errors = watchErrors(page)
    const response = await fetch(`${baseUrl}/api/v1/nfts?collection=${SLUG}&sort=rarest&limit=1`)
    const [nft] = ((await response.json()) as { data: { id: number; rarity: { rank: number; of: number } }[] }).data
    await openPage(page, `/item/${nft!.id}`)
    expect(await page.getByTestId('rarity').textContent()).toContain(
      `Rarity rank ${nft!.rarity.rank} of ${nft!.rarity.of}`,
    )
    // A date trait reads as a date.
    expect(await page.getByRole('link', { name: /^Fired [A-Z][a-z]{2} \d{1,2}, 20\d\d$/ }).count()).toBe(1)
    await page.getByRole('link', { name: /^Firing / }).click()
    await page.getByTestId('trait-panel').waitFor()
    await expect.poll(() => decodeURIComponent(page.url())).toMatch(/Firing:\w+/)
    const firing = /Firing:(\w+)/.exec(decodeURIComponent(page.url()))![1]!
    await expectGrid(page, await apiNames(`trait=Firing:${firing}`))
    expect(errors).toEqual([])
    await context.close()
  })

  it(
    'keeps the page of a collection with thousands of trait types small, and the rest one click away',
    { timeout: 120_000 },
    async () => {
      // A copy of the collection whose tokens carry 3,000 types of their own and one type of 3,000 values.
      const db = createDatabase({ url: databaseUrl })
      const slug = 'hostile-traits'
      await db.run(sql`CREATE TEMP TABLE copied AS SELECT * FROM collections WHERE slug = ${SLUG}`)
      await db.run(sql`UPDATE copied SET id = (SELECT max(id) + 1 FROM collections), slug = ${slug},
        name = 'Hostile Traits', contract = ${`0x${'de'.repeat(20)}`}`)
      await db.run(sql`INSERT INTO collections SELECT * FROM copied`)
      const long = (prefix: string, length: number) =>
        sql`substr(${prefix} || printf('%05d', i) || ${'x'.repeat(length)}, 1, ${length})`
      await db.run(sql`
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000)
        INSERT INTO collection_traits (collection_id, trait_type, value, token_count)
        SELECT c.id, ${long('Type ', 64)}, ${long('Value ', 200)}, 1 FROM n, collections c WHERE c.slug = ${slug}
        UNION ALL SELECT c.id, 'Flood', 'Flood ' || printf('%05d', i), 2 FROM n, collections c WHERE c.slug = ${slug}`)
      db.$client.close()

      const html = await (await fetch(`${baseUrl}/collection/${slug}`)).text()
      const normal = await (await fetch(`${baseUrl}/collection/${SLUG}`)).text()
      // Its page weighs about what a normal collection's does, not megabytes.
      expect(Buffer.byteLength(html)).toBeLessThan(Buffer.byteLength(normal) + 256 * 1024)
      expect(Buffer.byteLength(html)).toBeLessThan(768 * 1024)

      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
      const page = await context.newPage()
      const errors = watchErrors(page)
      await openPage(page, `/collection/${slug}`)
      const panel = page.getByTestId('trait-panel')
      await panel.waitFor()
      // The most common type first; the others a click away, a page at a time.
      expect(await panel.locator('details').count()).toBe(30)
      await panel.getByRole('button', { name: 'Show more trait types (2971 left)' }).click()
      await expect.poll(() => panel.locator('details').count()).toBe(60)
      // A type of thousands of values: its most common when opened, any other by search.
      await panel.getByText('Flood', { exact: true }).click()
      await expect.poll(() => panel.getByRole('checkbox', { name: /^Flood 00001/ }).isVisible()).toBe(true)
      await panel.getByLabel('Search Flood values').fill('02999')
      await expect.poll(() => panel.getByRole('checkbox', { name: /^Flood 02999/ }).isVisible()).toBe(true)
      expect(errors).toEqual([])
      await context.close()
    },
  )
})
