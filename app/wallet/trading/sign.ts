/** Making an order: its terms, the maker's EIP-712 signature, and the server storing it. */
import type { Address } from 'viem'
import { signTypedData } from 'wagmi/actions'
import { orderToJson, orderTypedData, randomSalt, type OrderComponents } from '../../../chain/seaport'
import type { OnStep } from '../calls'
import type { FeeTerms, TokenRef, TradingContext } from './context'

/** An order's terms: starting a minute ago (clock skew), ending at `endsAt`, with a fresh salt. */
export async function orderTerms(
  ctx: TradingContext,
  token: TokenRef,
  maker: Address,
  price: bigint,
  endsAt: Date,
  fees: FeeTerms[],
) {
  return {
    maker,
    token: {
      contract: token.contract,
      tokenId: BigInt(token.tokenId),
      ...(token.quantity === undefined ? {} : { quantity: token.quantity }),
    },
    price,
    fees: fees.map((fee) => ({ recipient: ctx.addressOf(fee.recipient), bps: fee.bps })),
    startTime: BigInt(Math.floor(Date.now() / 1000)) - 60n,
    endTime: BigInt(Math.floor(endsAt.getTime() / 1000)),
    salt: randomSalt(),
    counter: await ctx.counterOf(token.chainId, maker),
  }
}

/** The maker signs the order (typed EIP-712 from chain/seaport.ts) and the server checks and stores it. */
export async function signAndSubmit(
  ctx: TradingContext,
  side: 'listing' | 'offer',
  chainId: number,
  order: OrderComponents,
  onStep: OnStep,
  /** A trait offer: the trait its criteria root covers, `Type:Value`. */
  trait?: string,
) {
  onStep('signing')
  const signature = await signTypedData(ctx.config, orderTypedData(chainId, ctx.contractsOf(chainId).seaport, order))
  onStep('submitting')
  const input = { chainId, order: orderToJson(order), signature, ...(trait === undefined ? {} : { trait }) }
  return side === 'listing' ? ctx.api.market.submitListing.mutate(input) : ctx.api.market.submitOffer.mutate(input)
}
