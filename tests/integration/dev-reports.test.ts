/**
 * `npm run dev` files a few open reports (scripts/dev-world-reports.ts) so the moderation queue
 * is never empty, and a second start files none.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { reports } from '../../db/schema'
import { listReportQueue } from '../../server/queries/moderation'
import { fileDevReports } from '../../scripts/dev-world-reports'
import { testAccount } from '../support/chain'
import { createSeededRuntime } from '../support/seeded'

let runtime: Awaited<ReturnType<typeof createSeededRuntime>>
beforeAll(async () => {
  runtime = await createSeededRuntime(60)
})
afterAll(() => runtime.close())

it('files open reports of items, a collection and a profile once; the queue shows them, most reported first', async () => {
  const reporters = [7, 8, 9].map((i) => testAccount(i).address)
  expect(await fileDevReports(runtime.db, reporters)).toBe(6)
  expect(await fileDevReports(runtime.db, reporters)).toBe(0)
  expect(await runtime.db.select().from(reports)).toHaveLength(6)
  const queue = await listReportQueue(runtime.db, undefined, 10)
  expect(queue.data.map((t) => t.target.kind).sort()).toEqual(['collection', 'item', 'item', 'profile'])
  expect(queue.data[0]).toMatchObject({ target: { kind: 'item' }, openReports: 3 })
})
