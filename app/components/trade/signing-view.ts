import type { KnownFee, SigningView } from '../../../chain/signing'
import type { ItemFee } from './FeeLines'

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()

/**
 * What a trade dialog tells the signing decoder: the fee recipients it knows (the server's), the
 * one token and collection it can name, and the figures it showed. The decoder names only the
 * token the order really holds; a different one is shown by address and id, and warned about.
 */
export function signingView(known: {
  contract: string
  tokenId: string
  name: string
  collection?: string
  fees: ItemFee[]
  /** The price the page showed, in wei, for the whole of what is signed. */
  price?: bigint
}): SigningView {
  const tokenId = BigInt(known.tokenId)
  // A token named only by its number ("#1", as many foreign ones are) reads better with its collection.
  const name = known.name.startsWith('#') && known.collection ? `${known.collection} ${known.name}` : known.name
  return {
    fees: known.fees
      .filter((fee) => fee.bps > 0)
      .map((fee): KnownFee => ({
        kind: fee.label.includes('platform') ? 'platform' : 'creator',
        recipient: fee.recipient,
        bps: fee.bps,
      })),
    names: {
      token: (contract, id) => (same(contract, known.contract) && id === tokenId ? name : undefined),
      collection: (contract) => (same(contract, known.contract) ? known.collection : undefined),
    },
    page: { price: known.price, token: { contract: known.contract, tokenId } },
  }
}
