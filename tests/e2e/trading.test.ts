/**
 * Trading in a real browser with test wallets on the local chain that `npm run dev` prepared:
 * a wallet buys a seeded listing, lists the token again, a second wallet buys it; then an offer
 * is made and accepted. Ownership is checked on chain and on both user pages.
 */
import { erc721Abi, type Address } from 'viem'
import { describe, expect, inject, it } from 'vitest'
import { sharedBrowser, openPage } from '../support/browser'
import { signInWithTestWallet, tradeOutcome } from '../support/trade-page'
import { visitorWithWallet } from '../support/test-wallet'
import { createTestClient, http, publicActions } from 'viem'
import { anvil } from 'viem/chains'

const baseUrl = inject('baseUrl')
const anvilUrl = inject('anvilUrl')
const chain = createTestClient({ chain: anvil, mode: 'anvil', transport: http(anvilUrl) }).extend(publicActions)
const browser = sharedBrowser()

/** A browser of its own with a wallet holding one of anvil's test accounts (7 and 8 are kept for this test). */
const visitor = (account: number) => visitorWithWallet(browser, { rpcUrl: anvilUrl, accounts: [account] })

interface ListedNft {
  id: number
  contract: Address
  tokenId: string
  owner: string
}

async function ownerOnChain(nft: ListedNft) {
  return chain.readContract({
    address: nft.contract,
    abi: erc721Abi,
    functionName: 'ownerOf',
    args: [BigInt(nft.tokenId)],
  })
}

const ownedIds = async (address: string) => {
  const response = await fetch(`${baseUrl}/api/v1/users/owned/${address}?limit=100`)
  return ((await response.json()) as { data: { id: number }[] }).data.map((n) => n.id)
}

describe('trading with two wallets', () => {
  let nft: ListedNft
  const a = () => visitor(7)
  const b = () => visitor(8)

  it(
    'one wallet buys a seeded listing and lists it; another wallet buys it; both see the result',
    { timeout: 180_000 },
    async () => {
      // The cheapest fixed-price ERC-721 of Vitrine's own (verified) collections: other browser
      // tests list tokens of imported collections, ERC-1155 ones too, on the same local chain.
      const response = await fetch(
        `${baseUrl}/api/v1/nfts?chain=31337&status=buy-now&filter=verified&sort=price-asc&limit=1`,
      )
      nft = ((await response.json()) as { data: ListedNft[] }).data[0]!
      expect(nft).toBeDefined()

      const seller = await a()
      await signInWithTestWallet(seller.page)
      await openPage(seller.page, `/item/${nft.id}`)
      await seller.page.getByRole('button', { name: 'Buy now' }).click()
      const checkout = seller.page.getByTestId('checkout-modal')
      await checkout.getByText(/Creator earnings \(/).waitFor()
      await checkout.getByRole('button', { name: 'Confirm Checkout' }).click()
      await checkout.getByText('Please accept the Terms of Service to buy.').waitFor()
      await checkout.getByRole('checkbox').check()
      await checkout.getByRole('button', { name: 'Confirm Checkout' }).click()
      expect(await tradeOutcome(checkout)).toMatchObject({ phase: 'done', text: expect.stringContaining('is yours') })
      expect(await ownerOnChain(nft)).toBe(seller.wallet.address())
      await checkout.getByRole('button', { name: 'Done' }).click()

      // The new owner sells it on at a fixed price.
      await seller.page.getByRole('button', { name: 'Sell' }).click()
      const listing = seller.page.getByTestId('list-modal')
      await listing.getByLabel('Price (ETH)').fill('0.42')
      await listing.getByTestId('list-proceeds').waitFor()
      await listing.getByRole('button', { name: 'Complete listing' }).click()
      expect(await tradeOutcome(listing)).toMatchObject({ phase: 'done', text: expect.stringContaining('Listed') })
      await listing.getByRole('button', { name: 'Done' }).click()
      expect(await seller.page.getByTestId('item-price').textContent()).toBe('0.42 ETH')

      const buyer = await b()
      await openPage(buyer.page, `/item/${nft.id}`)
      expect(await buyer.page.getByTestId('item-price').textContent()).toBe('0.42 ETH')
      await buyer.page.getByRole('button', { name: 'Buy now' }).click()
      const second = buyer.page.getByTestId('checkout-modal')
      await second.getByRole('checkbox').check()
      await second.getByRole('button', { name: 'Confirm Checkout' }).click()
      expect(await tradeOutcome(second)).toMatchObject({ phase: 'done' })
      expect(await ownerOnChain(nft)).toBe(buyer.wallet.address())
      expect(await ownedIds(buyer.wallet.address())).toContain(nft.id)
      expect(await ownedIds(seller.wallet.address())).not.toContain(nft.id)

      // The seller's page, reloaded, no longer offers the item for sale or lists it as theirs.
      await openPage(seller.page, `/item/${nft.id}`)
      await seller.page.getByText('Not listed for sale').waitFor()
      expect(await seller.page.getByRole('button', { name: 'Sell' }).count()).toBe(0)
      expect([...seller.errors, ...buyer.errors].filter((e) => !e.includes('Failed to load resource'))).toEqual([])
      await Promise.all([seller.close(), buyer.close()])
    },
  )

  it('a wallet makes an offer and the owner accepts it on chain', async () => {
    const bidder = await a()
    await signInWithTestWallet(bidder.page)
    await openPage(bidder.page, `/item/${nft.id}`)
    await bidder.page.getByRole('button', { name: 'Place bid' }).click()
    const bid = bidder.page.getByTestId('bid-modal')
    expect(await bid.getByLabel('Amount (WETH)').inputValue()).toBe('0.05')
    await bid.getByRole('checkbox').check()
    await bid.getByRole('button', { name: 'Place Bid' }).click()
    expect(await tradeOutcome(bid)).toMatchObject({ phase: 'done', text: expect.stringContaining('offer is live') })
    await bid.getByRole('button', { name: 'Done' }).click()

    const owner = await b()
    await signInWithTestWallet(owner.page)
    await openPage(owner.page, `/item/${nft.id}`)
    const offers = owner.page.getByTestId('offers')
    const mine = offers.locator('li', { hasText: '0.05 WETH' }).filter({ hasText: bidder.wallet.address().slice(0, 6) })
    await mine.getByRole('button', { name: 'Accept' }).click()
    expect(await tradeOutcome(owner.page)).toMatchObject({
      phase: 'done',
      text: expect.stringContaining('Offer accepted'),
    })
    expect(await ownerOnChain(nft)).toBe(bidder.wallet.address())
    expect(await ownedIds(bidder.wallet.address())).toContain(nft.id)
    await Promise.all([bidder.close(), owner.close()])
  })

  it('a cancelled listing cannot be bought: a buyer who still sees it is told so and pays nothing', async () => {
    const seller = await a() // owns the token since the accepted offer
    await signInWithTestWallet(seller.page)
    await openPage(seller.page, `/item/${nft.id}`)
    await seller.page.getByRole('button', { name: 'Sell' }).click()
    const listing = seller.page.getByTestId('list-modal')
    await listing.getByLabel('Price (ETH)').fill('0.3')
    await listing.getByRole('button', { name: 'Complete listing' }).click()
    expect(await tradeOutcome(listing)).toMatchObject({ phase: 'done' })
    await listing.getByRole('button', { name: 'Done' }).click()

    const buyer = await b()
    // A buyer whose page does not hear of the cancellation (its live line is down): it still shows the listing.
    await buyer.page.route(
      (url) => url.pathname === '/api/live',
      (route) => route.abort(),
    )
    await openPage(buyer.page, `/item/${nft.id}`)
    await buyer.page.getByRole('button', { name: 'Buy now' }).waitFor()
    const before = await chain.getBalance({ address: buyer.wallet.address() })

    await seller.page.getByRole('button', { name: 'Cancel listing' }).click()
    expect(await tradeOutcome(seller.page)).toMatchObject({ phase: 'done', text: 'Listing cancelled on chain.' })
    await seller.page.getByText('Not listed for sale').waitFor()

    await buyer.page.getByRole('button', { name: 'Buy now' }).click()
    const checkout = buyer.page.getByTestId('checkout-modal')
    await checkout.getByRole('checkbox').check()
    await checkout.getByRole('button', { name: 'Confirm Checkout' }).click()
    expect(await tradeOutcome(checkout)).toMatchObject({ phase: 'failed', text: expect.stringContaining('cancelled') })
    expect(await chain.getBalance({ address: buyer.wallet.address() })).toBe(before)
    expect(await ownerOnChain(nft)).toBe(seller.wallet.address())
    await Promise.all([seller.close(), buyer.close()])
  })
})
