/**
 * The local chain's marketplace, made real. `seedLocalMarket` adds Vitrine's collections on anvil
 * (chain 31337), one per category, to the database through the market module (db/market): their
 * tokens belong to anvil's funded test accounts, and every listing, auction bid and offer shown
 * as live is a Seaport order signed by its maker's key.
 * `syncLocalChain` then makes the chain agree with the database: it deploys the collection
 * contracts (at CREATE2 addresses that follow from their arguments), mints the tokens to their
 * owners, approves Seaport for the sellers and wraps WETH for the bidders. Both are idempotent,
 * and the orders stay valid when anvil starts over from an empty state. Node only.
 *
 * Seeded tokens are minted without a URI of their own: each contract's base URI and contractURI
 * point at the site's metadata routes, on the origin the dev server runs at. Those are the only
 * origin-dependent things on chain (constructor arguments fix the CREATE2 addresses, so the
 * origin cannot be one), and `syncLocalChain` sets them again whenever the origin changes. (The
 * dev world's lazy mint, scripts/dev-world-lazy-mint.ts, signs its token's URI on the origin of
 * its first start, as a creator's voucher does: `syncLocalChain` leaves an unredeemed voucher's
 * token unminted.)
 */
import { and, eq, inArray, ne } from 'drizzle-orm'
import { createWalletClient, erc20Abi, erc721Abi, http, parseEther, publicActions, type Address } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { anvil } from 'viem/chains'
import { vitrineCollectionAbi } from './artifacts/VitrineCollection'
import { wrappedEtherAbi } from './artifacts/WrappedEther'
import { create2Address } from './create2'
import { collectionInitCode, deployCollection } from './local-contracts'
import { LOCAL_CHAIN_ID, marketplaceContracts } from './marketplace'
import { listingOrder, offerOrder, orderHash, orderToJson, orderTypedData, type Fee } from './seaport'
import type { Database } from '../db/client'
import {
  recordAuction,
  recordOrder,
  recordSeededCollection,
  recordSeededProfile,
  recordToken,
  type Db,
  type OrderNft,
} from '../db/market'
import { artUrl } from '../db/media'
import { collections, listings, nfts, offers, type Category } from '../db/schema'
import { collectionMetadataUri, tokenMetadataBaseUri } from './voucher'
import { refreshCollectionStats } from '../db/market'

/** anvil's development mnemonic: public, its accounts funded only on local chains. */
const MNEMONIC = 'test test test test test test test test test test test junk'
export const accounts = Array.from({ length: 10 }, (_, addressIndex) => mnemonicToAccount(MNEMONIC, { addressIndex }))
/**
 * Seeded owners and bidders are test accounts 3 to 6: 0 to 2 stay untouched for the test wallet
 * (and for you, in MetaMask), 7 and 8 for the browser's trading tests, 9 receives the platform fee.
 */
const POOL = [3, 4, 5, 6] as const
const pool = (n: number) => accounts[POOL[n % POOL.length]!]!
const DAY = 86_400_000

/** One of Vitrine's own collections on the local chain, as the development world seeds it. */
interface LocalCollection {
  name: string
  symbol: string
  category: Category
  /** Its creator: the contract's owner, royalty receiver and the only one who may sign its vouchers. */
  creator: (typeof POOL)[number]
  feeBps: number
  noun: string
  blurb: string
  /** How many tokens it has: ids 1 to `tokens`, each minted to its owner. */
  tokens: number
  /** Token ids flagged not safe for work (the 'NSFW Only' filter lists them). */
  nsfw?: readonly number[]
  /** Signed bids on each of its auctions (one unless said). */
  bids?: number
}

/**
 * Vitrine's own collections on the local chain: one in each category, so every category page and
 * chip shows items. The first three are the market's mainstay; the others are small. Harbour Tarot
 * shows every filter of a collection page: an NSFW-flagged token, a live auction with two bids, an
 * offer, a buy-now listing, and (made by scripts/dev-world-lazy-mint.ts through the create flow's
 * own code) a lazy-minted voucher.
 */
export const LOCAL_COLLECTIONS: readonly LocalCollection[] = [
  {
    name: 'Harbour Lights',
    symbol: 'HRBR',
    category: 'art',
    creator: 3,
    feeBps: 500,
    noun: 'Light',
    blurb: 'Lighthouses and the water around them, drawn at dusk.',
    tokens: 12,
  },
  {
    name: 'Night Market Tickets',
    symbol: 'NMKT',
    category: 'collectibles',
    creator: 4,
    feeBps: 250,
    noun: 'Ticket',
    blurb: 'Stamped admission to stalls that open after dark.',
    tokens: 12,
  },
  {
    name: 'Tidewater Studies',
    symbol: 'TIDE',
    category: 'photography',
    creator: 5,
    feeBps: 750,
    noun: 'Study',
    blurb: 'Long exposures of estuaries as the tide turns.',
    tokens: 12,
  },
  {
    name: 'Regatta Days',
    symbol: 'RGTA',
    category: 'sports',
    creator: 6,
    feeBps: 500,
    noun: 'Heat',
    blurb: 'Dinghy races in the harbour mouth, one print per heat.',
    tokens: 4,
  },
  {
    name: 'Harbour Tarot',
    symbol: 'TARO',
    category: 'trading-cards',
    creator: 3,
    feeBps: 500,
    noun: 'Card',
    blurb: 'A deck drawn on the quay: keepers, storms, and a life-room study for grown-ups only.',
    tokens: 4,
    nsfw: [2],
    bids: 2,
  },
  {
    name: 'Quay Names',
    symbol: 'QUAY',
    category: 'domain-names',
    creator: 4,
    feeBps: 250,
    noun: 'Name',
    blurb: 'Short wallet names after the moorings of the old harbour.',
    tokens: 4,
  },
  {
    name: 'Ferry Passes',
    symbol: 'FRRY',
    category: 'utility',
    creator: 5,
    feeBps: 250,
    noun: 'Pass',
    blurb: 'Season passes for the harbour ferry, good for any crossing.',
    tokens: 4,
  },
  {
    name: 'Lantern Isles',
    symbol: 'ISLE',
    category: 'virtual-worlds',
    creator: 6,
    feeBps: 500,
    noun: 'Parcel',
    blurb: 'Parcels of a small archipelago world, lit by lanterns after dark.',
    tokens: 4,
  },
]

/** Profiles of the accounts that own, create and bid in the local market (and in ./local-foreign.ts). */
const PEOPLE: Record<(typeof POOL)[number], { username: string; bio: string }> = {
  3: {
    username: 'lamplighter',
    bio: 'Draws lighthouses at dusk (Harbour Lights), deals Harbour Tarot and fills an open sketchbook.',
  },
  4: {
    username: 'night_marketeer',
    bio: 'Stamps Night Market Tickets, names the quays and draws Chain Hues on chain.',
  },
  5: {
    username: 'tide_and_kiln',
    bio: 'Long exposures (Tidewater Studies), ferry passes and glaze tests (Kiln Glazes).',
  },
  6: { username: 'tram_spotter', bio: 'Issues Tram Tokens, races regattas and maps the Lantern Isles.' },
}

export interface PlatformFee {
  recipient: Address
  bps: number
}

/** The slug of a local collection of Vitrine's own, from its name. */
export const slugOf = (name: string) => `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-local`

const contractArgs = (c: LocalCollection, fee: PlatformFee) => ({
  name: c.name,
  symbol: c.symbol,
  creator: accounts[c.creator]!.address,
  royaltyBps: c.feeBps,
  feeRecipient: fee.recipient,
  feeBps: fee.bps,
})

/**
 * Adds the local chain's collections, their tokens and signed orders, and their people's profiles:
 * each collection not there yet (a database seeded by an older version gains the newer ones).
 * `seeded` says whether anything was added. Every row goes through the market module (db/market).
 */
export async function seedLocalMarket(db: Database, fee: PlatformFee, now = new Date()): Promise<{ seeded: boolean }> {
  const present = await db
    .select({ slug: collections.slug })
    .from(collections)
    .where(eq(collections.chainId, LOCAL_CHAIN_ID))
  const have = new Set(present.map((row) => row.slug))
  const missing = [...LOCAL_COLLECTIONS.entries()].filter(([, entry]) => !have.has(slugOf(entry.name)))
  if (missing.length === 0) return { seeded: false }
  const { seaport, weth } = marketplaceContracts(LOCAL_CHAIN_ID)!
  const t = BigInt(Math.floor(now.getTime() / 1000))

  // One transaction: a seeding that fails half-way leaves no collection behind (which would
  // make every later start skip it).
  await db.transaction(async (tx) => {
    for (const index of POOL) {
      const address = accounts[index]!.address.toLowerCase()
      await recordSeededProfile(tx, {
        address,
        username: PEOPLE[index].username,
        bio: `${PEOPLE[index].bio} Anvil test account ${index} on your local chain.`,
        at: new Date(now.getTime() - 40 * DAY),
      })
    }
    for (const [c, entry] of missing) {
      const contract = create2Address(collectionInitCode(contractArgs(entry, fee))).toLowerCase() as Address
      const slug = slugOf(entry.name)
      const creator = accounts[entry.creator]!
      const collection = await recordSeededCollection(tx, {
        slug,
        chainId: LOCAL_CHAIN_ID,
        contract,
        name: entry.name,
        description: `${entry.blurb} Minted on your local chain: every listing here can really be bought.`,
        category: entry.category,
        creator: creator.address.toLowerCase(),
        verified: true,
        creatorFeeBps: entry.feeBps,
        createdAt: new Date(now.getTime() - (30 - c) * DAY),
      })
      const fees: Fee[] = [
        { recipient: fee.recipient, bps: fee.bps },
        { recipient: creator.address, bps: entry.feeBps },
      ]
      for (let i = 1; i <= entry.tokens; i++) {
        const tokenId = BigInt(i)
        const owner = pool(c + i)
        const traits = [
          { trait_type: 'Edition', value: i <= 3 ? 'First light' : 'Open' },
          { trait_type: 'Palette', value: ['Dusk', 'Ink', 'Brass', 'Sea glass'][i % 4]! },
        ]
        const nftId = await recordToken(tx, {
          collection,
          tokenId,
          name: `${entry.noun} #${i}`,
          description: `${entry.noun} #${i} of ${entry.name}, a token on your local chain.`,
          image: artUrl('nft', `${slug}/${i}`),
          owner: owner.address.toLowerCase(),
          lazyMinted: false,
          nsfw: entry.nsfw?.includes(i) ?? false,
          attributes: traits,
          addDate: new Date(now.getTime() - (20 - i) * DAY),
        })
        const nft = { id: nftId, collectionId: collection.id, owner: owner.address.toLowerCase() }
        const token = { contract, tokenId }
        const price = parseEther(['0.05', '0.12', '0.3', '0.75', '1.5'][i % 5]!)
        const base = { token, fees, salt: BigInt(c * 1_000 + i), counter: 0n, startTime: t - 3_600n }

        if (i % 3 === 0) {
          // A fixed-price listing, signed by the owner.
          const order = listingOrder({ ...base, maker: owner.address, price, endTime: t + 60n * 86_400n })
          await insertOrder(tx, 'listing', nft, order, await sign(owner, order, seaport), now)
        } else if (i % 6 === 1) {
          // A timed auction with signed bids above the reserve, each from another account.
          const endsAt = new Date(now.getTime() + (1 + (i % 4)) * DAY)
          await recordAuction(tx, { nft, seller: owner.address.toLowerCase(), reserveWei: price, endsAt }, now)
          for (let b = 1; b <= (entry.bids ?? 1); b++) {
            const bidder = pool(c + i + b)
            const order = offerOrder({
              ...base,
              maker: bidder.address,
              price: price + parseEther('0.01') * BigInt(b),
              weth,
              endTime: BigInt(Math.floor(endsAt.getTime() / 1000)) + 7n * 86_400n,
            })
            await insertOrder(tx, 'offer', nft, order, await sign(bidder, order, seaport), now)
          }
        }
        if (i % 4 === 2) {
          // An offer below the usual price from another account.
          const bidder = pool(c + i + 2)
          const offerPrice = price / 2n
          const order = offerOrder({
            ...base,
            maker: bidder.address,
            price: offerPrice,
            weth,
            endTime: t + 30n * 86_400n,
          })
          await insertOrder(tx, 'offer', nft, order, await sign(bidder, order, seaport), now)
        }
      }
    }
  })
  await refreshCollectionStats(db, now)
  return { seeded: true }
}

const sign = (account: (typeof accounts)[number], order: Parameters<typeof orderTypedData>[2], seaport: Address) =>
  account.signTypedData(orderTypedData(LOCAL_CHAIN_ID, seaport, order))

/** A signed order through the market module, listed in the feed at its start time. */
function insertOrder(
  db: Db,
  side: 'listing' | 'offer',
  nft: OrderNft,
  order: Parameters<typeof orderTypedData>[2],
  signature: string,
  now: Date,
) {
  const start = new Date(Number(order.startTime) * 1000)
  const price =
    side === 'listing' ? order.consideration.reduce((sum, c) => sum + c.startAmount, 0n) : order.offer[0]!.startAmount
  return recordOrder(
    db,
    {
      side,
      nft,
      maker: order.offerer.toLowerCase(),
      priceWei: price,
      startsAt: start,
      endsAt: new Date(Number(order.endTime) * 1000),
      orderHash: orderHash(order),
      orderJson: JSON.stringify(orderToJson(order)),
      signature,
      counter: order.counter,
    },
    now,
    start,
  )
}

/**
 * Makes the local chain hold what the database says: contracts deployed, tokens minted to
 * their owners, Seaport approved by every seller, WETH wrapped and approved by every bidder.
 */
export async function syncLocalChain(
  db: Database,
  rpcUrl: string,
  fee: PlatformFee,
  /** The site's origin (env.siteOrigins[0]): where wallets and indexers fetch the metadata. */
  origin: string,
): Promise<{ transactions: number }> {
  const { seaport, weth } = marketplaceContracts(LOCAL_CHAIN_ID)!
  // anvil's test accounts are unlocked: the node signs for them.
  const as = (address: Address) =>
    createWalletClient({ chain: anvil, transport: http(rpcUrl), account: address }).extend(publicActions)
  let transactions = 0
  const send = async (from: Address, request: object) => {
    const client = as(from)
    await client.waitForTransactionReceipt({ hash: await client.writeContract(request as never) })
    transactions++
  }
  const reader = as(accounts[0]!.address)

  for (const entry of LOCAL_COLLECTIONS) {
    const [collection] = await db
      .select()
      .from(collections)
      .where(eq(collections.slug, slugOf(entry.name)))
    if (!collection) continue
    const contract = await deployCollection(rpcUrl, contractArgs(entry, fee))
    if (contract.toLowerCase() !== collection.contract) {
      // The address follows from the bytecode and its arguments: the database was seeded for an
      // older contract or another platform fee, and its signed orders name that address.
      throw new Error(
        `${entry.name}: the database was seeded for the contract at ${collection.contract}, but this ` +
          `version deploys it at ${contract.toLowerCase()} (the contract or PLATFORM_FEE_* changed); ` +
          'run `npm run db:reset` to seed it again',
      )
    }
    const owner = accounts[entry.creator]!.address
    for (const [read, write, uri] of [
      ['baseURI', 'setBaseURI', tokenMetadataBaseUri(origin, collection)],
      ['contractURI', 'setContractURI', collectionMetadataUri(origin, collection)],
    ] as const) {
      const current = await reader.readContract({ address: contract, abi: vitrineCollectionAbi, functionName: read })
      if (current !== uri)
        await send(owner, { address: contract, abi: vitrineCollectionAbi, functionName: write, args: [uri] })
    }
    // A lazy-minted token is not on chain until its first buyer redeems the voucher: minting it
    // here would make the voucher unredeemable.
    const tokens = await db
      .select()
      .from(nfts)
      .where(and(eq(nfts.collectionId, collection.id), eq(nfts.lazyMinted, false)))
    for (const token of tokens) {
      const minted = await reader
        .readContract({ address: contract, abi: erc721Abi, functionName: 'ownerOf', args: [BigInt(token.tokenId)] })
        .then(
          () => true,
          () => false,
        )
      if (minted) continue
      // No URI of its own: the token's is the base URI set above and its id.
      await send(owner, {
        address: contract,
        abi: vitrineCollectionAbi,
        functionName: 'mint',
        args: [token.owner, BigInt(token.tokenId), ''],
      })
    }
    const sellers = await db
      .selectDistinct({ maker: listings.maker })
      .from(listings)
      .innerJoin(nfts, eq(nfts.id, listings.nftId))
      .where(
        and(
          eq(nfts.collectionId, collection.id),
          inArray(listings.status, ['active', 'inactive']),
          // A voucher is redeemed by the contract itself: its creator approves nothing.
          ne(listings.kind, 'voucher'),
        ),
      )
    for (const { maker } of sellers) {
      const approved = await reader.readContract({
        address: contract,
        abi: erc721Abi,
        functionName: 'isApprovedForAll',
        args: [maker as Address, seaport],
      })
      if (!approved) {
        await send(maker as Address, {
          address: contract,
          abi: erc721Abi,
          functionName: 'setApprovalForAll',
          args: [seaport, true],
        })
      }
    }
  }

  const bids = await db
    .select({ maker: offers.maker, priceWei: offers.priceWei })
    .from(offers)
    .innerJoin(nfts, eq(nfts.id, offers.nftId))
    .where(and(eq(nfts.chainId, LOCAL_CHAIN_ID), eq(offers.status, 'active')))
  const owed = new Map<Address, bigint>()
  for (const bid of bids) owed.set(bid.maker as Address, (owed.get(bid.maker as Address) ?? 0n) + BigInt(bid.priceWei))
  for (const [maker, amount] of owed) {
    const balance = await reader.readContract({
      address: weth,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [maker],
    })
    if (balance < amount) {
      await send(maker, { address: weth, abi: wrappedEtherAbi, functionName: 'deposit', value: amount - balance })
    }
    const allowance = await reader.readContract({
      address: weth,
      abi: erc20Abi,
      functionName: 'allowance',
      args: [maker, seaport],
    })
    if (allowance < amount)
      await send(maker, { address: weth, abi: erc20Abi, functionName: 'approve', args: [seaport, amount] })
  }
  return { transactions }
}
