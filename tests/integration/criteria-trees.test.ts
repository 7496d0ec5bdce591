/**
 * A trait's criteria and an offer's proofs, as a flooding client meets them: a trait's tree is
 * built once and kept while its tokens stay the same, an offer's once for all its proofs; a change
 * of the trait's tokens answers the new root; and past the limit a client gets the one 429.
 */
import { sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { CriteriaTree, verifyCriteriaProof } from '../../chain/criteria'
import { seedDatabase } from '../../db/seed'
import { app } from '../../server/app'
import { PEER_ADDRESS_HEADER } from '../../server/http/client-address'
import { criteriaTreeBuilds } from '../../server/queries/criteria-trees'
import { createTestRuntime, TEST_RATE_LIMITS } from '../support/runtime'
import { SEED_NOW } from '../support/seeded'

// Thousands of statements, or transactions on anvil: seconds on a busy machine.
vi.setConfig({ testTimeout: 60_000 })

let runtime: Awaited<ReturnType<typeof createTestRuntime>>
/** The most common text trait of a seeded collection. */
let trait: { collectionId: number; slug: string; type: string; value: string; tokens: number }

beforeAll(async () => {
  runtime = await createTestRuntime({ RATE_LIMITS: `${TEST_RATE_LIMITS},criteria=5/1m` })
  await seedDatabase(runtime.db, { nfts: 600, now: SEED_NOW })
  trait = await runtime.db.get(sql`
    SELECT t.collection_id AS collectionId, c.slug, t.trait_type AS type, t.value, t.token_count AS tokens
    FROM collection_traits t JOIN collections c ON c.id = t.collection_id
    WHERE t.display_type IS NULL ORDER BY t.token_count DESC LIMIT 1`)
})
afterAll(() => runtime.close())

/** One minute, every call of which is counted in the same window. */
const T0 = Math.floor(Date.now() / 3_600_000) * 3_600_000 + 1_000
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(T0)
})
afterEach(() => vi.useRealTimers())

/** Each test's calls come from a client of their own, under the limit of 5 a minute. */
let client = 0
async function get(path: string, from = `198.51.100.${++client}`) {
  const response = await app.request(
    `http://localhost/api/v1${path}`,
    { headers: { [PEER_ADDRESS_HEADER]: from } },
    runtime,
  )
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: response.status, headers: response.headers, body: (await response.json()) as any }
}
const criteria = (from?: string) =>
  get(`/collections/${trait.slug}/criteria?trait=${encodeURIComponent(`${trait.type}:${trait.value}`)}`, from)

/** The ids of the tokens carrying the trait, as the rows have them. */
const carrying = async () =>
  (
    await runtime.db.all<{ tokenId: string }>(sql`
      SELECT n.token_id AS tokenId FROM nft_attributes a JOIN nfts n ON n.id = a.nft_id
      WHERE a.collection_id = ${trait.collectionId} AND a.trait_type = ${trait.type} AND a.value = ${trait.value}
        AND n.lazy_minted = 0`)
  ).map((r) => BigInt(r.tokenId))

describe("a trait's criteria tree", () => {
  it('is built once for the same tokens, and again with the new root when they change', async () => {
    expect(trait.tokens).toBeGreaterThan(10)
    const before = criteriaTreeBuilds()
    const first = await criteria()
    expect(first.status, JSON.stringify(first.body)).toBe(200)
    expect(first.body.data.root).toBe(new CriteriaTree(await carrying()).root)
    expect(criteriaTreeBuilds()).toBe(before + 1)
    // Asked again, by anyone: the kept tree answers, the same root.
    for (let i = 0; i < 3; i++) expect((await criteria()).body.data.root).toBe(first.body.data.root)
    expect(criteriaTreeBuilds()).toBe(before + 1)

    // One token loses the trait: the list differs, so its tree is built anew.
    const [leaving] = await runtime.db.all<{ nftId: number; tokenId: string }>(sql`
      SELECT a.nft_id AS nftId, n.token_id AS tokenId FROM nft_attributes a JOIN nfts n ON n.id = a.nft_id
      WHERE a.collection_id = ${trait.collectionId} AND a.trait_type = ${trait.type} AND a.value = ${trait.value}
      LIMIT 1`)
    await runtime.db.run(
      sql`DELETE FROM nft_attributes WHERE nft_id = ${leaving!.nftId} AND trait_type = ${trait.type}`,
    )
    const after = await criteria()
    const ids = await carrying()
    expect(ids).not.toContain(BigInt(leaving!.tokenId))
    expect(after.body.data.tokenIds).toHaveLength(ids.length)
    expect(after.body.data.root).toBe(new CriteriaTree(ids).root)
    expect(after.body.data.root).not.toBe(first.body.data.root)
    expect(criteriaTreeBuilds()).toBe(before + 2)
  })
})

describe("an offer's proofs", () => {
  it('come from one tree, however many holders ask', async () => {
    const ids = ['5', '17', '23', '42', '99', '1000', '31337']
    const root = new CriteriaTree(ids.map(BigInt)).root
    const orderHash = `0x${'ab'.repeat(32)}`
    await runtime.db.run(sql`
      INSERT INTO criteria_offers (collection_id, trait_type, trait_value, criteria_root, token_ids, maker, price_wei,
        price_sort, starts_at, ends_at, order_hash)
      VALUES (${trait.collectionId}, 'Made', 'Up', ${root}, ${JSON.stringify(ids)}, ${`0x${'11'.repeat(20)}`},
        '1000', 1000, ${SEED_NOW.getTime()}, ${SEED_NOW.getTime() + 86_400_000}, ${orderHash})`)
    const before = criteriaTreeBuilds()
    for (const id of ids) {
      const { status, body } = await get(`/offers/${orderHash}/criteria?tokenId=${id}`)
      expect(status, JSON.stringify(body)).toBe(200)
      expect(verifyCriteriaProof(BigInt(id), root, body.data.proof)).toBe(true)
    }
    expect((await get(`/offers/${orderHash}/criteria?tokenId=6`)).status).toBe(400)
    expect(criteriaTreeBuilds()).toBe(before + 1)
  })
})

describe('a burst from one client', () => {
  it('is refused past the limit with the one error shape, and others are still answered', async () => {
    const flooder = '203.0.113.9'
    for (let i = 0; i < 5; i++) expect((await criteria(flooder)).status).toBe(200)
    for (const refused of [
      await criteria(flooder),
      await get(`/offers/0x${'ab'.repeat(32)}/criteria?tokenId=5`, flooder),
    ]) {
      expect(refused.status).toBe(429)
      expect(refused.headers.get('retry-after')).toBe('59')
      expect(refused.body).toEqual({
        error: { code: 'TOO_MANY_REQUESTS', message: 'Too many criteria requests; try again in 59 seconds.' },
      })
    }
    expect((await criteria()).status).toBe(200)
  })
})
