import { seedDatabase } from '../../db/seed'
import { createTestRuntime } from './runtime'

/**
 * The moment the test data is relative to: the minute a test file starts. Seeded auctions and
 * orders end whole hours after it, so none ends while a file runs and a reference taken at its
 * start still holds at its end.
 */
export const SEED_NOW = new Date(Math.floor(Date.now() / 60_000) * 60_000)

/** A fresh database with the default deterministic seed (or a smaller one). */
export async function createSeededRuntime(nfts = 2_400) {
  const runtime = await createTestRuntime()
  await seedDatabase(runtime.db, { nfts, now: SEED_NOW })
  return runtime
}
