/**
 * What the browser reads back from its cart (user-editable localStorage) is checked field by
 * field, and the fulfillments of a cart move each token alone and pay each recipient once.
 */
import { parseEther, zeroAddress, type Address } from 'viem'
import { describe, expect, it } from 'vitest'
import { cartFill, cartFulfillments, type CartOrder } from '../../chain/cart'
import { listingOrder } from '../../chain/seaport'
import { cartEntryOf } from '../../app/lib/cart'

const entry = {
  orderHash: `0x${'ab'.repeat(32)}`,
  chainId: 31337,
  nftId: 7,
  name: 'Light #7',
  image: '/api/art/nft/harbour/7.svg',
  collection: 'Harbour Lights',
  units: 1,
}

describe('a cart entry read back', () => {
  it('is kept when every field is what the cart wrote', () => {
    expect(cartEntryOf(entry, 31337)).toEqual(entry)
    expect(cartEntryOf({ ...entry, image: 'https://cdn.example/7.png' }, 31337)).not.toBeNull()
  })

  it.each([
    ['another chain', { chainId: 1 }],
    ['an uppercase or short hash', { orderHash: `0x${'AB'.repeat(32)}` }],
    ['a hash that is not hex', { orderHash: `0x${'zz'.repeat(32)}` }],
    ['a script image', { image: 'javascript:alert(1)' }],
    ['a protocol-relative image', { image: '//evil.example/x.png' }],
    ['a data image', { image: 'data:image/svg+xml,<svg onload=alert(1)>' }],
    ['no units', { units: 0 }],
    ['fractional units', { units: 1.5 }],
    ['units as text', { units: '3' }],
    ['an empty name', { name: '' }],
    ['a huge name', { name: 'x'.repeat(201) }],
    ['a negative id', { nftId: -1 }],
  ])('is dropped with %s', (_, change) => {
    expect(cartEntryOf({ ...entry, ...change }, 31337)).toBeNull()
  })

  it('keeps only the known fields', () => {
    expect(cartEntryOf({ ...entry, price: '0', __proto__: { x: 1 } }, 31337)).toEqual(entry)
    for (const raw of [null, 'x', 3, [entry]]) expect(cartEntryOf(raw, 31337)).toBeNull()
  })
})

describe("a cart's fulfillments", () => {
  const platform = '0x00000000000000000000000000000000000000f1' as Address
  const creator = '0x00000000000000000000000000000000000000c1' as Address
  const order = (maker: Address, tokenId: bigint, price: bigint, quantity?: bigint): CartOrder => ({
    order: listingOrder({
      maker,
      token: { contract: '0x0000000000000000000000000000000000000a11', tokenId, quantity },
      price,
      fees: [
        { recipient: platform, bps: 250 },
        { recipient: creator, bps: 500 },
      ],
      startTime: 0n,
      endTime: 1n,
      salt: tokenId,
      counter: 0n,
    }),
    signature: '0x',
    units: quantity === undefined ? 1n : 2n,
    quantity: quantity ?? 1n,
  })
  const a = '0x000000000000000000000000000000000000000a' as Address
  const b = '0x000000000000000000000000000000000000000b' as Address

  it('move each token alone and pay the same recipient once across orders', () => {
    const orders = [order(a, 1n, parseEther('1')), order(b, 2n, parseEther('2')), order(a, 3n, parseEther('3'))]
    const { offer, consideration } = cartFulfillments(orders)
    expect(offer).toEqual([0, 1, 2].map((o) => [{ orderIndex: BigInt(o), itemIndex: 0n }]))
    const pair = (o: number, i: number) => ({ orderIndex: BigInt(o), itemIndex: BigInt(i) })
    expect(consideration).toEqual([
      [pair(0, 0), pair(2, 0)], // seller a
      [pair(0, 1), pair(1, 1), pair(2, 1)], // the platform
      [pair(0, 2), pair(1, 2), pair(2, 2)], // the creator
      [pair(1, 0)], // seller b
    ])
  })

  it('send the total of the units taken: part of an ERC-1155 listing pays its share', () => {
    const { value, args } = cartFill([order(a, 1n, parseEther('1')), order(b, 9n, parseEther('0.1'), 5n)])
    expect(value).toBe(parseEther('1') + parseEther('0.2'))
    expect(args[6]).toBe(2n)
    expect(args[5]).toBe(zeroAddress)
    expect(args[0].map((o) => [o.numerator, o.denominator])).toEqual([
      [1n, 1n],
      [2n, 5n],
    ])
  })
})
