/**
 * Seaport bulk signatures: our tree and verifier agree with seaport-js (the client third parties
 * use) and ethers, byte for byte, and refuse what Seaport would not take as the signer's.
 */
import { getBulkOrderTree } from '@opensea/seaport-js/lib/utils/eip712/bulk-orders'
import { Signature, TypedDataEncoder, Wallet } from 'ethers'
import { hashTypedData, size, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import {
  bulkHeight,
  bulkListing,
  bulkOrderDigest,
  bulkSignature,
  parseBulkSignature,
  recoverBulkSigner,
} from '../../chain/bulk-orders'
import { listingOrder, orderToJson, type OrderComponents } from '../../chain/seaport'

const KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d'
const maker = privateKeyToAccount(KEY)
const seaport = '0x00000000000000adc04c56bf30ac9d3c0aaf14dc'
const chainId = 31337

const orders = (count: number): OrderComponents[] =>
  Array.from({ length: count }, (_, i) =>
    listingOrder({
      maker: maker.address.toLowerCase() as Hex,
      token:
        i % 2
          ? { contract: '0x1111111111111111111111111111111111111111', tokenId: BigInt(i) }
          : {
              contract: '0x2222222222222222222222222222222222222222',
              tokenId: BigInt(i),
              quantity: 3n,
            },
      price: 10n ** 16n + BigInt(i),
      fees: [{ recipient: '0x3333333333333333333333333333333333333333', bps: 250 }],
      startTime: 1_700_000_000n,
      endTime: 1_900_000_000n,
      salt: BigInt(1000 + i),
      counter: 0n,
    }),
  )

/** What seaport-js's signBulkOrder does: one signature of its tree, EIP-2098 compact, then a proof per order. */
async function seaportJsBulk(components: OrderComponents[]) {
  const tree = getBulkOrderTree(components.map(orderToJson) as never)
  const domain = { name: 'Seaport', version: '1.6', chainId, verifyingContract: seaport }
  const full = await new Wallet(KEY).signTypedData(domain, tree.types, { tree: tree.getDataToSign() })
  const compact = Signature.from(full).compactSerialized
  return {
    hash: TypedDataEncoder.hash(domain, tree.types, { tree: tree.getDataToSign() }),
    signatures: components.map((_, i) => tree.getEncodedProofAndSignature(i, compact) as Hex),
  }
}

describe('bulk orders', () => {
  it('sizes the tree: at least one level, ceil(log2 n) after', () => {
    expect([1, 2, 3, 4, 5, 10, 100].map(bulkHeight)).toEqual([1, 1, 2, 2, 3, 4, 7])
    expect(() => bulkHeight(0)).toThrow()
  })

  it.each([1, 3, 10])('recovers the maker from each of %i bulk signatures seaport-js made', async (count) => {
    const components = orders(count)
    const made = await seaportJsBulk(components)
    for (const [i, order] of components.entries()) {
      const signature = made.signatures[i]!
      expect(size(signature)).toBe(64 + 3 + 32 * bulkHeight(count))
      const recovered = await recoverBulkSigner(chainId, seaport, order, signature)
      expect(recovered?.signer).toBe(maker.address)
      // Stored with the ECDSA part made 65 bytes; it still recovers the maker.
      expect(size(recovered!.signature)).toBe(size(signature) + 1)
      expect((await recoverBulkSigner(chainId, seaport, order, recovered!.signature))?.signer).toBe(maker.address)
    }
  })

  it('builds the typed data seaport-js and ethers sign, and the same per-order signatures', async () => {
    const components = orders(5)
    const bulk = bulkListing(chainId, seaport, components)
    const made = await seaportJsBulk(components)
    const { typedData } = bulk
    expect(hashTypedData(typedData)).toBe(made.hash)
    const ethersTypes = { ...typedData.types } as Record<string, unknown>
    const message = JSON.parse(JSON.stringify(typedData.message, (_k, v) => (typeof v === 'bigint' ? v.toString() : v)))
    expect(TypedDataEncoder.hash(typedData.domain, ethersTypes as never, message)).toBe(made.hash)
    for (const [i, order] of components.entries()) {
      expect(bulkOrderDigest(chainId, seaport, order, i, bulk.proof(i))).toBe(made.hash)
    }
    // The wallet's compact signature in, seaport-js's bytes out.
    const compact = made.signatures[0]!.slice(0, 2 + 128) as Hex
    expect(bulk.signatures(compact)).toEqual(made.signatures)
  })

  it('our own signatures (65-byte, as a wallet returns them) recover the maker', async () => {
    const components = orders(3)
    const bulk = bulkListing(chainId, seaport, components)
    const signatures = bulk.signatures(await maker.signTypedData(bulk.typedData))
    for (const [i, order] of components.entries()) {
      expect((await recoverBulkSigner(chainId, seaport, order, signatures[i]!))?.signer).toBe(maker.address)
    }
  })

  it('recovers someone else from a forged proof, a wrong index or another order’s proof', async () => {
    const components = orders(4)
    const [first, second] = (await seaportJsBulk(components)).signatures as [Hex, Hex]
    const parsed = parseBulkSignature(first)
    if (!parsed?.ok) throw new Error('not parsed')
    const signer = async (order: OrderComponents, signature: Hex) =>
      (await recoverBulkSigner(chainId, seaport, order, signature))?.signer
    const forged = bulkSignature(parsed.signature, 0, [parsed.proof[0]!, `0x${'ab'.repeat(32)}`])
    expect(await signer(components[0]!, forged)).not.toBe(maker.address)
    const wrongIndex = bulkSignature(parsed.signature, 2, parsed.proof)
    expect(await signer(components[0]!, wrongIndex)).not.toBe(maker.address)
    expect(await signer(components[0]!, second)).not.toBe(maker.address)
    expect(await signer(components[1]!, second)).toBe(maker.address)
  })

  it('reads the lengths Seaport reads, and refuses heights and indexes it would not', () => {
    const sig = `0x${'11'.repeat(64)}` as Hex
    const node = `0x${'22'.repeat(32)}` as Hex
    expect(parseBulkSignature(sig)).toBeNull()
    expect(parseBulkSignature(`${sig}1b`)).toBeNull()
    expect(parseBulkSignature(bulkSignature(sig, 1, [node]))).toMatchObject({ ok: true, index: 1, height: 1 })
    expect(parseBulkSignature(bulkSignature(`${sig}1b`, 3, [node, node]))).toMatchObject({ ok: true, height: 2 })
    expect(parseBulkSignature(bulkSignature(sig, 0, Array(25).fill(node)))).toEqual({
      ok: false,
      problem: "a bulk signature's tree is 1 to 24 levels high; this one is 25",
    })
    expect(parseBulkSignature(bulkSignature(sig, 0, []))).toMatchObject({ ok: false })
    expect(parseBulkSignature(bulkSignature(sig, 2, [node]))).toEqual({
      ok: false,
      problem: 'index 2 is past the 2 orders of its tree',
    })
  })
})
