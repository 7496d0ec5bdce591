/**
 * Pages that update themselves: a visitor has an item open while another wallet buys it; the
 * open page shows the new owner and the sale without a reload (the dev server streams changes
 * over server-sent events from the indexer's drain of page changes).
 */
import { describe, expect, inject, it } from 'vitest'
import { shortenAddress } from '../../app/lib/format'
import { openPage, sharedBrowser, watchErrors } from '../support/browser'
import { buyAsAnotherWallet } from '../support/trade-page'

const baseUrl = inject('baseUrl')
const anvilUrl = inject('anvilUrl')
const browser = sharedBrowser()
// Past anvil's ten funded accounts and those other browser tests use.
const BUYER = 13

describe('live pages', () => {
  it('an open item page shows a sale made by another wallet, without a reload', { timeout: 180_000 }, async () => {
    // The second-cheapest fixed-price ERC-721 of the seeded collections: the trading test takes the cheapest.
    const response = await fetch(
      `${baseUrl}/api/v1/nfts?chain=31337&status=buy-now&filter=verified&sort=price-asc&limit=2`,
    )
    const listed = ((await response.json()) as { data: { id: number; owner: string; standard?: string }[] }).data
    const nft = listed.at(-1)!
    expect(nft).toBeDefined()

    const viewerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    const viewer = await viewerContext.newPage()
    const errors = watchErrors(viewer)
    const stream = viewer.waitForResponse((answer) => answer.url().includes('/api/live?tags='))
    await openPage(viewer, `/item/${nft.id}`)
    expect((await stream).headers()['content-type']).toContain('text/event-stream')
    const owner = viewer.locator('dt', { hasText: 'Owned by' }).locator('xpath=following-sibling::dd')
    expect(await owner.textContent()).toBe(shortenAddress(nft.owner))
    // Marks this document: a reload would lose it.
    await viewer.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true))

    const { buyer, outcome } = await buyAsAnotherWallet(browser, anvilUrl, nft.id, BUYER)
    expect(outcome, outcome.text).toMatchObject({ phase: 'done' })

    await owner.getByText(shortenAddress(buyer.wallet.address())).waitFor({ timeout: 20_000 })
    await viewer.getByRole('table').getByText(/sale/i).first().waitFor({ timeout: 10_000 })
    expect(await viewer.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true)
    expect(errors.filter((error) => !error.includes('Failed to load resource'))).toEqual([])
    await Promise.all([viewerContext.close(), buyer.close()])
  })
})
