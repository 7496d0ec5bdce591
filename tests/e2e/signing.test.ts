/**
 * Readable signing and one-step approvals in a real browser: the Sell, Buy, Accept and Cancel
 * dialogs say what the wallet gives and gets, read from the order; a listing that pays a stranger
 * is said loudly and waits before the wallet is asked. With an EIP-5792 wallet the approval
 * before a listing and the wrap-and-approve before an offer go as one wallet_sendCalls batch,
 * with a plain wallet as separate transactions, as before; the test wallet's batches are all or none.
 */
import {
  createTestClient,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  http,
  numberToHex,
  parseEther,
  publicActions,
  type Address,
} from 'viem'
import { anvil } from 'viem/chains'
import { describe, expect, inject, it } from 'vitest'
import { openPage, sharedBrowser } from '../support/browser'
import { testAccount } from '../support/chain'
import { seaportAbi } from '../../chain/artifacts/Seaport'
import { wrappedEtherAbi } from '../../chain/artifacts/WrappedEther'
import { listingOrder, orderToJson, orderTypedData, randomSalt } from '../../chain/seaport'
import { deployForeignArt721 } from '../support/foreign'
import { ownedOf, signInWithTestWallet, tradeOutcome } from '../support/trade-page'
import { visitorWithWallet, type TestWallet } from '../support/test-wallet'

const baseUrl = inject('baseUrl')
const anvilUrl = inject('anvilUrl')
const chain = createTestClient({ chain: anvil, mode: 'anvil', transport: http(anvilUrl) }).extend(publicActions)
const browser = sharedBrowser()

// Accounts 16 to 19 are this file's: funded here, their transactions sent by anvil impersonating them.
const SELLER = 16
const BUYER = 17
const BATCH_BIDDER = 18
const PLAIN_BIDDER = 19

async function visitor(account: number, eip5792: boolean) {
  const address = testAccount(account).address
  await chain.setBalance({ address, value: parseEther('1000') })
  await chain.impersonateAccount({ address })
  return visitorWithWallet(browser, { rpcUrl: anvilUrl, accounts: [account], eip5792 })
}

/** What the wallet was asked from here on: counts of the methods that matter. */
function counter(wallet: TestWallet) {
  const from = wallet.state.requests.length
  return () => {
    const asked = wallet.state.requests.slice(from)
    const count = (method: string) => asked.filter((m) => m === method).length
    return {
      sendCalls: count('wallet_sendCalls'),
      transactions: count('eth_sendTransaction'),
      signatures: count('eth_signTypedData_v4'),
    }
  }
}

const wethOf = async () => {
  const { data } = (await (await fetch(`${baseUrl}/api/v1/chain`)).json()) as {
    data: { id: number; contracts: { weth: Address; seaport: Address } }[]
  }
  return data.find((c) => c.id === 31337)!.contracts
}

describe('what you sign, and one step where the wallet can', () => {
  let nft: { id: number; name: string }
  let second: { id: number; name: string }
  const collection = `Glass Tide ${Date.now().toString(36)}`
  /** How the summary names a token: a bare number ("#1") with its collection. */
  const named = (token: { name: string }) => (token.name.startsWith('#') ? `${collection} ${token.name}` : token.name)

  it('the Sell dialog says what the order gives and gets; approve-and-list is one batch', async () => {
    const art = await deployForeignArt721(anvilUrl, {
      name: collection,
      owner: testAccount(0),
      royaltyReceiver: testAccount(1).address,
      royaltyBps: 500,
    })
    await art.mint(testAccount(SELLER).address, 1n, 2n)
    const seller = await visitor(SELLER, true)
    await signInWithTestWallet(seller.page)
    await openPage(seller.page, '/add-collection')
    await seller.page.getByLabel('Contract address').fill(art.address)
    await seller.page.getByRole('button', { name: 'Add collection' }).click()
    await seller.page.waitForURL(/\/collection\/glass-tide-/, { timeout: 30_000 })
    const owned = await ownedOf(seller.wallet.address(), art.address)
    expect(owned).toHaveLength(2)
    nft = owned[0]!
    second = owned[1]!

    await openPage(seller.page, `/item/${nft.id}`)
    const asked = counter(seller.wallet)
    await seller.page.getByRole('button', { name: 'Sell' }).click()
    const listing = seller.page.getByTestId('list-modal')
    await listing.getByLabel('Price (ETH)').fill('1.5')
    await listing.getByRole('button', { name: 'Complete listing' }).click()
    expect(await tradeOutcome(listing)).toMatchObject({ phase: 'done', text: expect.stringContaining('Listed') })
    const words = listing.getByTestId('signing-summary')
    // 1% platform fee and 5% EIP-2981 royalty out of 1.5 ETH.
    expect(await words.textContent()).toContain(
      `You give: ${named(nft)}.You get: 1.41 ETH — 1.5 ETH less a 0.015 platform fee and 0.075 creator earnings.`,
    )
    expect(await listing.getByTestId('signing-warnings').count()).toBe(0)
    expect(asked()).toEqual({ sendCalls: 1, transactions: 0, signatures: 1 })
    expect(seller.errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([])
    await seller.close()
  })

  it('the Buy dialog says what the buyer gives and gets; a plain wallet approves with its own transaction', async () => {
    const buyer = await visitor(BUYER, false)
    await signInWithTestWallet(buyer.page)
    await openPage(buyer.page, `/item/${nft.id}`)
    await buyer.page.getByRole('button', { name: 'Buy now' }).click()
    const checkout = buyer.page.getByTestId('checkout-modal')
    await checkout.getByRole('checkbox').check()
    await checkout.getByRole('button', { name: 'Confirm Checkout' }).click()
    expect(await tradeOutcome(checkout)).toMatchObject({ phase: 'done' })
    expect(await checkout.getByTestId('signing-summary').textContent()).toContain(
      `You give: 1.5 ETH.You get: ${named(nft)}.The seller receives 1.41 ETH — 1.5 ETH less a 0.015 platform fee and 0.075 creator earnings.`,
    )
    await checkout.getByRole('button', { name: 'Done' }).click()

    // Listing it again from a wallet without EIP-5792: Seaport's approval is a transaction of its own.
    const asked = counter(buyer.wallet)
    await buyer.page.getByRole('button', { name: 'Sell' }).click()
    const listing = buyer.page.getByTestId('list-modal')
    await listing.getByLabel('Price (ETH)').fill('2')
    await listing.getByRole('button', { name: 'Complete listing' }).click()
    expect(await tradeOutcome(listing)).toMatchObject({ phase: 'done' })
    expect(asked()).toEqual({ sendCalls: 0, transactions: 1, signatures: 1 })
    expect(buyer.errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([])
    await buyer.close()
  })

  it('an offer from no WETH: one batch and one signature with EIP-5792, two transactions without', async () => {
    const { weth, seaport } = await wethOf()
    for (const [account, eip5792, expected] of [
      [BATCH_BIDDER, true, { sendCalls: 1, transactions: 0, signatures: 1 }],
      [PLAIN_BIDDER, false, { sendCalls: 0, transactions: 2, signatures: 1 }],
    ] as const) {
      const bidder = await visitor(account, eip5792)
      const address = bidder.wallet.address()
      expect(
        await chain.readContract({ address: weth, abi: erc20Abi, functionName: 'balanceOf', args: [address] }),
      ).toBe(0n)
      await signInWithTestWallet(bidder.page)
      await openPage(bidder.page, `/item/${nft.id}`)
      const asked = counter(bidder.wallet)
      await bidder.page.getByRole('button', { name: 'Place bid' }).click()
      const bid = bidder.page.getByTestId('bid-modal')
      await bid.getByLabel('Amount (WETH)').fill('0.2')
      await bid.getByRole('checkbox').check()
      await bid.getByRole('button', { name: 'Place Bid' }).click()
      expect(await tradeOutcome(bid)).toMatchObject({ phase: 'done', text: expect.stringContaining('offer is live') })
      expect(await bid.getByTestId('signing-summary').textContent()).toContain(
        `You give: 0.2 WETH.You get: ${named(nft)}.If accepted, the holder receives 0.188 WETH — 0.2 WETH less a 0.002 platform fee and 0.01 creator earnings.`,
      )
      expect(asked()).toEqual(expected)
      expect(
        await chain.readContract({ address: weth, abi: erc20Abi, functionName: 'balanceOf', args: [address] }),
      ).toBe(parseEther('0.2'))
      expect(
        await chain.readContract({ address: weth, abi: erc20Abi, functionName: 'allowance', args: [address, seaport] }),
      ).toBe(parseEther('0.2'))
      expect(bidder.errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([])
      await bidder.close()
    }
  })

  it('a listing that pays a stranger is said loudly, and the wallet is asked nothing until the buyer goes on', async () => {
    // The seller signs, outside Vitrine's dialog, a listing of their second token that also pays a stranger.
    const { seaport } = await wethOf()
    const seller = await visitor(SELLER, true)
    await signInWithTestWallet(seller.page)
    const item = (await (await fetch(`${baseUrl}/api/v1/nfts/${second.id}`)).json()).data as {
      contract: Address
      tokenId: string
      fees: { recipient: Address; bps: number }[]
    }
    const maker = testAccount(SELLER)
    const stranger = getAddress(testAccount(15).address)
    const order = listingOrder({
      maker: maker.address,
      token: { contract: getAddress(item.contract), tokenId: BigInt(item.tokenId) },
      price: parseEther('1.01'),
      fees: item.fees
        .filter((fee) => fee.bps > 0)
        .map((fee) => ({ recipient: getAddress(fee.recipient), bps: fee.bps })),
      startTime: BigInt(Math.floor(Date.now() / 1000)) - 60n,
      endTime: BigInt(Math.floor(Date.now() / 1000)) + 86_400n,
      salt: randomSalt(),
      counter: await chain.readContract({
        address: seaport,
        abi: seaportAbi,
        functionName: 'getCounter',
        args: [maker.address],
      }),
    })
    // 0.01 ETH of the seller's share goes to the stranger: the fees are all there, the price unchanged.
    const share = order.consideration[0]!.startAmount - parseEther('0.01')
    order.consideration[0] = { ...order.consideration[0]!, startAmount: share, endAmount: share }
    order.consideration.push({
      ...order.consideration[1]!,
      recipient: stranger,
      startAmount: parseEther('0.01'),
      endAmount: parseEther('0.01'),
    })
    const signature = await maker.signTypedData(orderTypedData(31337, seaport, order))
    const submitted = await seller.page.request.post(`${baseUrl}/api/v1/listings`, {
      data: { chainId: 31337, order: orderToJson(order), signature },
    })
    expect(submitted.status(), await submitted.text()).toBe(201)
    await seller.close()

    const buyer = await visitor(PLAIN_BIDDER, false)
    await openPage(buyer.page, `/item/${second.id}`)
    const asked = counter(buyer.wallet)
    await buyer.page.getByRole('button', { name: 'Buy now' }).click()
    const checkout = buyer.page.getByTestId('checkout-modal')
    await checkout.getByRole('checkbox').check()
    await checkout.getByRole('button', { name: 'Confirm Checkout' }).click()
    const warnings = checkout.getByTestId('signing-warnings')
    await warnings.waitFor()
    expect(await warnings.textContent()).toBe(
      `0.01 ETH goes to ${stranger}, who is neither you nor a known fee recipient.`,
    )
    expect(await checkout.getByTestId('signing-order').textContent()).toContain(
      `You give: 1.01 ETH.You get: ${named(second)}.`,
    )
    await checkout.getByRole('button', { name: 'Continue to the wallet anyway' }).waitFor()
    expect(asked()).toEqual({ sendCalls: 0, transactions: 0, signatures: 0 })
    await checkout.getByRole('button', { name: 'Stop' }).click()
    expect(await tradeOutcome(checkout)).toMatchObject({
      phase: 'failed',
      text: expect.stringContaining('Nothing was signed or sent'),
    })
    expect(asked()).toEqual({ sendCalls: 0, transactions: 0, signatures: 0 })
    expect(buyer.errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([])
    await buyer.close()
  })

  it('accepting an offer, cancelling a listing and starting an auction say what happens first', async () => {
    const holder = await visitor(BUYER, false)
    await signInWithTestWallet(holder.page)
    await openPage(holder.page, `/item/${nft.id}`)
    const bidder = testAccount(BATCH_BIDDER).address
    const offer = holder.page
      .getByTestId('offers')
      .locator('li', { hasText: '0.2 WETH' })
      .filter({ hasText: bidder.slice(0, 6) })
    await offer.getByRole('button', { name: 'Accept' }).click()
    expect(await tradeOutcome(holder.page)).toMatchObject({
      phase: 'done',
      text: expect.stringContaining('Offer accepted'),
    })
    expect(await holder.page.getByTestId('signing-summary').textContent()).toContain(
      `Accept the offerYou give: ${named(nft)}.You get: 0.188 WETH — 0.2 WETH less a 0.002 platform fee and 0.01 creator earnings.`,
    )
    await holder.close()

    const seller = await visitor(SELLER, true)
    await signInWithTestWallet(seller.page)
    await openPage(seller.page, `/item/${second.id}`)
    await seller.page.getByRole('button', { name: 'Cancel listing' }).click()
    expect(await tradeOutcome(seller.page)).toMatchObject({ phase: 'done', text: expect.stringContaining('cancelled') })
    expect(await seller.page.getByTestId('signing-summary').textContent()).toContain(
      `CancelYou give: nothing (only the gas).You get: your listing (${named(second)} for 0.9394 ETH) can no longer be filled.`,
    )

    // Starting an auction signs nothing yet, and says so.
    await openPage(seller.page, `/item/${second.id}`)
    await seller.page.getByRole('button', { name: 'Sell' }).click()
    const sell = seller.page.getByTestId('list-modal')
    await sell.getByText('Timed auction').click()
    await sell.getByLabel('Reserve price (ETH)').fill('0.5')
    await sell.getByRole('button', { name: 'Start auction' }).click()
    expect(await tradeOutcome(sell)).toMatchObject({
      phase: 'done',
      text: expect.stringContaining('auction is running'),
    })
    expect(await sell.getByTestId('signing-summary').textContent()).toContain(
      `Start an auctionYou give: nothing yet (${named(second)} moves only when you accept a bid).You get: bids in WETH of at least 0.5 ETH.`,
    )
    expect([...seller.errors].filter((e) => !e.includes('Failed to load resource'))).toEqual([])
    await seller.close()
  })

  it("the test wallet's batch is all or none: a failing call leaves the first undone", async () => {
    const { weth } = await wethOf()
    const wallet = await visitor(PLAIN_BIDDER, true)
    await openPage(wallet.page, '/')
    const address = wallet.wallet.address()
    const balance = () =>
      chain.readContract({ address: weth, abi: erc20Abi, functionName: 'balanceOf', args: [address] })
    const before = await balance()
    const calls = [
      {
        to: weth,
        data: encodeFunctionData({ abi: wrappedEtherAbi, functionName: 'deposit' }),
        value: numberToHex(parseEther('0.5')),
      },
      // Nobody allowed this wallet to move a stranger's WETH: this one reverts.
      {
        to: weth,
        data: encodeFunctionData({
          abi: erc20Abi,
          functionName: 'transferFrom',
          args: [testAccount(15).address, address, 1n],
        }),
      },
    ]
    const request = (method: string, params: unknown[]) =>
      wallet.page.evaluate(
        `new Promise((resolve) => {
          window.addEventListener('eip6963:announceProvider', (e) => resolve(e.detail.provider), { once: true })
          window.dispatchEvent(new Event('eip6963:requestProvider'))
        }).then((provider) => provider.request(${JSON.stringify({ method, params })}))`,
      )
    const sent = (await request('wallet_sendCalls', [
      { version: '2.0.0', chainId: '0x7a69', from: address, atomicRequired: true, calls },
    ])) as { id: string }
    expect(await request('wallet_getCallsStatus', [sent.id])).toMatchObject({ status: 500, atomic: true, receipts: [] })
    expect(await balance()).toBe(before)
    // Without the failing call, the deposit goes through, with its receipt.
    const alone = (await request('wallet_sendCalls', [
      { version: '2.0.0', chainId: '0x7a69', from: address, atomicRequired: true, calls: calls.slice(0, 1) },
    ])) as { id: string }
    expect(await request('wallet_getCallsStatus', [alone.id])).toMatchObject({
      status: 200,
      receipts: [{ status: '0x1' }],
    })
    expect(await balance()).toBe(before + parseEther('0.5'))
    await wallet.close()
  })
})
