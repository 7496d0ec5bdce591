/**
 * An offer can be accepted while its maker holds the WETH left of it and lets Seaport spend it.
 * A bidder who unwraps, sends away or un-approves their WETH after signing would otherwise keep a
 * top offer (and an auction's highest bid) that no holder can accept. The indexer reads the WETH
 * logs of the makers with open offers in each range it indexes, and checks their offers again:
 * `inactive` when short, `active` again when the WETH is back.
 */
import { and, eq, gt, inArray, isNotNull } from 'drizzle-orm'
import { erc20Abi, pad, parseAbi, toEventSelector, toHex, type Address, type Hex, type PublicClient } from 'viem'
import type { Database } from '../../db/client'
import { setOfferStatuses } from '../../db/market'
import { nfts, offers, OPEN_ORDER_STATUSES } from '../../db/schema'
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

/** The signed offers on this chain that may still be filled. */
export function openOffers(db: Database, chainId: number, now: Date, makers?: string[]) {
  return db
    .select({
      id: offers.id,
      nftId: offers.nftId,
      maker: offers.maker,
      status: offers.status,
      priceWei: offers.priceWei,
      quantity: offers.quantity,
      filled: offers.filledQuantity,
    })
    .from(offers)
    .innerJoin(nfts, eq(nfts.id, offers.nftId))
    .where(
      and(
        isNotNull(offers.orderHash),
        inArray(offers.status, OPEN_ORDER_STATUSES),
        gt(offers.endsAt, now),
        eq(nfts.chainId, chainId),
        ...(makers ? [inArray(offers.maker, makers)] : []),
      ),
    )
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

/** Checks again the open offers of the makers whose WETH moved in `from`–`to`; returns the NFTs whose offers changed status. */
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
  const makers = new Set((await openOffers(db, chainId, now)).map((o) => o.maker))
  if (!makers.size) return []
  const moved = [...(await wethMoved(client, weth, [...makers], from, to))].filter((m) => makers.has(m))
  if (!moved.length) return []
  const funds = new Map<string, { balance: bigint; allowance: bigint }>()
  for (const maker of moved) {
    const [balance, allowance] = await Promise.all([
      client.readContract({ address: weth, abi: erc20Abi, functionName: 'balanceOf', args: [maker as Address] }),
      client.readContract({
        address: weth,
        abi: erc20Abi,
        functionName: 'allowance',
        args: [maker as Address, seaport],
      }),
    ])
    funds.set(maker, { balance, allowance })
  }
  const changes: { id: number; nftId: number; status: 'active' | 'inactive' }[] = []
  for (const offer of await openOffers(db, chainId, now, moved)) {
    // The WETH the rest of the offer pays: its price per token times what is left of it.
    const left = BigInt(offer.priceWei) * (BigInt(offer.quantity) - BigInt(offer.filled))
    const { balance, allowance } = funds.get(offer.maker)!
    const status = balance >= left && allowance >= left ? 'active' : 'inactive'
    if (status !== offer.status) changes.push({ id: offer.id, nftId: offer.nftId, status })
  }
  await setOfferStatuses(db, changes, now)
  return changes.map((c) => c.nftId)
}
