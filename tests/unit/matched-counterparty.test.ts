/**
 * The other side of a matched fill, read from the other orders Seaport filled in the same
 * transaction: ERC-721 and ERC-1155, criteria items, and the cases where no one can be named.
 */
import { zeroAddress, type Address } from 'viem'
import { describe, expect, it } from 'vitest'
import { matchedCounterparty, type SeaportFill } from '../../chain/indexer/counterparty'

const NFT = '0x1111111111111111111111111111111111111111' as Address
const OTHER_NFT = '0x2222222222222222222222222222222222222222' as Address
const WETH = '0x3333333333333333333333333333333333333333' as Address
const MAKER = '0xaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' as Address
const TAKER = '0xbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb' as Address
const THIRD = '0xcccccccccccccccccccccccccccccccccccccccc' as Address

const eth = (recipient: Address) => ({ itemType: 0, token: zeroAddress, identifier: 0n, recipient })
const weth = { itemType: 1, token: WETH, identifier: 0n }

let orders = 0
/** An order Seaport filled, as its OrderFulfilled log says. */
const fill = (offerer: Address, offer: SeaportFill['offer'], consideration: SeaportFill['consideration']) => ({
  orderHash: `0x${(++orders).toString(16).padStart(64, '0')}`,
  offerer,
  offer,
  consideration,
})

const listing = (itemType: number, identifier: bigint) =>
  fill(MAKER, [{ itemType, token: NFT, identifier }], [eth(MAKER)])
const offer = (itemType: number, identifier: bigint) =>
  fill(MAKER, [weth], [{ itemType, token: NFT, identifier, recipient: MAKER }])
/** The buyer's side of a match: pays ETH, asks the token for `receiver`. */
const buying = (buyer: Address, identifier: bigint, receiver = buyer, token = NFT, itemType = 2) =>
  fill(
    buyer,
    [{ itemType: 0, token: zeroAddress, identifier: 0n }],
    [{ itemType, token, identifier, recipient: receiver }],
  )
/** The seller's side of a match: gives the token, asks WETH. */
const selling = (seller: Address, identifier: bigint, itemType = 2, token = NFT) =>
  fill(seller, [{ itemType, token, identifier }], [{ ...weth, recipient: seller }])

describe('matchedCounterparty', () => {
  it("names who another order of the match sent a listing's token to, not who paid", () => {
    const own = listing(2, 7n)
    const others = [buying(THIRD, 8n), buying(THIRD, 7n, THIRD, OTHER_NFT), buying(THIRD, 7n, TAKER)]
    expect(matchedCounterparty(own, [own, ...others])).toBe(TAKER)
  })

  it("names the offerer of the order that gave an offer's ERC-1155", () => {
    const own = offer(3, 7n)
    expect(matchedCounterparty(own, [own, selling(TAKER, 7n, 3)])).toBe(TAKER)
    expect(matchedCounterparty(own, [own, selling(THIRD, 8n, 3)])).toBeNull()
  })

  it('takes a criteria item as any token of its contract', () => {
    const criteriaOffer = offer(4, 0n)
    expect(matchedCounterparty(criteriaOffer, [criteriaOffer, selling(TAKER, 42n)])).toBe(TAKER)
    const criteriaListing = listing(5, 0n)
    expect(matchedCounterparty(criteriaListing, [criteriaListing, buying(TAKER, 42n, TAKER, NFT, 3)])).toBe(TAKER)
  })

  it('names the offerer itself when the token went back to it (a wash)', () => {
    const own = listing(2, 7n)
    expect(matchedCounterparty(own, [own, buying(THIRD, 7n, MAKER)])).toBe(MAKER)
  })

  it('names no one when no other order took the token, several did, or the zero address did', () => {
    const own = listing(2, 7n)
    expect(matchedCounterparty(own, [own])).toBeNull()
    expect(matchedCounterparty(own, [own, buying(TAKER, 7n), buying(THIRD, 7n)])).toBeNull()
    expect(matchedCounterparty(own, [own, buying(TAKER, 7n, zeroAddress)])).toBeNull()
  })

  it('never reads the order itself as its own other side', () => {
    const own = fill(
      MAKER,
      [{ itemType: 2, token: NFT, identifier: 7n }],
      [{ itemType: 2, token: NFT, identifier: 7n, recipient: THIRD }],
    )
    expect(matchedCounterparty(own, [own])).toBeNull()
  })
})
