/**
 * Criteria trees kept in the process: building one hashes every id twice (about 200 ms of CPU for
 * 5,000 ids), so a trait's tree and an offer's are built once and found again by the very ids they
 * are built from. A changed list is another key, so a kept tree is never stale; the least recently
 * used go first when the ids held pass a bound. Per process (or Worker isolate): nothing shared.
 */
import { CriteriaTree } from '../../chain/criteria'

/** Ids held by every kept tree together (a tree keeps about 2 hashes an id: ~30 MB at most). */
const TREE_IDS_HELD = 100_000

const trees = new Map<string, CriteriaTree>()
let held = 0
let builds = 0

/** The criteria tree of these decimal ids, built only when no tree of the same list is kept. */
export function criteriaTree(ids: readonly string[]): CriteriaTree {
  const key = ids.join(',')
  const kept = trees.get(key)
  if (kept) {
    trees.delete(key) // back to the newest end
    trees.set(key, kept)
    return kept
  }
  const tree = new CriteriaTree(ids.map(BigInt))
  builds += 1
  if (ids.length <= TREE_IDS_HELD) {
    trees.set(key, tree)
    held += ids.length
    for (const [oldest, dropped] of trees) {
      if (held <= TREE_IDS_HELD) break
      trees.delete(oldest)
      held -= dropped.size
    }
  }
  return tree
}

/** How many trees this process has built (tests and the bench count them). */
export const criteriaTreeBuilds = () => builds
