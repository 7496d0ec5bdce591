/** What Seaport needs before an order can be filled: its approval for the NFTs, WETH and its allowance. */
import { erc20Abi, erc721Abi, type Address } from 'viem'
import { readContract } from 'wagmi/actions'
import { wrappedEtherAbi } from '../../../chain/artifacts/WrappedEther'
import type { OnStep } from '../calls'
import type { TokenRef, TradingContext } from './context'

/**
 * Seaport may move the owner's tokens of this collection: one `setApprovalForAll`, once.
 * ERC-721 and ERC-1155 declare the same `isApprovedForAll` and `setApprovalForAll`.
 */
export async function ensureNftApproval(ctx: TradingContext, token: TokenRef, owner: Address, onStep: OnStep) {
  const { seaport } = ctx.contractsOf(token.chainId)
  const approved = await readContract(ctx.config, {
    chainId: token.chainId,
    address: token.contract,
    abi: erc721Abi,
    functionName: 'isApprovedForAll',
    args: [owner, seaport],
  })
  if (approved) return
  onStep('approving')
  await ctx.send(token.chainId, onStep, {
    address: token.contract,
    abi: erc721Abi,
    functionName: 'setApprovalForAll',
    args: [seaport, true],
  })
}

export const wethBalance = (ctx: TradingContext, chainId: number, owner: Address) =>
  readContract(ctx.config, {
    chainId,
    address: ctx.contractsOf(chainId).weth,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [owner],
  })

/** The owner holds at least `amount` WETH: the missing part is wrapped from ETH. */
export async function ensureWeth(ctx: TradingContext, chainId: number, owner: Address, amount: bigint, onStep: OnStep) {
  const balance = await wethBalance(ctx, chainId, owner)
  if (balance >= amount) return
  onStep('wrapping')
  await ctx.send(chainId, onStep, {
    address: ctx.contractsOf(chainId).weth,
    abi: wrappedEtherAbi,
    functionName: 'deposit',
    value: amount - balance,
  })
}

/** Seaport may spend `amount` of the owner's WETH. */
export async function ensureWethAllowance(
  ctx: TradingContext,
  chainId: number,
  owner: Address,
  amount: bigint,
  onStep: OnStep,
) {
  const { weth, seaport } = ctx.contractsOf(chainId)
  const allowance = await readContract(ctx.config, {
    chainId,
    address: weth,
    abi: erc20Abi,
    functionName: 'allowance',
    args: [owner, seaport],
  })
  if (allowance >= amount) return
  onStep('approving')
  await ctx.send(chainId, onStep, {
    address: weth,
    abi: erc20Abi,
    functionName: 'approve',
    args: [seaport, amount],
  })
}
