/** Withdrawing orders on chain, so nobody can fill them afterwards. */
import type { Hash } from 'viem'
import { seaportAbi } from '../../../chain/artifacts/Seaport'
import { vitrineCollectionAbi } from '../../../chain/artifacts/VitrineCollection'
import type { OnStep } from '../calls'
import type { TradingContext } from './context'

/** Cancels one of the wallet's orders; a lazy mint is withdrawn by revoking its voucher. */
export async function cancel(ctx: TradingContext, orderHash: string, onStep: OnStep): Promise<Hash> {
  const stored = await ctx.stored(orderHash, { fillable: false })
  await ctx.onChain(stored.chainId, onStep)
  const hash =
    stored.kind === 'voucher'
      ? await ctx.send(stored.chainId, onStep, {
          address: stored.collection,
          abi: vitrineCollectionAbi,
          functionName: 'revokeVoucher',
          args: [stored.voucher.tokenId],
        })
      : await ctx.send(stored.chainId, onStep, {
          address: ctx.contractsOf(stored.chainId).seaport,
          abi: seaportAbi,
          functionName: 'cancel',
          args: [[stored.order]],
        })
  await ctx.indexed(stored.chainId, onStep)
  return hash
}

/** Cancels every order the wallet signed on this network (Seaport's counter moves on). */
export async function cancelAll(ctx: TradingContext, chainId: number, onStep: OnStep): Promise<Hash> {
  await ctx.onChain(chainId, onStep)
  const hash = await ctx.send(chainId, onStep, {
    address: ctx.contractsOf(chainId).seaport,
    abi: seaportAbi,
    functionName: 'incrementCounter',
  })
  await ctx.indexed(chainId, onStep)
  return hash
}
