/** Trading failures said as a buyer or seller needs to hear them. */
import { BaseError, ContractFunctionRevertedError } from 'viem'
import { TradeError } from '../calls'
import { walletErrorCode, WALLET_CODES, walletErrorMessage } from '../errors'

/** Seaport's (and the collection contract's) reverts, in words. */
export const REVERTS = {
  OrderAlreadyFilled: 'Sold: someone else bought this a moment ago. Nothing was charged.',
  OrderIsCancelled: 'This order was cancelled by its maker. Nothing was charged.',
  InvalidTime: 'This order has expired. Nothing was charged.',
  InvalidSigner: 'The order’s signature is no longer valid (its maker cancelled all orders). Nothing was charged.',
  InsufficientNativeTokensSupplied: 'Your wallet does not hold enough ETH for this purchase.',
  ERC721InvalidSender: 'Sold: someone else minted this a moment ago. Nothing was charged.',
  VoucherExpired: 'This item’s mint voucher has expired. Nothing was charged.',
  VoucherWasRevoked: 'The creator withdrew this item. Nothing was charged.',
} as const satisfies Record<string, string>

const isRevert = (name: string): name is keyof typeof REVERTS => Object.hasOwn(REVERTS, name)

/** A sentence for any failure along the way. */
export function tradeErrorMessage(error: unknown): string {
  if (error instanceof TradeError) return error.message
  if (walletErrorCode(error) === WALLET_CODES.rejected)
    return 'You rejected the request in your wallet. Nothing happened.'
  if (error instanceof BaseError) {
    const revert = error.walk((e) => e instanceof ContractFunctionRevertedError)
    if (revert instanceof ContractFunctionRevertedError) {
      const name = revert.data?.errorName
      if (name && isRevert(name)) return REVERTS[name]
      // A token transfer failing inside the fill: the seller no longer owns it or revoked approval.
      if (name === 'TokenTransferGenericFailure' || name === 'ERC721TransferFailed') {
        return 'The seller can no longer deliver this item (it moved, or Seaport’s approval was revoked). Nothing was charged.'
      }
      return `The transaction would fail (${name ?? revert.shortMessage}). Nothing was sent.`
    }
    if (/insufficient funds/i.test(error.message)) return 'Your wallet does not hold enough ETH for this and its gas.'
  }
  // Our server's refusals (tRPC errors with a code) are already in words.
  const data = (error as { data?: { code?: string } }).data
  if (data?.code && error instanceof Error) return error.message
  return walletErrorMessage(error)
}
