/**
 * The cart in a real browser with a test wallet on the dev chain: five listed items go into the
 * cart, a reload keeps them, another account buys one on chain before checkout, and the checkout
 * sends one transaction that buys the other four, charges exactly their prices plus gas, says that
 * four were bought and one skipped (not charged), and takes the four out of the cart.
 */
import { createTestClient, createWalletClient, http, parseEther, publicActions, zeroHash, type Hex } from 'viem'
import { anvil } from 'viem/chains'
import { describe, expect, inject, it } from 'vitest'
import { seaportAbi } from '../../chain/artifacts/Seaport'
import { localDeployment } from '../../chain/artifacts/localDeployment'
import { orderFromJson, orderParameters, type OrderJson } from '../../chain/seaport'
import { openPage, sharedBrowser } from '../support/browser'
import { testAccount } from '../support/chain'
import { signInWithTestWallet, tradeOutcome } from '../support/trade-page'
import { visitorWithWallet } from '../support/test-wallet'

const baseUrl = inject('baseUrl')
const anvilUrl = inject('anvilUrl')
const chain = createTestClient({ chain: anvil, mode: 'anvil', transport: http(anvilUrl) }).extend(publicActions)
const browser = sharedBrowser()
/** Past anvil's funded accounts, funded and impersonated here; no other test uses them. */
const BUYER = 27
const OTHER = 28
/** Other browser tests buy the cheapest verified listings and read this collection's: these stay clear. */
const AVOIDED = 'harbour-lights-local'

interface Listed {
  id: number
  name: string
  orderHash: string
  wei: bigint
}

/** The five dearest fixed-price Seaport listings of Vitrine's own ERC-721 collections. */
async function fiveListings(): Promise<Listed[]> {
  const json = (path: string) => fetch(`${baseUrl}/api/v1${path}`).then((r) => r.json()) as Promise<any> // eslint-disable-line @typescript-eslint/no-explicit-any
  const page = await json('/nfts?chain=31337&status=buy-now&filter=verified&sort=price-desc&limit=40')
  const found: Listed[] = []
  for (const nft of page.data) {
    if (found.length === 5) break
    if (nft.collection.slug === AVOIDED) continue
    const item = (await json(`/nfts/${nft.id}`)).data
    if (item.standard !== 'erc721') continue
    const listing = item.listings.find((l: any) => l.kind === 'fixed' && l.orderHash && l.fillable) // eslint-disable-line @typescript-eslint/no-explicit-any
    if (listing)
      found.push({ id: nft.id, name: item.name, orderHash: listing.orderHash, wei: BigInt(listing.price.wei) })
  }
  expect(found).toHaveLength(5)
  return found
}

/** Another account fills the listing directly on Seaport, as any other marketplace would. */
async function buyOnChain(listing: Listed) {
  const address = testAccount(OTHER).address
  await chain.setBalance({ address, value: parseEther('1000') })
  await chain.impersonateAccount({ address })
  const { data } = (await (await fetch(`${baseUrl}/api/v1/orders/${listing.orderHash}`)).json()) as {
    data: { components: OrderJson; signature: Hex }
  }
  const wallet = createWalletClient({ chain: anvil, transport: http(anvilUrl), account: address })
  const hash = await wallet.writeContract({
    address: localDeployment.seaport,
    abi: seaportAbi,
    functionName: 'fulfillOrder',
    args: [{ parameters: orderParameters(orderFromJson(data.components)), signature: data.signature }, zeroHash],
    value: listing.wei,
  })
  expect((await chain.waitForTransactionReceipt({ hash })).status).toBe('success')
}

describe('a cart of five', () => {
  it(
    'survives a reload, buys four in one transaction when one was sold meanwhile, and says so',
    { timeout: 240_000 },
    async () => {
      const listings = await fiveListings()
      const address = testAccount(BUYER).address
      await chain.setBalance({ address, value: parseEther('100000') })
      await chain.impersonateAccount({ address })
      const buyer = await visitorWithWallet(browser, { rpcUrl: anvilUrl, accounts: [BUYER] })
      const { page } = buyer
      await signInWithTestWallet(page)

      for (const listing of listings) {
        await openPage(page, `/item/${listing.id}`)
        await page.getByRole('button', { name: 'Add to cart' }).click()
        await page.getByRole('button', { name: 'In cart' }).waitFor()
      }
      expect(await page.getByTestId('cart-count').textContent()).toBe('5')
      // The cart is the visitor's to edit: what does not read back as an entry is left out.
      await page.evaluate(() => {
        const key = 'vitrine:cart:31337'
        const entries = JSON.parse(localStorage.getItem(key) ?? '[]') as Record<string, unknown>[]
        const forged = { ...entries[0], orderHash: `0x${'1'.repeat(64)}`, image: 'javascript:alert(1)' }
        localStorage.setItem(key, JSON.stringify([...entries, forged, { orderHash: 'nope' }, 'junk']))
      })
      await page.reload()
      await page.getByTestId('cart-count').waitFor()
      expect(await page.getByTestId('cart-count').textContent()).toBe('5')

      const sold = listings[1]!
      await buyOnChain(sold)

      await page.getByTestId('cart-button').click()
      const panel = page.getByTestId('cart-panel')
      await panel.getByRole('button', { name: /^Buy \d in one transaction$/ }).waitFor()
      expect(await panel.getByTestId('cart-line').count()).toBe(5)
      for (const listing of listings) await panel.getByText(listing.name, { exact: true }).waitFor()
      await panel.getByRole('checkbox').check()
      const nonce = await chain.getTransactionCount({ address })
      const before = await chain.getBalance({ address })
      await panel.getByRole('button', { name: /^Buy \d in one transaction$/ }).click()
      expect(await tradeOutcome(panel)).toMatchObject({ phase: 'done' })

      // One transaction, charged exactly the four that were bought, plus its gas.
      expect(await chain.getTransactionCount({ address })).toBe(nonce + 1)
      const hash = (await panel.getByTestId('tx-hash').textContent()) as Hex
      const receipt = await chain.getTransactionReceipt({ hash })
      const bought = listings.filter((l) => l !== sold).reduce((sum, l) => sum + l.wei, 0n)
      expect(before - (await chain.getBalance({ address }))).toBe(bought + receipt.gasUsed * receipt.effectiveGasPrice)

      const result = panel.getByTestId('cart-result')
      expect(await result.locator('p').first().textContent()).toBe('Bought 4 · skipped 1 (not charged)')
      for (const listing of listings.filter((l) => l !== sold))
        await result.getByText(`Bought: ${listing.name}`, { exact: true }).waitFor()
      await result.getByText(new RegExp(`^Skipped.*: ${sold.name}$`)).waitFor()
      // The four bought leave the cart; the one sold to someone else stays until removed.
      expect(await page.getByTestId('cart-count').textContent()).toBe('1')
      expect(buyer.errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([])
      await buyer.close()
    },
  )
})
