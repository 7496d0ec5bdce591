/**
 * Orders between the dev world's accounts (anvil's test accounts, whose keys are public), made and
 * filled the way a person's browser makes and fills them: signed with the maker's key and accepted
 * by the same schema and checks as POST /api/v1/listings and /offers; filled through Seaport 1.6
 * from the stored order, as the trading client fills what GET /api/v1/orders/{hash} answers.
 * Node only: scripts/dev-world.ts and scripts/dev-world-history.ts.
 */
import { and, eq } from 'drizzle-orm'
import {
  createWalletClient,
  erc20Abi,
  erc721Abi,
  http,
  isHex,
  parseEther,
  publicActions,
  zeroAddress,
  zeroHash,
  type Address,
  type Hash,
} from 'viem'
import { anvil } from 'viem/chains'
import { seaportAbi } from '../chain/artifacts/Seaport'
import { wrappedEtherAbi } from '../chain/artifacts/WrappedEther'
import { accounts } from '../chain/local-market'
import { LOCAL_CHAIN_ID, marketplaceContracts } from '../chain/marketplace'
import {
  ItemType,
  listingOrder,
  offerOrder,
  orderFromJson,
  orderParameters,
  orderToJson,
  orderTypedData,
  partOf,
  randomSalt,
  type OrderComponents,
  type OrderJson,
} from '../chain/seaport'
import { collections, nfts, offers } from '../db/schema'
import type { Runtime } from '../server/platform/runtime'
import { findOrder } from '../server/queries/orders'
import { submitOrderInput } from '../server/trading/order-input'
import { submitListing, submitOffer } from '../server/trading/orders'
import { requiredFees } from '../server/trading/royalties'

type Context = Pick<Runtime, 'db' | 'env'>

/** A token of the local chain with its collection, as the database has it. */
export interface DevToken {
  nft: typeof nfts.$inferSelect
  collection: typeof collections.$inferSelect
}

export async function findDevToken(
  { db }: Context,
  contract: Address | string,
  tokenId: bigint,
): Promise<DevToken | undefined> {
  const [token] = await db
    .select({ nft: nfts, collection: collections })
    .from(nfts)
    .innerJoin(collections, eq(collections.id, nfts.collectionId))
    .where(
      and(
        eq(nfts.chainId, LOCAL_CHAIN_ID),
        eq(nfts.contract, contract.toLowerCase()),
        eq(nfts.tokenId, tokenId.toString()),
      ),
    )
  return token
}

/** Account `index` signing its own transactions (its key is anvil's public test key). */
const walletOf = (rpcUrl: string, index: number) =>
  createWalletClient({ chain: anvil, transport: http(rpcUrl), account: accounts[index]! }).extend(publicActions)

type Wallet = ReturnType<typeof walletOf>

/** Waits for a sent transaction; a revert is an error naming what it was. */
async function confirmed(wallet: Wallet, what: string, hash: Hash): Promise<void> {
  const receipt = await wallet.waitForTransactionReceipt({ hash })
  if (receipt.status !== 'success') throw new Error(`${what} reverted (${hash})`)
}

const seaportOf = () => marketplaceContracts(LOCAL_CHAIN_ID)!

/** The fees an order on `token` must pay: the platform's and the creator's, as the server requires them. */
const feesOf = ({ env }: Context, { nft, collection }: DevToken) =>
  requiredFees(env, {
    chainId: LOCAL_CHAIN_ID,
    contract: nft.contract,
    tokenId: nft.tokenId,
    creator: collection.creator,
    creatorFeeBps: collection.creatorFeeBps,
    royaltySource: collection.royaltySource,
  })

/** Signs `order` with the maker's key and submits it through POST /listings's or /offers's schema and checks. */
async function signAndSubmit(context: Context, side: 'listing' | 'offer', maker: number, order: OrderComponents) {
  const signature = await accounts[maker]!.signTypedData(orderTypedData(LOCAL_CHAIN_ID, seaportOf().seaport, order))
  const input = submitOrderInput.parse({ chainId: LOCAL_CHAIN_ID, order: orderToJson(order), signature })
  return side === 'listing' ? submitListing(context, input) : submitOffer(context, input)
}

const counterOf = (wallet: Wallet, maker: number) =>
  wallet.readContract({
    address: seaportOf().seaport,
    abi: seaportAbi,
    functionName: 'getCounter',
    args: [accounts[maker]!.address],
  })

const nowSeconds = () => BigInt(Math.floor(Date.now() / 1000))

/**
 * `seller` lists `token` at `price` ETH (each, for `quantity` of an ERC-1155) for 90 days.
 * Seaport must already be approved for the collection: refused otherwise, as a browser's would be.
 */
export async function listDevToken(
  context: Context,
  rpcUrl: string,
  token: DevToken,
  seller: number,
  price: string,
  quantity?: bigint,
) {
  const wallet = walletOf(rpcUrl, seller)
  const now = nowSeconds()
  const order = listingOrder({
    maker: accounts[seller]!.address,
    token: {
      contract: token.nft.contract as Address,
      tokenId: BigInt(token.nft.tokenId),
      ...(token.collection.standard === 'erc1155' ? { quantity: quantity ?? 1n } : {}),
    },
    price: parseEther(price),
    fees: await feesOf(context, token),
    startTime: now - 60n,
    endTime: now + 90n * 86_400n,
    salt: randomSalt(),
    counter: await counterOf(wallet, seller),
  })
  return signAndSubmit(context, 'listing', seller, order)
}

/** The WETH `maker`'s open offers may still take: what their balance and Seaport allowance must cover. */
async function wethPromised({ db }: Context, maker: Address): Promise<bigint> {
  const open = await db
    .select({ price: offers.priceWei, quantity: offers.quantity, filled: offers.filledQuantity })
    .from(offers)
    .where(and(eq(offers.maker, maker.toLowerCase()), eq(offers.status, 'active')))
  return open.reduce((sum, o) => sum + BigInt(o.price) * (BigInt(o.quantity) - BigInt(o.filled)), 0n)
}

/**
 * `bidder` offers `price` WETH for one ERC-721 `token` for 30 days, with WETH and a Seaport
 * allowance that cover it on top of their open offers (wrapped and allowed only as far as they do
 * not already). Answers the transactions sent.
 */
export async function offerOnDevToken(
  context: Context,
  rpcUrl: string,
  token: DevToken,
  bidder: number,
  price: string,
): Promise<{ orderHash: string; transactions: number }> {
  const { weth } = seaportOf()
  const wallet = walletOf(rpcUrl, bidder)
  const owner = accounts[bidder]!.address
  const amount = parseEther(price)
  const needed = (await wethPromised(context, owner)) + amount
  let transactions = 0
  const balance = await wallet.readContract({ address: weth, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
  if (balance < needed) {
    const hash = await wallet.writeContract({
      address: weth,
      abi: wrappedEtherAbi,
      functionName: 'deposit',
      value: needed - balance,
    })
    await confirmed(wallet, 'wrapping WETH', hash)
    transactions++
  }
  transactions += await allowWeth(wallet, needed)
  const now = nowSeconds()
  const order = offerOrder({
    maker: owner,
    token: { contract: token.nft.contract as Address, tokenId: BigInt(token.nft.tokenId) },
    price: amount,
    fees: await feesOf(context, token),
    weth,
    startTime: now - 60n,
    endTime: now + 30n * 86_400n,
    salt: randomSalt(),
    counter: await counterOf(wallet, bidder),
  })
  const { orderHash } = await signAndSubmit(context, 'offer', bidder, order)
  return { orderHash, transactions }
}

/** Allows Seaport `needed` WETH of the wallet's, unless it may spend that much already; answers the transactions sent. */
async function allowWeth(wallet: Wallet, needed: bigint): Promise<number> {
  const { weth, seaport } = seaportOf()
  const allowance = await wallet.readContract({
    address: weth,
    abi: erc20Abi,
    functionName: 'allowance',
    args: [wallet.account.address, seaport],
  })
  if (allowance >= needed) return 0
  const hash = await wallet.writeContract({
    address: weth,
    abi: erc20Abi,
    functionName: 'approve',
    args: [seaport, needed],
  })
  await confirmed(wallet, 'allowing Seaport WETH', hash)
  return 1
}

/**
 * `filler` fills the stored order `orderHash` (all of it, or `units` of an ERC-1155 order for
 * several): a listing is bought for its ETH price; an offer is accepted by its token's holder, who
 * approves Seaport for the collection if need be and allows it the WETH fees on top of what their
 * own open offers need. Refused, as the wallet refuses, unless the order is open. Answers the
 * transactions sent.
 */
export async function fillDevOrder(
  { db, env }: Context,
  rpcUrl: string,
  orderHash: string,
  filler: number,
  units?: bigint,
): Promise<{ transactions: number }> {
  const stored = await findOrder(db, orderHash)
  if (!stored) throw new Error(`no stored order ${orderHash}`)
  if (stored.kind === 'voucher') throw new Error(`${orderHash} is a lazy-mint voucher, not a Seaport order`)
  if (stored.status !== 'active') throw new Error(`the order is ${stored.status}`)
  if (!isHex(stored.signature)) throw new Error(`order ${orderHash} has no valid signature`)
  const order = orderFromJson(stored.components as OrderJson)
  const quantity = BigInt(stored.quantity)
  const part = units ?? quantity - BigInt(stored.filledQuantity)
  const { seaport } = seaportOf()
  const wallet = walletOf(rpcUrl, filler)
  const me = accounts[filler]!.address
  let transactions = 0

  let value = 0n
  if (stored.kind === 'listing') {
    const eth = order.consideration.reduce((sum, c) => sum + (c.itemType === ItemType.NATIVE ? c.startAmount : 0n), 0n)
    value = (eth * part) / quantity
  } else {
    const [wanted, ...fees] = order.consideration
    const approved = await wallet.readContract({
      address: wanted!.token,
      abi: erc721Abi,
      functionName: 'isApprovedForAll',
      args: [me, seaport],
    })
    if (!approved) {
      await confirmed(
        wallet,
        'approving Seaport',
        await wallet.writeContract({
          address: wanted!.token,
          abi: erc721Abi,
          functionName: 'setApprovalForAll',
          args: [seaport, true],
        }),
      )
      transactions++
    }
    const owed = (fees.reduce((sum, fee) => sum + fee.startAmount, 0n) * part) / quantity
    if (owed > 0n) transactions += await allowWeth(wallet, (await wethPromised({ db, env }, me)) + owed)
  }
  const hash =
    quantity > 1n
      ? await wallet.writeContract({
          address: seaport,
          abi: seaportAbi,
          functionName: 'fulfillAdvancedOrder',
          args: [
            {
              parameters: orderParameters(order),
              ...partOf(part, quantity),
              signature: stored.signature,
              extraData: '0x',
            },
            [],
            zeroHash,
            zeroAddress,
          ],
          value,
        })
      : await wallet.writeContract({
          address: seaport,
          abi: seaportAbi,
          functionName: 'fulfillOrder',
          args: [{ parameters: orderParameters(order), signature: stored.signature }, zeroHash],
          value,
        })
  await confirmed(wallet, `filling order ${orderHash}`, hash)
  return { transactions: transactions + 1 }
}
