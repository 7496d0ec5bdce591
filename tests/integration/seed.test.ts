/**
 * The seeds. `npm run db:seed` alone: the local chain's market only, every item on a chain this
 * machine reaches. With `--nfts N`, first a synthetic market for benchmarks and tests of a
 * realistic size and shape (what `createSeededRuntime` makes), the same database for the same
 * seed value and hour. The command refuses bad options before it writes anything.
 */
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOCAL_COLLECTIONS } from '../../chain/local-market'
import { CATEGORIES } from '../../db/schema'
import { openMigratedDatabase } from '../../db/migrate.server'
import { SEEDED_TABLES, seedDatabase } from '../../db/seed'
import { createTestRuntime } from '../support/runtime'
import { createSeededRuntime, SEED_NOW } from '../support/seeded'

const DAY = 86_400_000
let runtime: Awaited<ReturnType<typeof createSeededRuntime>>
beforeAll(async () => {
  runtime = await createSeededRuntime()
})
afterAll(() => runtime.close())

const one = async (sql: string) => (await runtime.db.$client.execute(sql)).rows[0]!
const count = async (sql: string) => Number(Object.values(await one(sql))[0])

/** Every row of the seeded tables, in key order, as one digest. */
async function digest(db: Awaited<ReturnType<typeof createTestRuntime>>['db']) {
  const hash = createHash('sha256')
  for (const table of SEEDED_TABLES) {
    const { rows } = await db.$client.execute(`SELECT * FROM ${table} ORDER BY 1, 2`)
    hash.update(`${table}:${JSON.stringify(rows)}`)
  }
  return hash.digest('hex')
}

describe('the synthetic seed (--nfts)', () => {
  it('has at least 30 collections over all 8 categories and 3 chains, 2,000 NFTs with traits, 150 users with avatars and banners', async () => {
    expect(await count('SELECT count(*) FROM collections')).toBeGreaterThanOrEqual(30)
    const categories = (await runtime.db.$client.execute('SELECT DISTINCT category FROM collections')).rows
    expect(new Set(categories.map((r) => r.category))).toEqual(new Set(CATEGORIES))
    expect(await count('SELECT count(DISTINCT chain_id) FROM collections')).toBeGreaterThanOrEqual(3)
    expect(await count('SELECT count(*) FROM nfts')).toBeGreaterThanOrEqual(2_000)
    expect(await count('SELECT count(*) FROM nfts WHERE id NOT IN (SELECT nft_id FROM nft_attributes)')).toBe(0)
    expect(await count('SELECT count(*) FROM users')).toBeGreaterThanOrEqual(150)
    expect(
      await count("SELECT count(*) FROM users WHERE coalesce(avatar_url, '') = '' OR coalesce(banner_url, '') = ''"),
    ).toBe(0)
  })

  it('has 90 days of mints, listings, sales, transfers and offers, with sales in every week', async () => {
    const types = (await runtime.db.$client.execute('SELECT DISTINCT type FROM activity')).rows.map((r) => r.type)
    expect(types).toEqual(expect.arrayContaining(['mint', 'list', 'sale', 'transfer', 'offer']))
    const sales = (await runtime.db.$client.execute('SELECT sold_at FROM sales')).rows.map((r) => Number(r.sold_at))
    const ages = sales.map((at) => (SEED_NOW.getTime() - at) / DAY)
    expect(Math.min(...ages)).toBeGreaterThanOrEqual(0)
    // The last 90 days have sales in every week (older ones give all-time rankings a history).
    const weeks = new Set(ages.map((age) => Math.floor(age / 7)))
    for (let week = 0; week <= 12; week++) expect(weeks.has(week), `sales ${week} weeks ago`).toBe(true)
    for (const type of ['mint', 'list', 'transfer', 'offer']) {
      const recent = await count(
        `SELECT count(*) FROM activity WHERE type = '${type}' AND created_at > ${SEED_NOW.getTime() - 90 * DAY}`,
      )
      expect(recent, type).toBeGreaterThan(10)
    }
    // Every sale is in the feed, and prices are exact wei.
    expect(await count("SELECT count(*) FROM activity WHERE type = 'sale'")).toBe(sales.length)
    expect(
      await count("SELECT count(*) FROM sales WHERE price_wei NOT GLOB '[1-9]*' OR price_wei GLOB '*[^0-9]*'"),
    ).toBe(0)
  })

  it('names read like a marketplace: no two collections share a name or a slug', async () => {
    expect(await count('SELECT count(*) - count(DISTINCT name) FROM collections')).toBe(0)
    expect(await count('SELECT count(*) - count(DISTINCT slug) FROM collections')).toBe(0)
    expect(await count('SELECT count(*) FROM collections WHERE length(description) < 40')).toBe(0)
  })

  it('is the same database for the same seed value and hour, and another for another seed value', async () => {
    const twice = await Promise.all([createTestRuntime(), createTestRuntime(), createTestRuntime()])
    try {
      await seedDatabase(twice[0]!.db, { nfts: 300, now: SEED_NOW })
      await seedDatabase(twice[1]!.db, { nfts: 300, now: SEED_NOW })
      await seedDatabase(twice[2]!.db, { nfts: 300, now: SEED_NOW, seed: 7 })
      const [a, b, other] = await Promise.all(twice.map((r) => digest(r.db)))
      expect(a).toBe(b)
      expect(other).not.toBe(a)
    } finally {
      for (const r of twice) r.close()
    }
  })
})

// Each case starts the command in a Node process of its own: seconds on a busy machine.
describe('npm run db:seed', { timeout: 60_000 }, () => {
  it('without --nfts seeds the local chain only: its collections, their owners’ profiles, signed orders', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vitrine-seed-'))
    try {
      const url = `file:${join(dir, 'seed.db')}`
      const run = spawnSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/db.ts', 'seed'], {
        env: { ...process.env, DATABASE_URL: url },
        encoding: 'utf8',
      })
      expect(run.status, run.stderr).toBe(0)
      const db = await openMigratedDatabase({ url })
      try {
        const rows = async (sql: string) => (await db.$client.execute(sql)).rows
        expect(await rows('SELECT DISTINCT chain_id FROM collections')).toEqual([
          expect.objectContaining({ chain_id: 31337 }),
        ])
        expect((await rows('SELECT count(*) AS n FROM collections'))[0]!.n).toBe(LOCAL_COLLECTIONS.length)
        expect((await rows('SELECT count(*) AS n FROM users WHERE username IS NOT NULL'))[0]!.n).toBe(4)
        expect((await rows('SELECT count(*) AS n FROM sales'))[0]!.n).toBe(0)
        // Every listing and offer is a Seaport order signed by its maker (or a timed auction).
        const unsigned = await rows(
          "SELECT count(*) AS n FROM listings WHERE kind <> 'auction' AND (order_hash IS NULL OR signature IS NULL)",
        )
        expect(unsigned[0]!.n).toBe(0)
        expect((await rows('SELECT count(*) AS n FROM offers WHERE signature IS NULL'))[0]!.n).toBe(0)
      } finally {
        db.$client.close()
      }
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it.each([
    [['--seed', '7'], '--seed sets the synthetic market: give --nfts too'],
    [['--nfts', 'lots'], '--nfts must be a positive integer, got "lots"'],
    [['--nfts', '0'], '--nfts must be a positive integer, got "0"'],
    [['--seed', '1.5'], '--seed must be a positive integer, got "1.5"'],
  ])('%j is refused with a message naming the option, before anything is written', (args, message) => {
    const dir = mkdtempSync(join(tmpdir(), 'vitrine-seed-'))
    try {
      const file = join(dir, 'seed.db')
      const run = spawnSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/db.ts', 'seed', ...args], {
        env: { ...process.env, DATABASE_URL: `file:${file}` },
        encoding: 'utf8',
      })
      expect(run.status).toBe(1)
      expect(run.stderr).toContain(message)
      expect(existsSync(file)).toBe(false)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
