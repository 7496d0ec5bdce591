/**
 * Adding a collection Vitrine did not write, in a real browser: a signed-in wallet finds "Add a
 * collection" from /create, gives a foreign ERC-721's address, lands on the collection's page,
 * which says it is unverified and shows how far its history has been read; a wrong address is
 * refused under its field; a copy of a verified collection's name is flagged as an impostor; a
 * contract that floods a block with logs is paused, its page says why, and tells its owner.
 */
import { describe, expect, inject, it } from 'vitest'
import { openPage, sharedBrowser } from '../support/browser'
import { testAccount } from '../support/chain'
import { deployForeignArt721 } from '../support/foreign'
import { deployHostile721 } from '../support/hostile'
import { visitorWithWallet } from '../support/test-wallet'
import { signInWithTestWallet } from '../support/trade-page'

const baseUrl = inject('baseUrl')
const anvilUrl = inject('anvilUrl')
const browser = sharedBrowser()

describe('add a collection', () => {
  it('a signed-in wallet imports a foreign ERC-721 by address and lands on its page', async () => {
    const name = `Tide Pool ${Date.now().toString(36)}`
    // Account 0 deploys: the other browser tests send their transactions from accounts 7 and 8.
    const art = await deployForeignArt721(anvilUrl, { name, symbol: 'POOL', owner: testAccount(0) })
    await art.mint(testAccount(2).address, 1n, 3n)

    const visitor = await visitorWithWallet(browser, { rpcUrl: anvilUrl, accounts: [2] })
    const { page } = visitor
    await signInWithTestWallet(page)

    await openPage(page, '/create')
    await page.getByRole('link', { name: 'Add a collection' }).click()
    await page.waitForURL(/\/add-collection$/)
    await page.getByRole('heading', { name: 'Add a collection' }).waitFor()

    // Not an address: refused beside the field by the same schema as the server's, before any call.
    const calls: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/api/trpc/collection.import')) calls.push(request.url())
    })
    await page.getByLabel('Contract address').fill('0x1234')
    await page.getByRole('button', { name: 'Add collection' }).click()
    await page.getByText('Contract address: must be a 0x-prefixed 20-byte hex address').waitFor()
    expect(await page.getByLabel('Contract address').evaluate((el) => el === document.activeElement)).toBe(true)
    expect(calls).toEqual([])

    // Not a contract: said under the field, and the page stays.
    await page.getByLabel('Contract address').fill(`0x${'5e'.repeat(20)}`)
    await page.getByRole('button', { name: 'Add collection' }).click()
    await page.getByText(/Contract address: there is no contract at/).waitFor()

    await page.getByLabel('Contract address').fill(art.address)
    await page.getByRole('button', { name: 'Add collection' }).click()
    await page.waitForURL(/\/collection\/tide-pool-/, { timeout: 30_000 })
    await page.getByRole('heading', { name, level: 1 }).waitFor()
    const indexing = page.getByTestId('indexing')
    await indexing.waitFor()
    expect(await indexing.textContent()).toMatch(/Blocks [\d,]+ to [\d,]+/)
    expect(await indexing.getAttribute('data-status')).toMatch(/^(pending|backfilling|following)$/)
    expect(await page.getByTestId('imported').textContent()).toMatch(/unverified/)
    expect(await page.getByTestId('lookalike-warning').count()).toBe(0)

    // A copy of a verified collection's name is flagged, with the real one a click away.
    const listed = await fetch(`${baseUrl}/api/v1/collections?limit=100`)
    const verified = ((await listed.json()) as { data: { name: string; slug: string; verified: boolean }[] }).data.find(
      (c) => c.verified,
    )!
    const copy = await deployForeignArt721(anvilUrl, { name: verified.name.toUpperCase(), owner: testAccount(0) })
    await openPage(page, '/add-collection')
    await page.getByLabel('Contract address').fill(copy.address)
    await page.getByRole('button', { name: 'Add collection' }).click()
    const warning = page.getByTestId('lookalike-warning')
    await warning.getByRole('link', { name: verified.name }).waitFor({ timeout: 30_000 })
    expect(await warning.textContent()).toMatch(/Possible impostor/)

    expect(visitor.errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([])
    await visitor.close()
  }, 90_000)

  it('a contract that floods a block with logs is paused, and its page says why and tells its owner', async () => {
    const owner = testAccount(0)
    const hostile = await deployHostile721(anvilUrl, { owner })
    await hostile.mint(owner.address, 1n)
    const visitor = await visitorWithWallet(browser, { rpcUrl: anvilUrl, accounts: [0] })
    const { page } = visitor
    await signInWithTestWallet(page)
    await openPage(page, '/add-collection')
    await page.getByLabel('Contract address').fill(hostile.address)
    await page.getByRole('button', { name: 'Add collection' }).click()
    await page.waitForURL(/\/collection\/hostile/, { timeout: 30_000 })
    const collectionUrl = new URL(page.url()).pathname

    // More Transfer logs in one block than a real collection's block ever holds.
    await hostile.flood(1_000_000n, 10_500n)
    const indexing = page.getByTestId('indexing')
    for (let tries = 0; tries < 60; tries++) {
      await openPage(page, collectionUrl)
      if ((await indexing.getAttribute('data-status')) === 'paused') break
      await page.waitForTimeout(1_000)
    }
    expect(await indexing.getAttribute('data-status')).toBe('paused')
    expect(await page.getByTestId('indexing-paused').textContent()).toMatch(
      /Block [\d,]+ holds 10,500 of this contract's events, more than the 10,000/,
    )
    await page.getByTestId('indexing-paused-owner').waitFor()
    expect(await page.getByTestId('indexing-paused-owner').textContent()).toMatch(/You own this contract/)

    // A visitor who does not own it reads the reason, without the owner's note.
    const stranger = await visitorWithWallet(browser, { rpcUrl: anvilUrl, accounts: [2] })
    await openPage(stranger.page, collectionUrl)
    await stranger.page.getByTestId('indexing-paused').waitFor()
    expect(await stranger.page.getByTestId('indexing-paused-owner').count()).toBe(0)

    expect(visitor.errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([])
    await stranger.close()
    await visitor.close()
  }, 120_000)
})
