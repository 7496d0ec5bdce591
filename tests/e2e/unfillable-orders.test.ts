/**
 * An order that can no longer be filled, as a person sees it: a listing whose token its seller
 * gave away offers no "Buy now", and an offer whose bidder sent their WETH away no "Accept";
 * each says why. The orders are signed by their makers and submitted through the REST API; the
 * dev server's own indexer loop finds out on chain.
 */
import {
  createTestClient,
  createWalletClient,
  erc20Abi,
  erc721Abi,
  http,
  parseEther,
  publicActions,
  type Address,
  type Hex,
} from 'viem'
import { anvil } from 'viem/chains'
import { describe, expect, inject, it } from 'vitest'
import { seaportAbi } from '../../chain/artifacts/Seaport'
import { wrappedEtherAbi } from '../../chain/artifacts/WrappedEther'
import {
  listingOrder,
  offerOrder,
  orderToJson,
  orderTypedData,
  randomSalt,
  type OrderComponents,
} from '../../chain/seaport'
import { openPage, sharedBrowser } from '../support/browser'
import { testAccount } from '../support/chain'
import { deployForeignArt721 } from '../support/foreign'
import { sessionCookie } from '../support/session'
import { visitorWithWallet } from '../support/test-wallet'
import { ownedOf, signInWithTestWallet } from '../support/trade-page'

const baseUrl = inject('baseUrl')
const anvilUrl = inject('anvilUrl')
const chain = createTestClient({ chain: anvil, mode: 'anvil', transport: http(anvilUrl) }).extend(publicActions)
const browser = sharedBrowser()

// Accounts past anvil's ten funded ones: no other test or seeded order uses them.
const seller = testAccount(10)
const collector = testAccount(11)
const bidder = testAccount(12)
type Account = typeof seller

/** A wallet of `account` that sends a transaction and waits for it. */
const walletOf = (account: Account) =>
  createWalletClient({ chain: anvil, transport: http(anvilUrl), account }).extend(publicActions)
async function mined(hash: Promise<Hex>) {
  expect((await chain.waitForTransactionReceipt({ hash: await hash })).status).toBe('success')
}

async function api<T>(path: string, init: { method?: string; json?: unknown; as?: Account } = {}): Promise<T> {
  const headers = new Headers()
  if (init.as) headers.set('cookie', await sessionCookie(init.as.address.toLowerCase()))
  if (init.json !== undefined) headers.set('content-type', 'application/json')
  const response = await fetch(`${baseUrl}/api/v1${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  })
  const body = (await response.json()) as { data?: unknown; error?: { message: string } }
  if (!response.ok) throw new Error(`${path}: ${response.status} ${body.error?.message}`)
  return body.data as T
}

/** Signs `order` as its maker and submits it; answers its hash. */
async function submit(kind: 'listings' | 'offers', maker: Account, seaport: Address, order: OrderComponents) {
  const signature: Hex = await maker.signTypedData(orderTypedData(31337, seaport, order))
  const stored = await api<{ orderHash: string }>(`/${kind}`, {
    method: 'POST',
    json: { chainId: 31337, order: orderToJson(order), signature },
    as: maker,
  })
  return stored.orderHash
}

/** Waits for the indexer to find the order unfillable; answers the block it was checked at. */
async function untilUnfillable(orderHash: string, reason: string) {
  for (const deadline = Date.now() + 45_000; ;) {
    const order = await api<{ fillable: boolean; reason: string | null; checkedBlock: number }>(`/orders/${orderHash}`)
    if (!order.fillable && order.reason === reason) return order.checkedBlock
    if (Date.now() > deadline) throw new Error(`order ${orderHash} is still ${JSON.stringify(order)}`)
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}

describe('an order that can no longer be filled', () => {
  it(
    'shows no Buy once the seller gave the token away, and no Accept once the bidder sent their WETH away; each says why',
    {
      timeout: 180_000,
    },
    async () => {
      for (const account of [seller, collector, bidder]) {
        await chain.setBalance({ address: account.address, value: parseEther('10') })
      }
      const { contracts } = (
        await api<{ id: number; contracts: { seaport: Address; weth: Address } }[]>('/chain')
      ).find((c) => c.id === 31337)!
      const art = await deployForeignArt721(anvilUrl, {
        name: `Moving Lights ${Date.now().toString(36)}`,
        owner: seller,
      })
      await art.mint(seller.address, 1n)
      await api('/collections/import', { method: 'POST', json: { chainId: 31337, contract: art.address }, as: seller })
      const [nft] = await ownedOf(seller.address, art.address)
      expect(nft).toBeDefined()
      const item = await api<{ fees: { recipient: Address; bps: number }[] }>(`/nfts/${nft!.id}`)
      const fees = item.fees.filter((fee) => fee.bps > 0)
      const token = { contract: art.address, tokenId: 1n }
      const now = BigInt(Math.floor(Date.now() / 1000))
      const terms = (maker: Account) =>
        chain
          .readContract({
            address: contracts.seaport,
            abi: seaportAbi,
            functionName: 'getCounter',
            args: [maker.address],
          })
          .then((counter) => ({ startTime: now - 60n, endTime: now + 86_400n, salt: randomSalt(), counter }))

      // The seller lists it; a visitor is offered to buy it.
      await mined(
        walletOf(seller).writeContract({
          address: art.address,
          abi: erc721Abi,
          functionName: 'setApprovalForAll',
          args: [contracts.seaport, true],
        }),
      )
      const listing = listingOrder({
        maker: seller.address,
        token,
        price: parseEther('0.3'),
        fees,
        ...(await terms(seller)),
      })
      const listingHash = await submit('listings', seller, contracts.seaport, listing)
      const visitor = await visitorWithWallet(browser, { rpcUrl: anvilUrl, accounts: [12] })
      await openPage(visitor.page, `/item/${nft!.id}`)
      await visitor.page.getByRole('button', { name: 'Buy now' }).waitFor()

      // The seller gives the token away: the listing stays on the page, without a Buy button.
      const { blockNumber: given } = await art.transfer(seller, collector.address, 1n)
      const checked = await untilUnfillable(listingHash, 'not_owner')
      expect(BigInt(checked)).toBeGreaterThanOrEqual(given)
      await openPage(visitor.page, `/item/${nft!.id}`)
      const why = visitor.page.getByTestId('listing-unfillable')
      await why.getByText('The seller no longer holds this token').waitFor()
      expect(await why.textContent()).toContain(`(checked at block ${checked})`)
      expect(await visitor.page.getByRole('button', { name: 'Buy now' }).count()).toBe(0)

      // A bidder offers WETH; the new owner is offered to accept it.
      const wallet = walletOf(bidder)
      await mined(
        wallet.writeContract({
          address: contracts.weth,
          abi: wrappedEtherAbi,
          functionName: 'deposit',
          value: parseEther('0.2'),
        }),
      )
      await mined(
        wallet.writeContract({
          address: contracts.weth,
          abi: erc20Abi,
          functionName: 'approve',
          args: [contracts.seaport, parseEther('0.2')],
        }),
      )
      const offer = offerOrder({
        maker: bidder.address,
        token,
        price: parseEther('0.1'),
        fees,
        weth: contracts.weth,
        ...(await terms(bidder)),
      })
      const offerHash = await submit('offers', bidder, contracts.seaport, offer)
      const owner = await visitorWithWallet(browser, { rpcUrl: anvilUrl, accounts: [11] })
      await signInWithTestWallet(owner.page)
      await openPage(owner.page, `/item/${nft!.id}`)
      const offers = owner.page.getByTestId('offers')
      await offers.getByRole('button', { name: 'Accept' }).waitFor()

      // The bidder sends their WETH away: the offer stays listed, without an Accept button.
      await mined(
        wallet.writeContract({
          address: contracts.weth,
          abi: erc20Abi,
          functionName: 'transfer',
          args: [seller.address, parseEther('0.2')],
        }),
      )
      await untilUnfillable(offerHash, 'insufficient_balance')
      await openPage(owner.page, `/item/${nft!.id}`)
      await offers.getByTestId('offer-unfillable').getByText('no longer holds enough WETH').waitFor()
      expect(await offers.getByRole('button', { name: 'Accept' }).count()).toBe(0)

      const errors = [...visitor.errors, ...owner.errors].filter((e) => !e.includes('Failed to load resource'))
      expect(errors).toEqual([])
      await visitor.close()
      await owner.close()
    },
  )
})
