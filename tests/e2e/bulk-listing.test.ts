/**
 * Listing many items with one signature in a real browser: a holder selects ten of their items on
 * their profile (nine ERC-721 tokens and 3 of 5 held of an ERC-1155 token), sets one price (one
 * item its own), approves Seaport once per collection and signs ONE bulk order
 * (the test wallet sees exactly one eth_signTypedData_v4); all ten show as listed, and another
 * wallet buys one of them on chain.
 */
import { createTestClient, erc721Abi, http, parseEther, publicActions, type Address } from 'viem'
import { anvil } from 'viem/chains'
import { describe, expect, inject, it } from 'vitest'
import { axeViolations, openPage, sharedBrowser } from '../support/browser'
import { testAccount } from '../support/chain'
import { deployForeignArt721, deployForeignEditions1155 } from '../support/foreign'
import { buyAsAnotherWallet, ownedOf, signInWithTestWallet, tradeOutcome } from '../support/trade-page'
import { visitorWithWallet } from '../support/test-wallet'

const baseUrl = inject('baseUrl')
const anvilUrl = inject('anvilUrl')
const chain = createTestClient({ chain: anvil, mode: 'anvil', transport: http(anvilUrl) }).extend(publicActions)
const browser = sharedBrowser()

// Accounts 14 and 15 are this file's: past anvil's funded ones, funded and impersonated here.
const SELLER = 14
const BUYER = 15

async function listingsOf(id: number) {
  const response = await fetch(`${baseUrl}/api/v1/nfts/${id}`)
  return ((await response.json()) as { data: { listings: { price: { eth: string }; quantity: string }[] } }).data
    .listings
}

describe('bulk listing', () => {
  it('lists ten items with one signature; all show as listed; another wallet buys one', async () => {
    const seller = testAccount(SELLER)
    await chain.setBalance({ address: seller.address, value: parseEther('1000') })
    await chain.impersonateAccount({ address: seller.address })
    const suffix = Date.now().toString(36)
    const art = await deployForeignArt721(anvilUrl, { name: `Bulk Shelf ${suffix}`, owner: testAccount(0) })
    await art.mint(seller.address, 1n, 9n)
    const editions = await deployForeignEditions1155(anvilUrl, { name: `Bulk Prints ${suffix}`, owner: testAccount(0) })
    await editions.mint(seller.address, 77n, 5n)

    const holder = await visitorWithWallet(browser, { rpcUrl: anvilUrl, accounts: [SELLER] })
    await signInWithTestWallet(holder.page)
    /** Adds the collection as its holder would, and waits until the indexer shows `count` of its tokens as theirs. */
    async function addCollection(contract: string, slug: RegExp, count: number) {
      await openPage(holder.page, '/add-collection')
      await holder.page.getByLabel('Contract address').fill(contract)
      await holder.page.getByRole('button', { name: 'Add collection' }).click()
      await holder.page.waitForURL(slug, { timeout: 30_000 })
      let found = await ownedOf(seller.address, contract)
      for (const deadline = Date.now() + 45_000; found.length < count && Date.now() < deadline;) {
        await new Promise((resolve) => setTimeout(resolve, 1_000))
        found = await ownedOf(seller.address, contract)
      }
      expect(found).toHaveLength(count)
      return found
    }
    // Nine ERC-721 tokens and 3 of the 5 ERC-1155 tokens held: ten items.
    const owned = [
      ...(await addCollection(art.address, /\/collection\/bulk-shelf-/, 9)),
      ...(await addCollection(editions.address, /\/collection\/bulk-prints-/, 1)),
    ]
    const prints = owned[9]!

    await openPage(holder.page, `/user/${seller.address}`)
    const page = holder.page
    await page.getByRole('button', { name: 'Select items to list' }).click()
    for (const nft of owned) await page.getByRole('checkbox', { name: `Select ${nft.name}`, exact: true }).check()
    await page.getByText('10 selected').waitFor()
    await page.getByRole('button', { name: 'List selected' }).click()
    const dialog = page.getByTestId('bulk-list-modal')
    await dialog.getByLabel('Price for all (ETH)').fill('3.25')
    // One line per item above the sign button, in plain words.
    await expect.poll(() => dialog.getByTestId('bulk-list-line').allTextContents()).toHaveLength(10)
    expect(await dialog.getByTestId('bulk-list-line').first().textContent()).toContain('3.25 ETH')
    // One item at its own price.
    await dialog.getByLabel(`Price of ${owned[0]!.name} (ETH)`, { exact: true }).fill('4')
    expect(await dialog.getByTestId('bulk-list-line').first().textContent()).toContain('4 ETH')
    await dialog.getByLabel(`How many of ${prints.name}`, { exact: true }).fill('3')
    expect(await dialog.getByTestId('bulk-list-line').last().textContent()).toBe(`${prints.name} × 33.25 ETH each`)
    await dialog.getByText('Reading each item’s fees…').waitFor({ state: 'detached' })
    expect(await axeViolations(page)).toEqual([])

    // The dialog fits a phone (the profile's own heading, a long address, is not this test's).
    await page.setViewportSize({ width: 375, height: 800 })
    expect(
      await dialog.evaluate(
        (d) => d.getBoundingClientRect().right <= window.innerWidth && d.scrollWidth <= d.clientWidth,
      ),
    ).toBe(true)
    await page.setViewportSize({ width: 1280, height: 900 })

    // Sign-in asked for personal_sign; no typed data was signed before this button.
    const typedSignatures = () => holder.wallet.state.requests.filter((m) => m === 'eth_signTypedData_v4').length
    expect(typedSignatures()).toBe(0)
    await dialog.getByRole('button', { name: 'Sign once to list 10' }).click()
    expect(await tradeOutcome(dialog)).toMatchObject({ phase: 'done' })
    expect(typedSignatures()).toBe(1)
    // Two collections, two approvals; the one signature covers all ten.
    expect(holder.wallet.state.requests.filter((m) => m === 'eth_sendTransaction')).toHaveLength(2)
    expect(await dialog.getByTestId('bulk-list-line').allTextContents()).toEqual(
      owned.map((nft) => `${nft.name}${nft === prints ? ' × 3' : ''}Listed`),
    )
    await dialog.getByRole('button', { name: 'Done' }).click()

    for (const [i, nft] of owned.entries()) {
      expect((await listingsOf(nft.id)).map((l) => [l.price.eth, l.quantity])).toEqual([
        [i === 0 ? '4' : '3.25', nft === prints ? '3' : '1'],
      ])
    }

    const { buyer, outcome } = await buyAsAnotherWallet(browser, anvilUrl, owned[1]!.id, BUYER)
    expect(outcome).toMatchObject({ phase: 'done' })
    const tokenId = BigInt((await (await fetch(`${baseUrl}/api/v1/nfts/${owned[1]!.id}`)).json()).data.tokenId)
    const owner = await chain.readContract({
      address: art.address as Address,
      abi: erc721Abi,
      functionName: 'ownerOf',
      args: [tokenId],
    })
    expect(owner).toBe(testAccount(BUYER).address)
    expect([...holder.errors, ...buyer.errors].filter((e) => !e.includes('Failed to load resource'))).toEqual([])
    await Promise.all([holder.close(), buyer.close()])
  }, 240_000)
})
