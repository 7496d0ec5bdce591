/**
 * Trading a token of a collection Vitrine did not write, in a real browser: a wallet holding a
 * foreign ERC-721 imports its collection by address, finds the token under "Owned", lists it
 * (the fees name the contract's EIP-2981 royalty), and a second wallet buys it on chain; an ERC-1155
 * holder lists 5 of a token and a second wallet buys 2 of them.
 */
import { createPublicClient, erc1155Abi, erc721Abi, http } from 'viem'
import { anvil } from 'viem/chains'
import { describe, expect, inject, it } from 'vitest'
import { sharedBrowser, openPage, waitForHydration } from '../support/browser'
import { testAccount } from '../support/chain'
import { deployForeignArt721, deployForeignEditions1155 } from '../support/foreign'
import { signInWithTestWallet, tradeOutcome, ownedOf } from '../support/trade-page'
import { visitorWithWallet } from '../support/test-wallet'

const baseUrl = inject('baseUrl')
const anvilUrl = inject('anvilUrl')
const chain = createPublicClient({ chain: anvil, transport: http(anvilUrl) })
const browser = sharedBrowser()

describe('foreign tokens in the browser', () => {
  it('is imported by its holder, shown under Owned, listed, and bought by another wallet', async () => {
    const royaltyReceiver = testAccount(1).address
    // Account 0 deploys (as the import test does); accounts 3 and 4 trade (7 and 8 are the trading test's).
    const art = await deployForeignArt721(anvilUrl, {
      name: `Salt Marsh ${Date.now().toString(36)}`,
      owner: testAccount(0),
      royaltyReceiver,
      royaltyBps: 600,
    })
    await art.mint(testAccount(3).address, 1n, 2n)

    const seller = await visitorWithWallet(browser, { rpcUrl: anvilUrl, accounts: [3] })
    await signInWithTestWallet(seller.page)
    await openPage(seller.page, '/add-collection')
    await seller.page.getByLabel('Contract address').fill(art.address)
    await seller.page.getByRole('button', { name: 'Add collection' }).click()
    await seller.page.waitForURL(/\/collection\/salt-marsh-/, { timeout: 30_000 })

    const owned = await ownedOf(seller.wallet.address(), art.address)
    expect(owned.map((n) => n.name).sort()).toHaveLength(2)
    const nft = owned[0]!
    await openPage(seller.page, `/user/${seller.wallet.address()}`)
    await seller.page.getByRole('link', { name: nft.name }).first().waitFor()
    await seller.page.getByRole('link', { name: nft.name }).first().click()
    await seller.page.waitForURL(new RegExp(`/item/${nft.id}$`))
    await waitForHydration(seller.page)
    expect(await seller.page.getByTestId('item-fees').textContent()).toContain('Creator earnings (EIP-2981 royalty) 6%')

    await seller.page.getByRole('button', { name: 'Sell' }).click()
    const listing = seller.page.getByTestId('list-modal')
    await listing.getByLabel('Price (ETH)').fill('0.5')
    await listing.getByText(/Creator earnings \(EIP-2981 royalty\) \(6%\)/).waitFor()
    await listing.getByRole('button', { name: 'Complete listing' }).click()
    expect(await tradeOutcome(listing)).toMatchObject({ phase: 'done', text: expect.stringContaining('Listed') })

    const buyer = await visitorWithWallet(browser, { rpcUrl: anvilUrl, accounts: [4] })
    const before = await chain.getBalance({ address: royaltyReceiver })
    await openPage(buyer.page, `/item/${nft.id}`)
    expect(await buyer.page.getByTestId('item-price').textContent()).toBe('0.5 ETH')
    await buyer.page.getByRole('button', { name: 'Buy now' }).click()
    const checkout = buyer.page.getByTestId('checkout-modal')
    await checkout.getByText(/Creator earnings \(EIP-2981 royalty\) \(6%\)/).waitFor()
    await checkout.getByRole('checkbox').check()
    await checkout.getByRole('button', { name: 'Confirm Checkout' }).click()
    expect(await tradeOutcome(checkout)).toMatchObject({ phase: 'done' })

    const tokenId = BigInt((await (await fetch(`${baseUrl}/api/v1/nfts/${nft.id}`)).json()).data.tokenId as string)
    expect(
      await chain.readContract({ address: art.address, abi: erc721Abi, functionName: 'ownerOf', args: [tokenId] }),
    ).toBe(buyer.wallet.address())
    // 6% of 0.5 ETH to the contract's royalty receiver.
    expect((await chain.getBalance({ address: royaltyReceiver })) - before).toBe(30_000_000_000_000_000n)
    expect([...seller.errors, ...buyer.errors].filter((e) => !e.includes('Failed to load resource'))).toEqual([])
    await Promise.all([seller.close(), buyer.close()])
  }, 180_000)

  it('an ERC-1155 holder sees "× 5" under Owned, lists 5, and another wallet buys 2 of them', async () => {
    const editions = await deployForeignEditions1155(anvilUrl, {
      name: `Tide Tables ${Date.now().toString(36)}`,
      owner: testAccount(0),
      royaltyBps: 500,
    })
    await editions.mint(testAccount(5).address, 3n, 5n)
    const holder = await visitorWithWallet(browser, { rpcUrl: anvilUrl, accounts: [5] })
    await signInWithTestWallet(holder.page)
    await openPage(holder.page, '/add-collection')
    await holder.page.getByLabel('Contract address').fill(editions.address)
    await holder.page.getByRole('button', { name: 'Add collection' }).click()
    await holder.page.waitForURL(/\/collection\/tide-tables-/, { timeout: 30_000 })

    const [nft] = await ownedOf(holder.wallet.address(), editions.address)
    expect(nft).toBeDefined()
    await openPage(holder.page, `/user/${holder.wallet.address()}`)
    // By its link, not its name: a token without metadata is called "#3", like others the wallet holds.
    const link = holder.page.locator(`a[href="/item/${nft!.id}"]`).first()
    const card = holder.page.locator('article', { has: link })
    expect(await card.getByTestId('owned-quantity').textContent()).toBe('× 5')
    await link.click()
    await holder.page.waitForURL(new RegExp(`/item/${nft!.id}$`))
    await waitForHydration(holder.page)

    await holder.page.getByRole('button', { name: 'Sell' }).click()
    const listing = holder.page.getByTestId('list-modal')
    await listing.getByLabel('Price per token (ETH)').fill('0.1')
    await listing.getByLabel(/How many/).fill('5')
    expect(await listing.getByTestId('list-proceeds').textContent()).toContain('0.47 ETH')
    await listing.getByRole('button', { name: 'Complete listing' }).click()
    expect(await tradeOutcome(listing)).toMatchObject({ phase: 'done', text: expect.stringContaining('Listed') })

    const buyer = await visitorWithWallet(browser, { rpcUrl: anvilUrl, accounts: [6] })
    await openPage(buyer.page, `/item/${nft!.id}`)
    expect(await buyer.page.getByTestId('item-quantity').textContent()).toBe('each · 5 of 5 left')
    await buyer.page.getByRole('button', { name: 'Buy now' }).click()
    const checkout = buyer.page.getByTestId('checkout-modal')
    await checkout.getByRole('spinbutton').fill('2')
    expect(await checkout.getByTestId('checkout-total').textContent()).toBe('0.2 ETH')
    await checkout.getByRole('checkbox').check()
    await checkout.getByRole('button', { name: 'Confirm Checkout' }).click()
    expect(await tradeOutcome(checkout)).toMatchObject({ phase: 'done' })

    const balanceOf = (account: `0x${string}`) =>
      chain.readContract({ address: editions.address, abi: erc1155Abi, functionName: 'balanceOf', args: [account, 3n] })
    expect(await balanceOf(buyer.wallet.address())).toBe(2n)
    expect(await balanceOf(holder.wallet.address())).toBe(3n)
    await openPage(buyer.page, `/item/${nft!.id}`)
    await buyer.page.getByText('each · 3 of 5 left').waitFor()
    expect([...holder.errors, ...buyer.errors].filter((e) => !e.includes('Failed to load resource'))).toEqual([])
    await Promise.all([holder.close(), buyer.close()])
  }, 180_000)
})
