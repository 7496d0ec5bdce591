/**
 * The criteria tree agrees with seaport-js's (the tree Seaport's own criteria resolution checks):
 * the same root and proofs for the same ids, whatever their order or number.
 */
import { MerkleTree } from '@opensea/seaport-js/lib/utils/merkletree'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { CriteriaTree, verifyCriteriaProof } from '../../chain/criteria'

describe('the criteria tree', () => {
  it('has seaport-js’s root and proofs, and proves no id outside it', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }), { minLength: 1, maxLength: 40 }),
        (ids) => {
          const ours = new CriteriaTree(ids)
          const theirs = new MerkleTree(ids.map(String))
          expect(ours.root).toBe(theirs.getRoot())
          for (const id of ids) {
            expect(ours.proof(id)).toEqual(theirs.getProof(id.toString()))
            expect(verifyCriteriaProof(id, ours.root, ours.proof(id)!)).toBe(true)
          }
          const outside = ids.reduce((a, b) => (a > b ? a : b)) + 1n
          expect(ours.proof(outside)).toBeNull()
        },
      ),
      { numRuns: 60 },
    )
  })

  it('refuses an empty or repeated list, and a proof for another id', () => {
    expect(() => new CriteriaTree([])).toThrow(/at least one/)
    expect(() => new CriteriaTree([1n, 1n])).toThrow(/differ/)
    const tree = new CriteriaTree([1n, 2n, 3n, 4n, 5n])
    expect(verifyCriteriaProof(6n, tree.root, tree.proof(5n)!)).toBe(false)
    expect(verifyCriteriaProof(4n, tree.root, tree.proof(5n)!)).toBe(false)
  })
})
