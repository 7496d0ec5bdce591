/**
 * What health says of each chain's indexer from its cursor: in step on an idle chain however long
 * ago it last moved, behind when it stands still below the chain's safe head or lags far below it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chainCursors } from '../../db/schema'
import { BEHIND_AFTER_MS, BEHIND_BLOCKS, checkIndexer } from '../../server/health/indexer'
import { createTestRuntime } from '../support/runtime'

let runtime: Awaited<ReturnType<typeof createTestRuntime>>
beforeAll(async () => {
  runtime = await createTestRuntime()
})
afterAll(() => runtime.close())

const now = new Date('2026-11-26T12:00:00Z')
const ago = (ms: number) => new Date(now.getTime() - ms)

async function statusOf(cursor: { block: number; safeHead: number | null; updatedAt: Date }) {
  await runtime.db.delete(chainCursors)
  await runtime.db.insert(chainCursors).values({ chainId: 1, ...cursor })
  return (await checkIndexer(runtime.db, now)).status
}

describe("health's view of the indexer", () => {
  it('is ok on an idle chain, however long ago the cursor last moved', async () => {
    expect(await statusOf({ block: 100, safeHead: 100, updatedAt: ago(86_400_000) })).toBe('ok')
    expect(await statusOf({ block: 100, safeHead: null, updatedAt: ago(86_400_000) })).toBe('ok')
  })

  it('is ok a little behind a chain it is following', async () => {
    expect(await statusOf({ block: 100, safeHead: 130, updatedAt: ago(30_000) })).toBe('ok')
  })

  it('is behind when the cursor stands still below the safe head', async () => {
    expect(await statusOf({ block: 100, safeHead: 101, updatedAt: ago(BEHIND_AFTER_MS + 1_000) })).toBe('behind')
  })

  it('is behind when it lags far below the safe head, even while it moves', async () => {
    expect(await statusOf({ block: 100, safeHead: 101 + BEHIND_BLOCKS, updatedAt: ago(1_000) })).toBe('behind')
  })
})
