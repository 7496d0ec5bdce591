import { seedDatabase } from '../../db/seed'
import { createTestRuntime } from './runtime'

/** The moment the test data is relative to: this hour, so live auctions are live whenever tests run. */
export const SEED_NOW = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000)

/** A fresh database with the default deterministic seed (or a smaller one). */
export async function createSeededRuntime(nfts = 2_400) {
  const runtime = await createTestRuntime()
  await seedDatabase(runtime.db, { nfts, now: SEED_NOW })
  return runtime
}
