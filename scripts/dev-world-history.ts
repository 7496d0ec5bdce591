/**
 * The dev world's market history: a few sales between anvil's test accounts 3 to 6, made on the
 * local chain at the first start so that rankings, the activity feed and item pages show trades
 * that happened. Each is a Seaport 1.6 fill of an order made and checked as a browser's would be
 * (./dev-orders.ts); the indexer then reads them from the chain like any other sale. Nothing here
 * writes a sale, a transfer or a volume. Each step looks before it acts (a sale from that seller to
 * that buyer, a listing by that seller), so a restart sends no transaction and writes no row.
 * Node only: scripts/dev-world.ts.
 */
import { and, eq, gte, isNull, lt, ne, or } from 'drizzle-orm'
import { createPublicClient, http } from 'viem'
import { anvil } from 'viem/chains'
import { accounts } from '../chain/local-market'
import { LOCAL_CHAIN_ID } from '../chain/marketplace'
import { chainCursors, collections, listings, offers, sales } from '../db/schema'
import type { Runtime } from '../server/platform/runtime'
import { indexConfiguredChains } from '../server/trading/indexing'
import { fillDevOrder, findDevToken, listDevToken, offerOnDevToken, type DevToken } from './dev-orders'

export type HistoryStep =
  /** `buyer` fills `seller`'s open listing of the token (`units` of an ERC-1155 listing: part of it). */
  | { kind: 'buy'; collection: string; tokenId: bigint; seller: number; buyer: number; units?: bigint }
  /** `bidder` offers `price` WETH for the ERC-721 token and its holder accepts the offer. */
  | { kind: 'offer'; collection: string; tokenId: bigint; holder: number; bidder: number; price: string }
  /** `seller`, who bought the token in an earlier step, lists it again at `price` ETH. */
  | { kind: 'relist'; collection: string; tokenId: bigint; seller: number; price: string }

/**
 * Vitrine's own collections' listings (seeded by chain/local-market.ts) and the imported ones'
 * (chain/local-foreign.ts), by collection name. The tokens Vitrine lists cheapest (0.12 ETH, each
 * collection's #6) are left alone and relists ask more than that: the cheapest buy-now on the
 * local chain stays a Vitrine ERC-721 (the browser's trading test buys it).
 */
export const DEV_HISTORY: readonly HistoryStep[] = [
  { kind: 'buy', collection: 'Harbour Lights', tokenId: 9n, seller: 4, buyer: 6 },
  { kind: 'buy', collection: 'Night Market Tickets', tokenId: 3n, seller: 3, buyer: 5 },
  { kind: 'buy', collection: 'Tidewater Studies', tokenId: 12n, seller: 5, buyer: 3 },
  { kind: 'buy', collection: 'Kiln Glazes', tokenId: 3n, seller: 6, buyer: 4 },
  { kind: 'buy', collection: 'Open Sketchbook', tokenId: 4n, seller: 5, buyer: 3 },
  { kind: 'buy', collection: 'Tram Tokens', tokenId: 3n, seller: 5, buyer: 6, units: 2n },
  { kind: 'offer', collection: 'Chain Hues', tokenId: 1n, holder: 5, bidder: 4, price: '0.25' },
  { kind: 'relist', collection: 'Kiln Glazes', tokenId: 3n, seller: 4, price: '0.55' },
  { kind: 'relist', collection: 'Night Market Tickets', tokenId: 3n, seller: 5, price: '0.95' },
]

export interface DevHistoryResult {
  /** Fills sent by this run (none on a restart). */
  sold: number
  /** Transactions sent: fills, and the approvals and WETH an offer needs. */
  transactions: number
  /** Steps left out, with the reason (a listing bought or cancelled meanwhile, …). */
  skipped: string[]
}

/** Takes the steps of `plan` that have not been taken; indexes the chain before relisting and at the end. */
export async function makeDevHistory(
  runtime: Runtime,
  rpcUrl: string,
  { timeoutMs = 60_000, plan = DEV_HISTORY }: { timeoutMs?: number; plan?: readonly HistoryStep[] } = {},
): Promise<DevHistoryResult> {
  const result: DevHistoryResult = { sold: 0, transactions: 0, skipped: [] }
  const clock = secondsClock()
  let unindexed = false
  for (const step of plan) {
    try {
      // A relist needs its seller to own the token in the database too, as the item page shows it.
      if (step.kind === 'relist' && unindexed) {
        await indexToHead(runtime, rpcUrl, timeoutMs)
        unindexed = false
      }
      const outcome = await takeStep(runtime, rpcUrl, step, clock)
      if (outcome === 'already') continue
      result.transactions += outcome.transactions
      if (outcome.sold) {
        result.sold++
        unindexed = true
      }
    } catch (error) {
      result.skipped.push(`${describe(step)}: ${(error as Error).message.split('\n')[0]}`)
    }
  }
  if (unindexed) {
    // The indexer loop of the dev server reads what is left; the site starts either way.
    await indexToHead(runtime, rpcUrl, timeoutMs).catch((error: Error) => {
      result.skipped.push(`indexing the sales: ${error.message.split('\n')[0]}`)
    })
  }
  return result
}

const describe = (step: HistoryStep) => {
  const what = `${step.collection} #${step.tokenId}`
  if (step.kind === 'buy') return `account ${step.buyer} buying ${what} from account ${step.seller}`
  if (step.kind === 'offer') return `account ${step.holder} accepting account ${step.bidder}'s offer on ${what}`
  return `account ${step.seller} listing ${what} again`
}

/**
 * A block's time is in whole seconds, a listing's or an offer's in milliseconds: a fill in the
 * second its order was written would be dated before it, and the feed and item pages would show
 * the sale first. `settle` waits for the next second after the last write (`wrote`) before a fill.
 */
function secondsClock() {
  // The dev world's listings were written just before the history starts.
  let wroteAt = Date.now()
  return {
    wrote: () => {
      wroteAt = Date.now()
    },
    settle: async () => {
      const wait = Math.floor(wroteAt / 1000) * 1000 + 1000 - Date.now()
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
    },
  }
}

async function takeStep(
  runtime: Runtime,
  rpcUrl: string,
  step: HistoryStep,
  clock: ReturnType<typeof secondsClock>,
): Promise<'already' | { sold: boolean; transactions: number }> {
  const token = await tokenOf(runtime, step.collection, step.tokenId)
  switch (step.kind) {
    case 'buy': {
      if (await soldBetween(runtime, token, step.seller, step.buyer)) return 'already'
      const [listing] = await runtime.db
        .select({ orderHash: listings.orderHash })
        .from(listings)
        .where(
          and(
            eq(listings.nftId, token.nft.id),
            eq(listings.maker, addressOf(step.seller)),
            eq(listings.kind, 'fixed'),
            eq(listings.status, 'active'),
          ),
        )
        .limit(1)
      if (!listing?.orderHash) throw new Error('no open listing by the seller (bought, cancelled or expired meanwhile)')
      await clock.settle()
      const { transactions } = await fillDevOrder(runtime, rpcUrl, listing.orderHash, step.buyer, step.units)
      return { sold: true, transactions }
    }
    case 'offer': {
      if (await soldBetween(runtime, token, step.holder, step.bidder)) return 'already'
      const [open] = await runtime.db
        .select({ orderHash: offers.orderHash })
        .from(offers)
        .where(
          and(eq(offers.nftId, token.nft.id), eq(offers.maker, addressOf(step.bidder)), eq(offers.status, 'active')),
        )
        .limit(1)
      let transactions = 0
      let orderHash = open?.orderHash
      if (!orderHash) {
        const made = await offerOnDevToken(runtime, rpcUrl, token, step.bidder, step.price)
        orderHash = made.orderHash
        transactions += made.transactions
        clock.wrote()
      }
      await clock.settle()
      const filled = await fillDevOrder(runtime, rpcUrl, orderHash, step.holder)
      return { sold: true, transactions: transactions + filled.transactions }
    }
    case 'relist': {
      const [earlier] = await runtime.db
        .select({ id: listings.id })
        .from(listings)
        .where(and(eq(listings.nftId, token.nft.id), eq(listings.maker, addressOf(step.seller))))
        .limit(1)
      if (earlier) return 'already'
      await listDevToken(runtime, rpcUrl, token, step.seller, step.price)
      clock.wrote()
      return { sold: false, transactions: 0 }
    }
  }
}

const addressOf = (account: number) => accounts[account]!.address.toLowerCase()

/** The local chain's token `tokenId` of the one collection named `name`. */
async function tokenOf(runtime: Runtime, name: string, tokenId: bigint): Promise<DevToken> {
  const named = await runtime.db
    .select({ contract: collections.contract })
    .from(collections)
    .where(and(eq(collections.chainId, LOCAL_CHAIN_ID), eq(collections.name, name)))
  if (named.length !== 1) throw new Error(`${named.length} collections are named ${name} on the local chain`)
  const token = await findDevToken(runtime, named[0]!.contract, tokenId)
  if (!token) throw new Error('the indexer has not found the token yet (it is tried again on the next start)')
  return token
}

async function soldBetween(runtime: Runtime, token: DevToken, seller: number, buyer: number): Promise<boolean> {
  const [sale] = await runtime.db
    .select({ id: sales.id })
    .from(sales)
    .where(and(eq(sales.nftId, token.nft.id), eq(sales.seller, addressOf(seller)), eq(sales.buyer, addressOf(buyer))))
    .limit(1)
  return !!sale
}

/**
 * Runs the indexer until it has read the chain up to its current head: Seaport's and Vitrine's
 * contracts' logs, and every imported collection that is not failed (their transfers).
 */
async function indexToHead(runtime: Runtime, rpcUrl: string, timeoutMs: number): Promise<void> {
  const head = Number(await createPublicClient({ chain: anvil, transport: http(rpcUrl) }).getBlockNumber())
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const run = (await indexConfiguredChains(runtime, LOCAL_CHAIN_ID))[LOCAL_CHAIN_ID]
    if (run && 'error' in run) throw new Error(`the indexer: ${run.error}`)
    const [cursor] = await runtime.db
      .select({ block: chainCursors.block })
      .from(chainCursors)
      .where(and(eq(chainCursors.chainId, LOCAL_CHAIN_ID), gte(chainCursors.block, head)))
    const behind = await runtime.db
      .select({ id: collections.id })
      .from(collections)
      .where(
        and(
          eq(collections.chainId, LOCAL_CHAIN_ID),
          eq(collections.source, 'imported'),
          or(isNull(collections.indexStatus), ne(collections.indexStatus, 'failed')),
          or(isNull(collections.indexedBlock), lt(collections.indexedBlock, head)),
        ),
      )
      .limit(1)
    if (cursor && behind.length === 0) return
    if (Date.now() > deadline) throw new Error('the indexer did not reach the chain head in time')
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}
