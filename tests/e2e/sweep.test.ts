/**
 * A sweep in a real browser: a collection of its own (imported, four listings by one seller), the
 * buyer asks for 3 within 0.5 ETH and is offered the two cheapest that fit, said so; the seller
 * cancels the cheapest before the buyer confirms; one transaction buys the other, charges exactly
 * its price plus gas, and says one was bought and one skipped (not charged).
 */
import {
  createTestClient,
  createWalletClient,
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
import {
  listingOrder,
  orderFromJson,
  orderToJson,
  orderTypedData,
  randomSalt,
  type OrderJson,
} from '../../chain/seaport'
import { openPage, sharedBrowser } from '../support/browser'
import { testAccount } from '../support/chain'
import { deployForeignArt721 } from '../support/foreign'
import { sessionCookie } from '../support/session'
import { visitorWithWallet } from '../support/test-wallet'
import { ownedOf, signInWithTestWallet, tradeOutcome } from '../support/trade-page'

const baseUrl = inject('baseUrl')
const anvilUrl = inject('anvilUrl')
const chain = createTestClient({ chain: anvil, mode: 'anvil', transport: http(anvilUrl) }).extend(publicActions)
const browser = sharedBrowser()
// Past anvil's funded accounts: no other test uses them.
const seller = testAccount(29)
const BUYER = 30

async function api<T>(path: string, init: { method?: string; json?: unknown } = {}): Promise<T> {
  const headers = new Headers({ cookie: await sessionCookie(seller.address.toLowerCase()) })
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

describe('a sweep', () => {
  it(
    'offers the cheapest within the maximum and buys them in one transaction, skipping one cancelled meanwhile',
    {
      timeout: 240_000,
    },
    async () => {
      await chain.setBalance({ address: seller.address, value: parseEther('10') })
      const wallet = createWalletClient({ chain: anvil, transport: http(anvilUrl), account: seller }).extend(
        publicActions,
      )
      const mined = async (hash: Promise<Hex>) =>
        expect((await chain.waitForTransactionReceipt({ hash: await hash })).status).toBe('success')
      const seaport = (await api<{ id: number; contracts: { seaport: Address } }[]>('/chain')).find(
        (c) => c.id === 31337,
      )!.contracts.seaport
      const art = await deployForeignArt721(anvilUrl, {
        name: `Sweep Lights ${Date.now().toString(36)}`,
        owner: seller,
      })
      await art.mint(seller.address, 1n, 4n)
      await api('/collections/import', { method: 'POST', json: { chainId: 31337, contract: art.address } })
      const owned = await ownedOf(seller.address, art.address)
      expect(owned.length).toBeGreaterThan(0)
      await mined(
        wallet.writeContract({
          address: art.address,
          abi: erc721Abi,
          functionName: 'setApprovalForAll',
          args: [seaport, true],
        }),
      )
      const item = await api<{ fees: { recipient: Address; bps: number }[]; collection: { slug: string } }>(
        `/nfts/${owned[0]!.id}`,
      )
      const now = BigInt(Math.floor(Date.now() / 1000))
      const hashes: Record<string, string> = {}
      for (const [tokenId, eth] of [
        [1n, '0.3'],
        [2n, '0.1'],
        [3n, '0.2'],
        [4n, '0.5'],
      ] as const) {
        const order = listingOrder({
          maker: seller.address,
          token: { contract: art.address, tokenId },
          price: parseEther(eth),
          fees: item.fees.filter((f) => f.bps > 0),
          startTime: now - 60n,
          endTime: now + 86_400n,
          salt: randomSalt(),
          counter: 0n,
        })
        const signature = await seller.signTypedData(orderTypedData(31337, seaport, order))
        const stored = await api<{ orderHash: string }>('/listings', {
          method: 'POST',
          json: { chainId: 31337, order: orderToJson(order), signature },
        })
        hashes[eth] = stored.orderHash
      }
      const slug = item.collection.slug

      const address = testAccount(BUYER).address
      await chain.setBalance({ address, value: parseEther('100') })
      await chain.impersonateAccount({ address })
      const buyer = await visitorWithWallet(browser, { rpcUrl: anvilUrl, accounts: [BUYER] })
      const { page } = buyer
      await signInWithTestWallet(page)
      await openPage(page, `/collection/${slug}`)
      await page.getByTestId('sweep-button').click()
      const panel = page.getByTestId('sweep-panel')
      await panel.getByLabel('How many').fill('3')
      await panel.getByLabel('Maximum total (ETH)').fill('0.5')
      await panel.getByRole('button', { name: 'Find the cheapest' }).click()
      expect(await panel.getByTestId('sweep-message').textContent()).toBe('2 of the 3 asked for fit within 0.5 ETH.')
      await panel.getByRole('button', { name: 'Buy 2 in one transaction' }).waitFor()
      expect(await panel.getByTestId('cart-total').textContent()).toBe('0.3 ETH')

      // The seller cancels the cheapest before the buyer confirms.
      const { components } = await api<{ components: OrderJson }>(`/orders/${hashes['0.1']}`)
      await mined(
        wallet.writeContract({
          address: seaport,
          abi: seaportAbi,
          functionName: 'cancel',
          args: [[orderFromJson(components)]],
        }),
      )

      await panel.getByRole('checkbox').check()
      const before = await chain.getBalance({ address })
      const nonce = await chain.getTransactionCount({ address })
      await panel.getByRole('button', { name: /^Buy \d in one transaction$/ }).click()
      expect(await tradeOutcome(panel)).toMatchObject({ phase: 'done' })
      expect(await chain.getTransactionCount({ address })).toBe(nonce + 1)
      const receipt = await chain.getTransactionReceipt({
        hash: (await panel.getByTestId('tx-hash').textContent()) as Hex,
      })
      expect(before - (await chain.getBalance({ address }))).toBe(
        parseEther('0.2') + receipt.gasUsed * receipt.effectiveGasPrice,
      )
      expect(await panel.getByTestId('cart-result').locator('p').first().textContent()).toBe(
        'Bought 1 · skipped 1 (not charged)',
      )
      expect(
        await chain.readContract({ address: art.address, abi: erc721Abi, functionName: 'ownerOf', args: [3n] }),
      ).toBe(address)
      expect(buyer.errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([])
      await buyer.close()
    },
  )
})
