/**
 * Readable signing: the words a trader reads before the wallet is asked come from the order
 * itself, with exact amounts, and everything the order does that the page did not say is warned
 * about.
 */
import { getAddress, parseEther, zeroAddress, type Address, type Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import { criteriaOfferOrder } from '../../chain/criteria'
import { listingOrder, offerOrder, ItemType, type OrderComponents } from '../../chain/seaport'
import {
  describeCancel,
  describeFill,
  describeFills,
  describeMint,
  describeOrder,
  describeOrders,
  type SigningContext,
} from '../../chain/signing'

const seller = '0x1111111111111111111111111111111111111111' as Address
const buyer = '0x2222222222222222222222222222222222222222' as Address
const platform = '0x3333333333333333333333333333333333333333' as Address
const creator = '0x4444444444444444444444444444444444444444' as Address
const stranger = '0x5555555555555555555555555555555555555555' as Address
const weth = '0x6666666666666666666666666666666666666666' as Address
const reverie = '0x7777777777777777777777777777777777777777' as Address
const editions = '0x8888888888888888888888888888888888888888' as Address
const fees = [
  { recipient: platform, bps: 100 },
  { recipient: creator, bps: 50 },
]
const NOW = 1_800_000_000n
const terms = {
  startTime: NOW - 60n,
  endTime: NOW + 7n * 86_400n,
  salt: 1n,
  counter: 0n,
  fees,
}
const ctx = (signer: Address, extra: Partial<SigningContext> = {}): SigningContext => ({
  signer,
  weth,
  now: NOW,
  fees: [
    { kind: 'platform', recipient: platform, bps: 100 },
    { kind: 'creator', recipient: creator, bps: 50 },
  ],
  names: {
    token: (contract, id) =>
      contract === reverie && id === 20n ? 'Reverie #20' : contract === editions && id === 3n ? 'Tide #3' : undefined,
    collection: (contract) => (contract === reverie ? 'Reverie' : undefined),
    criteria: (contract, root) => (contract === reverie && root === 0xabcn ? 'Background: Blue' : undefined),
  },
  ...extra,
})
const listing = (price = parseEther('1.5'), tokenId = 20n) =>
  listingOrder({ ...terms, maker: seller, token: { contract: reverie, tokenId }, price })
const offer = (price = parseEther('1.5')) =>
  offerOrder({ ...terms, maker: buyer, token: { contract: reverie, tokenId: 20n }, price, weth })

describe('what a signer gives and gets', () => {
  it('a listing of an ERC-721: the token for the price less the fees', () => {
    expect(describeOrder(listing(), ctx(seller))).toEqual({
      give: 'Reverie #20',
      get: '1.4775 ETH',
      detail: '1.5 ETH less a 0.015 platform fee and 0.0075 creator earnings',
      warnings: [],
    })
  })

  it('a listing of 5 of an ERC-1155: per token and in all', () => {
    const order = listingOrder({
      ...terms,
      maker: seller,
      token: { contract: editions, tokenId: 3n, quantity: 5n },
      price: parseEther('0.2'),
    })
    expect(describeOrder(order, ctx(seller))).toEqual({
      give: '5 × Tide #3',
      get: '0.985 ETH (0.197 ETH each)',
      detail: '1 ETH less a 0.01 platform fee and 0.005 creator earnings',
      warnings: [],
    })
  })

  it('an offer: WETH for the token; the fees come out of what the holder receives', () => {
    expect(describeOrder(offer(), ctx(buyer))).toEqual({
      give: '1.5 WETH',
      get: 'Reverie #20',
      note: 'If accepted, the holder receives 1.4775 WETH — 1.5 WETH less a 0.015 platform fee and 0.0075 creator earnings',
      warnings: [],
    })
  })

  it('accepting an offer: the token for the WETH less the fees', () => {
    expect(describeFill(offer(), ctx(seller))).toEqual({
      give: 'Reverie #20',
      get: '1.4775 WETH',
      detail: '1.5 WETH less a 0.015 platform fee and 0.0075 creator earnings',
      warnings: [],
    })
  })

  it('buying: ETH for the token', () => {
    expect(describeFill(listing(), ctx(buyer))).toEqual({
      give: '1.5 ETH',
      get: 'Reverie #20',
      note: 'The seller receives 1.4775 ETH — 1.5 ETH less a 0.015 platform fee and 0.0075 creator earnings',
      warnings: [],
    })
  })

  it('buying 2 of an ERC-1155 listing of 5: that part of every amount', () => {
    const order = listingOrder({
      ...terms,
      maker: seller,
      token: { contract: editions, tokenId: 3n, quantity: 5n },
      price: parseEther('0.2'),
    })
    const summary = describeFill(order, ctx(buyer), { units: 2n, quantity: 5n })
    expect([summary.give, summary.get]).toEqual(['0.4 ETH', '2 × Tide #3'])
  })

  it('a collection offer: any token of the collection', () => {
    const order = offer()
    order.consideration[0] = { ...order.consideration[0]!, itemType: 4, identifierOrCriteria: 0n }
    expect(describeOrder(order, ctx(buyer)).get).toBe('any token of Reverie')
  })

  it('a collection offer for 2, as the site builds it: each holder’s share said per token', () => {
    const order = criteriaOfferOrder({
      ...terms,
      maker: buyer,
      contract: reverie,
      standard: 'erc721',
      criteria: 0n,
      quantity: 2n,
      price: parseEther('0.2'),
      weth,
    })
    const summary = describeOrder(order, ctx(buyer))
    expect([summary.give, summary.get, summary.note]).toEqual([
      '0.4 WETH (0.2 WETH each)',
      '2 × any token of Reverie',
      'If accepted, the holder of each receives 0.197 WETH — 0.2 WETH less a 0.002 platform fee and 0.001 creator earnings',
    ])
    expect(summary.warnings).toEqual([])
  })

  it('a trait offer: named when the lookup knows the root, else a list of tokens', () => {
    const order = offer()
    order.consideration[0] = { ...order.consideration[0]!, itemType: 4, identifierOrCriteria: 0xabcn }
    expect(describeOrder(order, ctx(buyer)).get).toBe('any Reverie with Background: Blue')
    order.consideration[0] = { ...order.consideration[0]!, identifierOrCriteria: 0xdefn }
    expect(describeOrder(order, ctx(buyer)).get).toBe('one of a list of tokens of Reverie')
  })

  it('an ERC-1155 collection offer for 3 at 0.1 WETH each', () => {
    const order = offerOrder({
      ...terms,
      maker: buyer,
      token: { contract: editions, tokenId: 0n, quantity: 3n },
      price: parseEther('0.1'),
      weth,
    })
    order.consideration[0] = { ...order.consideration[0]!, itemType: 5 }
    const summary = describeOrder(order, ctx(buyer))
    expect([summary.give, summary.get]).toEqual([
      '0.3 WETH (0.1 WETH each)',
      `3 × any token of ${getAddress(editions)}`,
    ])
  })

  it('a bulk listing: each order and what they bring in all', () => {
    const summary = describeOrders([listing(), listing(parseEther('0.5'), 21n)], ctx(seller))
    expect(summary.orders.map((o) => [o.give, o.get])).toEqual([
      ['Reverie #20', '1.4775 ETH'],
      [`${getAddress(reverie)} #21`, '0.4925 ETH'],
    ])
    expect(summary.total).toEqual({ give: '2 items', get: '1.97 ETH' })
    expect(summary.warnings).toEqual([])
  })

  it('a cart: every listing and the ETH in all', () => {
    const summary = describeFills([{ order: listing() }, { order: listing(parseEther('0.5'), 21n) }], ctx(buyer))
    expect(summary.total).toEqual({ give: '2 ETH', get: '2 items' })
    expect(summary.orders.map((o) => o.get)).toEqual(['Reverie #20', `${getAddress(reverie)} #21`])
  })

  it('a cancel: nothing given, the order no longer fillable', () => {
    expect(describeCancel([listing()], ctx(seller))).toEqual([
      {
        give: 'nothing (only the gas)',
        get: 'your listing (Reverie #20 for 1.4775 ETH) can no longer be filled',
        warnings: [],
      },
    ])
  })

  it('a lazy mint: the voucher price for the token, minted to the buyer', () => {
    expect(describeMint(reverie, 20n, parseEther('0.08'), ctx(buyer))).toEqual({
      give: '0.08 ETH',
      get: 'Reverie #20, minted to you',
      warnings: [],
    })
  })

  it('a platform and a creator at one address are each read at their own rate', () => {
    const one = {
      ...ctx(seller),
      fees: [
        { kind: 'platform' as const, recipient: platform, bps: 100 },
        { kind: 'creator' as const, recipient: platform, bps: 500 },
      ],
    }
    const order = listingOrder({
      ...terms,
      fees: [
        { recipient: platform, bps: 100 },
        { recipient: platform, bps: 500 },
      ],
      maker: seller,
      token: { contract: reverie, tokenId: 20n },
      price: parseEther('1'),
    })
    expect(describeOrder(order, one)).toMatchObject({
      get: '0.94 ETH',
      detail: '1 ETH less a 0.01 platform fee and 0.05 creator earnings',
      warnings: [],
    })
    // The same address paid a third time is not covered by either rate.
    order.consideration.push({ ...order.consideration[2]! })
    expect(describeOrder(order, one).warnings).toHaveLength(1)
  })

  it('a seller who is the creator gets the creator earnings too', () => {
    const own = { ...ctx(creator) }
    const order = listingOrder({
      ...terms,
      maker: creator,
      token: { contract: reverie, tokenId: 20n },
      price: parseEther('1'),
    })
    expect(describeOrder(order, own)).toMatchObject({
      get: '0.99 ETH',
      detail: '1 ETH less a 0.01 platform fee',
      warnings: [],
    })
  })

  it('amounts are exact, however many decimals', () => {
    const summary = describeOrder(listing(1n), ctx(seller))
    // 1 wei: both fees round down to nothing and are left out of the order.
    expect(summary.get).toBe('0.000000000000000001 ETH')
  })
})

describe('the order is the truth, not the page', () => {
  it('page says 1 ETH, the order says 0.1 ETH', () => {
    const summary = describeOrder(listing(parseEther('0.1')), ctx(seller, { page: { price: parseEther('1') } }))
    expect(summary.get).toBe('0.0985 ETH')
    expect(summary.warnings).toEqual(['The page showed 1 ETH, but this order says 0.1 ETH.'])
  })

  it('page says #20, the order says #21', () => {
    const summary = describeOrder(
      listing(parseEther('1.5'), 21n),
      ctx(seller, { page: { token: { contract: reverie, tokenId: 20n } } }),
    )
    expect(summary.give).toBe(`${getAddress(reverie)} #21`)
    expect(summary.warnings).toEqual([`The page showed token #20, but this order is for ${getAddress(reverie)} #21.`])
  })

  it('an extra item paying a stranger', () => {
    const order = listing()
    order.consideration.push({ ...order.consideration[1]!, recipient: stranger, startAmount: 5n, endAmount: 5n })
    const summary = describeOrder(order, ctx(seller))
    expect(summary.warnings).toEqual([
      `0.000000000000000005 ETH goes to ${getAddress(stranger)}, who is neither you nor a known fee recipient.`,
    ])
    // A buyer is told too.
    expect(describeFill(order, ctx(buyer)).warnings).toHaveLength(1)
  })

  it('a fee above its rate', () => {
    const order = listing()
    order.consideration[1] = {
      ...order.consideration[1]!,
      startAmount: parseEther('0.15'),
      endAmount: parseEther('0.15'),
    }
    expect(describeOrder(order, ctx(seller)).warnings).toEqual([
      'The platform fee in this order (0.15 ETH) is more than 1% of the price.',
    ])
  })

  it('an offer whose token goes to someone else', () => {
    const order = offer()
    order.consideration[0] = { ...order.consideration[0]!, recipient: stranger }
    expect(describeOrder(order, ctx(buyer)).warnings).toEqual([
      `Reverie #20 would go to ${getAddress(stranger)}, not to you.`,
    ])
  })

  it('a buyer told the order asks more than the page showed', () => {
    const summary = describeFill(listing(parseEther('2')), ctx(buyer, { page: { price: parseEther('1.5') } }))
    expect(summary.give).toBe('2 ETH')
    expect(summary.warnings).toEqual(['The page showed 1.5 ETH, but this order says 2 ETH.'])
  })

  it('zones, conduits, Dutch auctions, unknown items and far end times are said loudly', () => {
    const order: OrderComponents = {
      ...listing(),
      zone: stranger,
      conduitKey: `0x${'11'.repeat(32)}` as Hex,
      endTime: NOW + 1000n * 86_400n,
    }
    order.consideration[0] = { ...order.consideration[0]!, endAmount: 1n }
    order.offer.push({ itemType: 9, token: zeroAddress, identifierOrCriteria: 0n, startAmount: 1n, endAmount: 1n })
    const warnings = describeOrder(order, ctx(seller)).warnings
    expect(warnings).toEqual([
      `A zone contract (${getAddress(stranger)}) decides whether this order may be filled.`,
      `Tokens move through a conduit (key 0x${'11'.repeat(32)}), not through Seaport itself.`,
      `The price changes over time (a Dutch auction): from 1477500000000000000 to 1 base units of one item.`,
      'This order holds an item of an unknown type (9); it cannot be read.',
      'This order stays valid for 1000 days: the signature can be used until then unless you cancel.',
    ])
  })

  it('an order made by another wallet is said', () => {
    expect(describeOrder(listing(), ctx(buyer)).warnings).toContain(
      `This order is made by ${getAddress(seller)}, not by your wallet.`,
    )
  })

  it('an unknown currency is shown in base units with its address', () => {
    const order = listing()
    order.consideration = order.consideration.map((c) => ({ ...c, itemType: ItemType.ERC20, token: stranger }))
    expect(describeOrder(order, ctx(seller)).get).toBe(
      `1477500000000000000 base units of the token ${getAddress(stranger)}`,
    )
  })
})
