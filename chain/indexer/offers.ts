/**
 * An offer can be accepted while its maker holds the WETH left of it, lets Seaport spend it, and
 * has not bumped their Seaport counter past it. A bidder who unwraps, sends away or un-approves
 * their WETH after signing would otherwise keep a top offer (and an auction's highest bid) that
 * no holder can accept. The indexer reads the WETH logs of the makers with open offers in each
 * range it indexes, and checks their offers again (and, in turn, every other offer): `inactive`
 * with the reason when short, `active` again when the WETH is back.
 */
import { and, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm'
import { pad, parseAbi, toEventSelector, toHex, type Address, type Hex, type PublicClient } from 'viem'
import type { Database } from '../../db/client'
import { recordCriteriaChecks, recordOrderChecks, type CriteriaCheck, type OrderCheck } from '../../db/market'
import { collections, criteriaOffers, nfts, offers, OPEN_ORDER_STATUSES } from '../../db/schema'
import { unionAll } from 'drizzle-orm/sqlite-core'
import { ORDERS_PER_CALL, ReadBatch } from './order-reads'
import { refused } from './rpc-errors'

/** WETH9's events; in each, the first indexed address is the one whose WETH changed. */
const WETH_EVENTS = parseAbi([
  'event Transfer(address indexed src, address indexed dst, uint256 wad)',
  'event Approval(address indexed src, address indexed guy, uint256 wad)',
  'event Deposit(address indexed dst, uint256 wad)',
  'event Withdrawal(address indexed src, uint256 wad)',
])
const SELECTORS = WETH_EVENTS.map((event) => toEventSelector(event))
const TRANSFER = SELECTORS[0]!
/** Addresses per log filter: RPCs bound how many topics one filter may list. */
const CHUNK = 100

/**
 * The signed offers on this chain that may still be filled (of `makers`, or as `open` picks them):
 * on one token, and for any token of a collection or trait (`criteria`), read together.
 */
export function openOffers(db: Database, chainId: number, now: Date, makers?: string[]) {
  const byMaker = (maker: typeof offers.maker | typeof criteriaOffers.maker) => (makers ? [inArray(maker, makers)] : [])
  const onToken = db
    .select({
      id: offers.id,
      nftId: offers.nftId,
      criteria: sql<number>`0`.as('criteria'),
      maker: offers.maker,
      priceWei: offers.priceWei,
      quantity: offers.quantity,
      filled: offers.filledQuantity,
      counter: offers.counter,
      checkedBlock: offers.checkedBlock,
    })
    .from(offers)
    .innerJoin(nfts, eq(nfts.id, offers.nftId))
    .where(
      and(
        isNotNull(offers.orderHash),
        inArray(offers.status, OPEN_ORDER_STATUSES),
        gt(offers.endsAt, now),
        eq(nfts.chainId, chainId),
        ...byMaker(offers.maker),
      ),
    )
  const forAny = db
    .select({
      id: criteriaOffers.id,
      nftId: sql<number>`0`.as('nft_id'),
      criteria: sql<number>`1`.as('criteria'),
      maker: criteriaOffers.maker,
      priceWei: criteriaOffers.priceWei,
      quantity: criteriaOffers.quantity,
      filled: criteriaOffers.filledQuantity,
      counter: criteriaOffers.counter,
      checkedBlock: criteriaOffers.checkedBlock,
    })
    .from(criteriaOffers)
    .innerJoin(collections, eq(collections.id, criteriaOffers.collectionId))
    .where(
      and(
        inArray(criteriaOffers.status, OPEN_ORDER_STATUSES),
        gt(criteriaOffers.endsAt, now),
        eq(collections.chainId, chainId),
        ...byMaker(criteriaOffers.maker),
      ),
    )
  return unionAll(onToken, forAny)
}

/** Of `makers`, those whose WETH balance or allowance may have changed in the blocks `from`–`to`. */
async function wethMoved(client: PublicClient, weth: Address, makers: string[], from: bigint, to: bigint) {
  const moved = new Set<string>()
  const range = { address: weth, fromBlock: toHex(from), toBlock: toHex(to) }
  for (let i = 0; i < makers.length; i += CHUNK) {
    const chunk = makers.slice(i, i + CHUNK)
    const topics = chunk.map((maker) => pad(maker as Hex))
    const read = await Promise.all([
      // Sent, approved, wrapped or unwrapped by a maker …
      client.request({ method: 'eth_getLogs', params: [{ ...range, topics: [SELECTORS, topics] }] }),
      // … or sent to one.
      client.request({ method: 'eth_getLogs', params: [{ ...range, topics: [TRANSFER, null, topics] }] }),
    ]).catch((error: unknown) => {
      if (!refused(error)) throw error
      return null
    })
    if (!read) {
      // Anyone can send a maker dust WETH thousands of times: too many logs to read, so every maker
      // of the chunk is read again instead.
      for (const maker of chunk) moved.add(maker)
      continue
    }
    const [own, received] = read
    for (const log of own) moved.add(`0x${log.topics[1]!.slice(26)}`)
    for (const log of received) moved.add(`0x${log.topics[2]!.slice(26)}`)
  }
  return moved
}

/** The page of open offers checked longest ago (never checked first), from the round's read of them all. */
const stalest = (open: Offer[]) =>
  [...open]
    .sort((a, b) => (a.checkedBlock ?? -1) - (b.checkedBlock ?? -1) || a.criteria - b.criteria || a.id - b.id)
    .slice(0, ORDERS_PER_CALL)
/** An offer's key across both tables (their ids overlap). */
const key = (offer: Offer) => `${offer.criteria}:${offer.id}`

type Offer = Awaited<ReturnType<typeof openOffers>>[number]

/**
 * Checks again, at `to`, the open offers of the makers whose WETH moved in `from`–`to` and the
 * stalest page of offers (so that every offer is read again in turn), a page per multicall;
 * returns the NFTs whose offers changed.
 */
export async function recheckOffers(options: {
  db: Database
  client: PublicClient
  chainId: number
  weth: Address
  seaport: Address
  from: bigint
  to: bigint
  now: Date
}): Promise<number[]> {
  const { db, client, chainId, weth, seaport, from, to, now } = options
  const open = await openOffers(db, chainId, now)
  const makers = new Set(open.map((o) => o.maker))
  const moved = makers.size
    ? [...(await wethMoved(client, weth, [...makers], from, to))].filter((m) => makers.has(m))
    : []
  const touched = moved.length ? await openOffers(db, chainId, now, moved) : []
  const seen = new Set(touched.map(key))
  const due = [...touched, ...stalest(open).filter((o) => !seen.has(key(o)))]
  const changed: number[] = []
  for (let i = 0; i < due.length; i += ORDERS_PER_CALL) {
    const checks = await checkPage(client, weth, seaport, due.slice(i, i + ORDERS_PER_CALL), to)
    const onToken = checks.filter((c) => !c.criteria).map(({ check }) => check)
    const forAny = checks
      .filter((c) => c.criteria)
      .map(({ check }): CriteriaCheck => ({ id: check.id, reason: check.reason as CriteriaCheck['reason'] }))
    changed.push(...(await recordOrderChecks(db, 'offer', to, onToken, now)))
    await recordCriteriaChecks(db, to, forAny)
  }
  return changed
}

async function checkPage(client: PublicClient, weth: Address, seaport: Address, page: Offer[], block: bigint) {
  const batch = new ReadBatch()
  const asked = page.map((offer) => {
    const maker = offer.maker as Address
    return {
      offer,
      balance: batch.add({ address: weth, functionName: 'balanceOf', args: [maker] }),
      allowance: batch.add({ address: weth, functionName: 'allowance', args: [maker, seaport] }),
      counter:
        offer.counter === null ? null : batch.add({ address: seaport, functionName: 'getCounter', args: [maker] }),
    }
  })
  await batch.run(client, block)
  return asked.map(({ offer, balance, allowance, counter }): { criteria: boolean; check: OrderCheck } => {
    // The WETH the rest of the offer pays: its price per token times what is left of it.
    const left = BigInt(offer.priceWei) * (BigInt(offer.quantity) - BigInt(offer.filled))
    const current = counter === null ? undefined : batch.answer<bigint>(counter)
    const reason =
      current !== undefined && current > BigInt(offer.counter!)
        ? 'counter_bumped'
        : (batch.answer<bigint>(balance) ?? 0n) < left
          ? 'insufficient_balance'
          : (batch.answer<bigint>(allowance) ?? 0n) < left
            ? 'insufficient_allowance'
            : null
    return { criteria: offer.criteria === 1, check: { id: offer.id, nftId: offer.nftId, reason } }
  })
}
