/**
 * Creating in a real browser with test wallets on the local chain: a creator deploys a
 * collection, lazy-mints an item without any transaction, finds it with 'Show Lazy Minted';
 * a second wallet buys it and owns the token on chain; tokenURI serves the metadata; the
 * mint and the sale are in the item's activity.
 */
import { createPublicClient, erc721Abi, http, type Address } from 'viem'
import { anvil } from 'viem/chains'
import { describe, expect, inject, it } from 'vitest'
import { sharedBrowser, openPage } from '../support/browser'
import { visitorWithWallet } from '../support/test-wallet'
import { signInWithTestWallet, tradeOutcome } from '../support/trade-page'

const baseUrl = inject('baseUrl')
const anvilUrl = inject('anvilUrl')
const chain = createPublicClient({ chain: anvil, transport: http(anvilUrl) })
const browser = sharedBrowser()

/** A 1×1 purple PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)

const visitor = (account: number) => visitorWithWallet(browser, { rpcUrl: anvilUrl, accounts: [account] })

describe('create', () => {
  it('deploys a collection, lazy-mints an item for free, and a buyer mints it by buying', async () => {
    const creator = await visitor(7)
    const { page } = creator
    await signInWithTestWallet(page)

    await openPage(page, '/create')
    await page
      .getByLabel('Image, video or animation')
      .setInputFiles({ name: 'dune.png', mimeType: 'image/png', buffer: PNG })
    await page.getByAltText('Preview of your item').waitFor()
    await page.getByLabel('Name', { exact: true }).fill('Dune at First Light')
    await page.getByLabel('Description').fill('Sand, wind, and the first sun.')

    // A collection of the creator's own, deployed from the wallet.
    await page.getByRole('button', { name: 'New collection' }).click()
    const modal = page.getByTestId('collection-modal')
    const name = `Shoreline ${Date.now().toString(36)}`
    await modal.getByLabel('Name', { exact: true }).fill(name)
    await modal.getByLabel('Symbol').fill('SHORE')
    await modal.getByRole('button', { name: 'Create collection' }).click()
    expect(await tradeOutcome(modal)).toMatchObject({ phase: 'done' })
    await modal.getByRole('button', { name: 'Done' }).click()
    await page
      .getByRole('combobox', { name: 'Collection', exact: true })
      .locator('option', { hasText: name })
      .waitFor({ state: 'attached' })
    await page.getByRole('combobox', { name: 'Collection', exact: true }).selectOption({ label: name })

    // Without a price the form says so and keeps what was typed.
    const blocksBefore = await chain.getBlockNumber({ cacheTime: 0 })
    await page.getByRole('button', { name: 'Create', exact: true }).click()
    await page.getByText('Enter an amount in ETH.').waitFor()
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('Dune at First Light')
    await page.getByLabel('Price (ETH)').fill('0.2')
    await page.getByRole('button', { name: 'Create', exact: true }).click()
    await page.waitForURL(/\/item\/\d+$/, { timeout: 45_000 })
    await page.getByText('Lazy minted').waitFor()
    expect(await chain.getBlockNumber({ cacheTime: 0 })).toBe(blocksBefore) // no transaction
    const nftId = Number(page.url().split('/').pop())

    await openPage(page, '/collection/allNfts?filter=lazy-minted')
    await page.locator(`a[href="/item/${nftId}"]`).first().waitFor()

    const buyer = await visitor(8)
    await openPage(buyer.page, `/item/${nftId}`)
    await buyer.page.getByRole('button', { name: 'Buy now' }).click()
    const checkout = buyer.page.getByTestId('checkout-modal')
    await checkout.getByRole('checkbox').check()
    await checkout.getByRole('button', { name: 'Confirm Checkout' }).click()
    expect(await tradeOutcome(checkout)).toMatchObject({ phase: 'done' })

    const response = await fetch(`${baseUrl}/api/v1/nfts/${nftId}`)
    const { data: nft } = (await response.json()) as {
      data: { contract: Address; tokenId: string; lazyMinted: boolean }
    }
    expect(nft.lazyMinted).toBe(false)
    const tokenId = BigInt(nft.tokenId)
    expect(
      await chain.readContract({ address: nft.contract, abi: erc721Abi, functionName: 'ownerOf', args: [tokenId] }),
    ).toBe(buyer.wallet.address())
    const uri = await chain.readContract({
      address: nft.contract,
      abi: erc721Abi,
      functionName: 'tokenURI',
      args: [tokenId],
    })
    const metadata = (await (await fetch(uri)).json()) as { name: string; image: string }
    expect(metadata.name).toBe('Dune at First Light')
    expect((await fetch(metadata.image)).headers.get('content-type')).toBe('image/png')

    const feed = await fetch(`${baseUrl}/api/v1/activity?nft=${nftId}`)
    const types = ((await feed.json()) as { data: { type: string }[] }).data.map((a) => a.type)
    expect(types).toEqual(expect.arrayContaining(['mint', 'sale', 'list']))
    expect([...creator.errors, ...buyer.errors].filter((e) => !e.includes('Failed to load resource'))).toEqual([])
    await Promise.all([creator.close(), buyer.close()])
  })
})
