/** Withdrawing orders on chain, so nobody can fill them afterwards. */
import type { Hash } from 'viem'
import { seaportAbi } from '../../../chain/artifacts/Seaport'
import { vitrineCollectionAbi } from '../../../chain/artifacts/VitrineCollection'
import { describeCancel, type SigningView } from '../../../chain/signing'
import type { OnStep } from '../calls'
import type { TradingContext } from './context'
import { review, signingContext } from './review'

/** Cancels one of the wallet's orders; a lazy mint is withdrawn by revoking its voucher. */
export async function cancel(
  ctx: TradingContext,
  orderHash: string,
  onStep: OnStep,
  view?: SigningView,
): Promise<Hash> {
  const stored = await ctx.stored(orderHash, { fillable: false })
  await ctx.onChain(stored.chainId, onStep)
  const words = signingContext(ctx, stored.chainId, ctx.account(), view)
  await review(
    onStep,
    'Cancel',
    stored.kind === 'voucher'
      ? [
          {
            give: 'nothing (only the gas)',
            get: `your lazy mint of ${view?.names?.token?.(stored.collection, stored.voucher.tokenId) ?? `#${stored.voucher.tokenId}`} can no longer be bought`,
            warnings: [],
          },
        ]
      : describeCancel([stored.order], words),
  )
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
  await review(onStep, 'Cancel all', [
    {
      give: 'nothing (only the gas)',
      get: 'every listing and offer your wallet signed on this network can no longer be filled',
      warnings: [],
    },
  ])
  const hash = await ctx.send(chainId, onStep, {
    address: ctx.contractsOf(chainId).seaport,
    abi: seaportAbi,
    functionName: 'incrementCounter',
  })
  await ctx.indexed(chainId, onStep)
  return hash
}
