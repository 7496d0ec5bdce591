/**
 * An offer on an ERC-1155 token in a real browser: a collector offers WETH for 3 of a token at a
 * price per token, and a holder of only 2 accepts what they hold. Seaport fills that part, the
 * holder is paid in WETH less the platform fee and the contract's EIP-2981 royalty, and the item
 * still asks for the one left.
 */
import { createPublicClient, erc1155Abi, erc20Abi, http, type Address } from 'viem'
import { anvil } from 'viem/chains'
import { describe, expect, inject, it } from 'vitest'
import { sharedBrowser, openPage } from '../support/browser'
import { testAccount } from '../support/chain'
import { deployForeignEditions1155 } from '../support/foreign'
import { signInWithTestWallet, tradeOutcome, ownedOf } from '../support/trade-page'
import { visitorWithWallet } from '../support/test-wallet'

const baseUrl = inject('baseUrl')
const anvilUrl = inject('anvilUrl')
const chain = createPublicClient({ chain: anvil, transport: http(anvilUrl) })
const browser = sharedBrowser()

const weth = async (address: Address) => {
  const { data } = (await (await fetch(`${baseUrl}/api/v1/chain`)).json()) as {
    data: { id: number; contracts: { weth: Address } }[]
  }
  const token = data.find((c) => c.id === 31337)!.contracts.weth
  return chain.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [address] })
}

describe('an offer on an ERC-1155 token', () => {
  it('asks for 3 at a price per token; a holder of 2 accepts them, and 1 is still wanted', async () => {
    // Accounts 5 and 6 are this file's and the ERC-1155 listing test's (they never trade at once).
    const editions = await deployForeignEditions1155(anvilUrl, {
      name: `Lock Keys ${Date.now().toString(36)}`,
      owner: testAccount(0),
      royaltyReceiver: testAccount(1).address,
      royaltyBps: 500,
    })
    await editions.mint(testAccount(5).address, 4n, 2n)
    const holder = await visitorWithWallet(browser, { rpcUrl: anvilUrl, accounts: [5] })
    await signInWithTestWallet(holder.page)
    await openPage(holder.page, '/add-collection')
    await holder.page.getByLabel('Contract address').fill(editions.address)
    await holder.page.getByRole('button', { name: 'Add collection' }).click()
    await holder.page.waitForURL(/\/collection\/lock-keys-/, { timeout: 30_000 })
    const [nft] = await ownedOf(holder.wallet.address(), editions.address)
    expect(nft).toBeDefined()

    const bidder = await visitorWithWallet(browser, { rpcUrl: anvilUrl, accounts: [6] })
    await signInWithTestWallet(bidder.page)
    await openPage(bidder.page, `/item/${nft!.id}`)
    await bidder.page.getByRole('button', { name: 'Make offer' }).click()
    const bid = bidder.page.getByTestId('bid-modal')
    await bid.getByLabel('Price per token (WETH)').fill('0.05')
    await bid.getByLabel('How many').fill('3')
    expect(await bid.getByTestId('bid-total').textContent()).toBe('0.15 WETH for 3')
    await bid.getByRole('checkbox').check()
    await bid.getByRole('button', { name: 'Place Bid' }).click()
    expect(await tradeOutcome(bid)).toMatchObject({
      phase: 'done',
      text: expect.stringContaining('Any holder can accept it'),
    })

    const before = await weth(holder.wallet.address())
    await openPage(holder.page, `/item/${nft!.id}`)
    const offer = holder.page.getByTestId('offers').locator('li', { hasText: 'each · 3 of 3 wanted' })
    await offer.getByRole('button', { name: 'Accept' }).click()
    expect(await tradeOutcome(holder.page)).toMatchObject({
      phase: 'done',
      text: expect.stringContaining('sold 2 for 0.05 WETH each'),
    })

    const balanceOf = (account: Address) =>
      chain.readContract({ address: editions.address, abi: erc1155Abi, functionName: 'balanceOf', args: [account, 4n] })
    expect(await balanceOf(bidder.wallet.address())).toBe(2n)
    expect(await balanceOf(holder.wallet.address())).toBe(0n)
    // 2 × 0.05 WETH, less 1% platform fee and 5% EIP-2981 royalty.
    expect((await weth(holder.wallet.address())) - before).toBe(94_000_000_000_000_000n)
    await openPage(bidder.page, `/item/${nft!.id}`)
    await bidder.page.getByTestId('offers').getByText('each · 1 of 3 wanted').waitFor()
    expect([...holder.errors, ...bidder.errors].filter((e) => !e.includes('Failed to load resource'))).toEqual([])
    await Promise.all([holder.close(), bidder.close()])
  }, 180_000)
})
