/** What Seaport needs before an order can be filled: its approval for the NFTs, WETH and its allowance. */
import { erc20Abi, erc721Abi, type Address } from 'viem'
import { readContract } from 'wagmi/actions'
import { wrappedEtherAbi } from '../../../chain/artifacts/WrappedEther'
import { prepared, type OnStep, type PreparedCall } from '../calls'
import type { TokenRef, TradingContext } from './context'

/**
 * Seaport may move the owner's tokens of this collection: one `setApprovalForAll`, once.
 * ERC-721 and ERC-1155 declare the same `isApprovedForAll` and `setApprovalForAll`.
 */
export async function nftApprovalCalls(ctx: TradingContext, token: TokenRef, owner: Address): Promise<PreparedCall[]> {
  const { seaport } = ctx.contractsOf(token.chainId)
  const approved = await readContract(ctx.config, {
    chainId: token.chainId,
    address: token.contract,
    abi: erc721Abi,
    functionName: 'isApprovedForAll',
    args: [owner, seaport],
  })
  if (approved) return []
  return [
    prepared('approving', {
      address: token.contract,
      abi: erc721Abi,
      functionName: 'setApprovalForAll',
      args: [seaport, true],
    }),
  ]
}

export async function ensureNftApproval(ctx: TradingContext, token: TokenRef, owner: Address, onStep: OnStep) {
  await ctx.sendAll(token.chainId, onStep, await nftApprovalCalls(ctx, token, owner))
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
export async function wethCalls(ctx: TradingContext, chainId: number, owner: Address, amount: bigint) {
  const balance = await wethBalance(ctx, chainId, owner)
  if (balance >= amount) return []
  return [
    prepared('wrapping', {
      address: ctx.contractsOf(chainId).weth,
      abi: wrappedEtherAbi,
      functionName: 'deposit',
      value: amount - balance,
    }),
  ]
}

/** Seaport may spend `amount` of the owner's WETH. */
export async function wethAllowanceCalls(ctx: TradingContext, chainId: number, owner: Address, amount: bigint) {
  const { weth, seaport } = ctx.contractsOf(chainId)
  const allowance = await readContract(ctx.config, {
    chainId,
    address: weth,
    abi: erc20Abi,
    functionName: 'allowance',
    args: [owner, seaport],
  })
  if (allowance >= amount) return []
  return [
    prepared('approving', {
      address: weth,
      abi: erc20Abi,
      functionName: 'approve',
      args: [seaport, amount],
    }),
  ]
}

export async function ensureWethAllowance(
  ctx: TradingContext,
  chainId: number,
  owner: Address,
  amount: bigint,
  onStep: OnStep,
) {
  await ctx.sendAll(chainId, onStep, await wethAllowanceCalls(ctx, chainId, owner, amount))
}
