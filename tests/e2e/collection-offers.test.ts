/**
 * A collection offer in a real browser: a collector offers WETH for any 2 items of a collection
 * on its page; a holder sees it as the best collection offer on their item's page and accepts it
 * with that item. Seaport moves the item and pays the holder exactly, less the fees, and the
 * collection page then says 1 of 2 is still wanted.
 */
import { createPublicClient, createTestClient, erc20Abi, erc721Abi, http, parseEther, type Address } from 'viem'
import { anvil } from 'viem/chains'
import { describe, expect, inject, it } from 'vitest'
import { openPage, sharedBrowser } from '../support/browser'
import { testAccount } from '../support/chain'
import { deployForeignArt721 } from '../support/foreign'
import { ownedOf, signInWithTestWallet, tradeOutcome } from '../support/trade-page'
import { visitorWithWallet } from '../support/test-wallet'

const baseUrl = inject('baseUrl')
const anvilUrl = inject('anvilUrl')
const chain = createPublicClient({ chain: anvil, transport: http(anvilUrl) })
const browser = sharedBrowser()

/** Accounts past anvil's funded ones, funded and sent for by anvil (this file's alone). */
async function account(index: number) {
  const test = createTestClient({ chain: anvil, mode: 'anvil', transport: http(anvilUrl) })
  await test.setBalance({ address: testAccount(index).address, value: parseEther('1000') })
  await test.impersonateAccount({ address: testAccount(index).address })
  const visitor = await visitorWithWallet(browser, { rpcUrl: anvilUrl, accounts: [index] })
  await signInWithTestWallet(visitor.page)
  return visitor
}

const wethAddress = async () => {
  const { data } = (await (await fetch(`${baseUrl}/api/v1/chain`)).json()) as {
    data: { id: number; contracts: { weth: Address } }[]
  }
  return data.find((c) => c.id === 31337)!.contracts.weth
}

describe('a collection offer', () => {
  it('made on the collection page is accepted by a holder with their item', async () => {
    const name = `Tide Marks ${Date.now().toString(36)}`
    const art = await deployForeignArt721(anvilUrl, {
      name,
      owner: testAccount(0),
      royaltyReceiver: testAccount(1).address,
      royaltyBps: 500,
    })
    const holder = await account(23)
    await art.mint(holder.wallet.address(), 1n, 3n)
    await openPage(holder.page, '/add-collection')
    await holder.page.getByLabel('Contract address').fill(art.address)
    await holder.page.getByRole('button', { name: 'Add collection' }).click()
    await holder.page.waitForURL(/\/collection\/tide-marks-/, { timeout: 30_000 })
    const collectionPath = new URL(holder.page.url()).pathname
    const owned = await ownedOf(holder.wallet.address(), art.address)
    expect(owned).toHaveLength(3)

    const collector = await account(24)
    await openPage(collector.page, collectionPath)
    await collector.page.getByRole('button', { name: 'Make a collection offer' }).click()
    const dialog = collector.page.getByTestId('collection-offer-modal')
    await dialog.getByLabel('Price per item (WETH)').fill('0.2')
    await dialog.getByLabel('How many items').fill('2')
    await dialog.getByTestId('collection-offer-total').getByText('0.4 WETH in all for 2').waitFor()
    await dialog.getByRole('checkbox').check()
    await dialog.getByRole('button', { name: 'Make offer' }).click()
    expect(await tradeOutcome(dialog)).toMatchObject({
      phase: 'done',
      text: expect.stringContaining('Your collection offer is live'),
    })
    // What was signed, in words, read from the order itself.
    expect(await dialog.getByTestId('signing-summary').textContent()).toContain(
      `You give: 0.4 WETH (0.2 WETH each).You get: 2 × any token of ${name}.If accepted, the holder of each receives 0.188 WETH`,
    )

    const weth = await wethAddress()
    const before = await chain.readContract({
      address: weth,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [holder.wallet.address()],
    })
    const item = owned.find((n) => n.name.endsWith('#2')) ?? owned[0]!
    await openPage(holder.page, `/item/${item.id}`)
    expect(await holder.page.getByTestId('best-collection-offer').textContent()).toBe(
      `Best collection offer: 0.2 WETH for any ${name}`,
    )
    await holder.page.getByRole('button', { name: 'Accept with this item' }).click()
    expect(await tradeOutcome(holder.page)).toMatchObject({
      phase: 'done',
      text: expect.stringContaining('Collection offer accepted: sold for 0.2 WETH'),
    })
    expect(await holder.page.getByTestId('signing-summary').textContent()).toContain('You get: 0.188 WETH')

    const tokenId = BigInt((await (await fetch(`${baseUrl}/api/v1/nfts/${item.id}`)).json()).data.tokenId as string)
    expect(
      await chain.readContract({ address: art.address, abi: erc721Abi, functionName: 'ownerOf', args: [tokenId] }),
    ).toBe(collector.wallet.address())
    // 0.2 WETH less the 1% platform fee and the contract's 5% EIP-2981 royalty.
    const after = await chain.readContract({
      address: weth,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [holder.wallet.address()],
    })
    expect(after - before).toBe(parseEther('0.188'))

    await openPage(collector.page, collectionPath)
    await collector.page.getByRole('region', { name: 'Collection offers' }).getByText('1 of 2 wanted').waitFor()
    expect([...holder.errors, ...collector.errors].filter((e) => !e.includes('Failed to load resource'))).toEqual([])
    await holder.close()
    await collector.close()
  })
})
