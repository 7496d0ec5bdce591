import { sql } from 'drizzle-orm'
import type { Database } from '../client'
import { users } from '../schema'
import { createRandom } from './random'

export const DEFAULT_SEED = 20261122

const FIRST = ['nova', 'pixel', 'lumen', 'cipher', 'aurora', 'echo', 'quartz', 'velvet', 'ember', 'orbit', 'saffron', 'delta']
const SECOND = ['fox', 'atelier', 'studio', 'collector', 'whale', 'maker', 'dao', 'labs', 'gallery', 'punk', 'mint', 'vault']

export interface SeedOptions {
  seed?: number
  users?: number
}

/** Fills an empty, migrated database with deterministic demo data. Does nothing if data exists. */
export async function seedDatabase(db: Database, options: SeedOptions = {}): Promise<{ seeded: boolean }> {
  const [existing] = await db.select({ count: sql<number>`count(*)` }).from(users)
  if ((existing?.count ?? 0) > 0) return { seeded: false }

  const random = createRandom(options.seed ?? DEFAULT_SEED)
  const count = options.users ?? 150
  const rows = Array.from({ length: count }, (_, i) => ({
    address: `0x${random.hex(20)}`,
    username: `${random.pick(FIRST)}_${random.pick(SECOND)}${i}`,
    bio: null,
  }))
  for (let i = 0; i < rows.length; i += 500) {
    await db.insert(users).values(rows.slice(i, i + 500))
  }
  return { seeded: true }
}
