/**
 * Every list query, at seed scale, must be answered from an index: no full table scan, and
 * for paged lists no temporary b-tree to sort (which would cost O(table) on every page).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { stalestListings } from '../../chain/indexer/listings'
import { openOffers } from '../../chain/indexer/offers'
import { applyImportedRange, rankWrites, rarityDueQuery } from '../../db/market'
import { expiring } from '../../db/market/refresh'
import { CATEGORIES, collections, listings, offers } from '../../db/schema'
import { activityPageStatement } from '../../server/queries/activity'
import { collectionPageStatement } from '../../server/queries/collections'
import { featuredPageStatement } from '../../server/queries/featured'
import { NFT_SORTS } from '../../server/inputs/nfts'
import { nftPageStatement, type NftListQuery } from '../../server/queries/nfts'
import { encodeCursor } from '../../server/queries/cursor'
import { traitTypesStatement, traitValuesStatement } from '../../server/queries/traits'
import { encodeTextCursor } from '../../server/queries/cursor'
import { sweepPageStatement } from '../../server/queries/sweep'
import {
  historyStatement,
  holdersStatement,
  salePointsStatement,
  tokenSalesStatement,
} from '../../server/queries/history'
import { searchStatements } from '../../server/queries/search'
import { collectionOffersStatement, offersCovering, traitTokensStatement } from '../../server/queries/criteria-offers'
import { sitemapCollectionsStatement, sitemapItemsStatement, sitemapPagesStatement } from '../../server/queries/sitemap'
import { favoritesPageStatement, ownedEditionsPageStatement } from '../../server/queries/users'
import { reportersStatement } from '../../db/market/decision-notices'
import { ownAppealsStatement } from '../../server/queries/statements'
import { ownReportsStatement, queueReasonsStatement, reportQueueStatement } from '../../server/queries/moderation'
import { createSeededRuntime, SEED_NOW } from '../support/seeded'
import { createTestRuntime } from '../support/runtime'

let runtime: Awaited<ReturnType<typeof createSeededRuntime>>
/** Every table of the schema: a plan may scan none of them whole. */
let tables: string[]
beforeAll(async () => {
  runtime = await createSeededRuntime()
  const { rows } = await runtime.db.$client.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
  tables = rows.map((row) => String(row.name))
})
afterAll(() => runtime.close())

async function plan(
  query: { sql: string; params: unknown[] } | { toSQL: () => { sql: string; params: unknown[] } },
): Promise<string[]> {
  const { sql, params } = 'toSQL' in query ? query.toSQL() : query
  const result = await runtime.db.$client.execute({ sql: `EXPLAIN QUERY PLAN ${sql}`, args: params as never })
  return result.rows.map((row) => String(row.detail))
}

/** No full scan of `table` or of any table joined to it; with `sorted`, no sort outside an index. */
function expectIndexed(lines: string[], table: string, sorted = true) {
  const text = lines.join('\n')
  expect(tables, 'the tables are known').toContain(table)
  for (const line of lines) {
    const scanned = /^SCAN (\w+)$/.exec(line)?.[1]
    expect(scanned !== undefined && tables.includes(scanned), `full scan of ${scanned} in:\n${text}`).toBe(false)
  }
  if (sorted) expect(text, `sort without an index in:\n${text}`).not.toContain('USE TEMP B-TREE FOR ORDER BY')
}

const owner = '0x' + 'ab'.repeat(20)
const scopes: Record<string, Partial<NftListQuery>> = {
  everything: {},
  collection: { collectionId: 3 },
  'collection by slug': { collectionSlug: 'chromatic-reveries' },
  category: { category: 'art' },
  chain: { chainId: 8453 },
  owner: { owner },
  'verified filter': { filter: 'verified' },
  'nsfw filter': { filter: 'nsfw' },
  'lazy-minted filter': { filter: 'lazy-minted' },
  'buy-now status': { status: 'buy-now' },
  'has-offers status': { status: 'has-offers' },
  'on-auction status': { status: 'on-auction' },
  'price range': { minPrice: 0.1, maxPrice: 2 },
}

/** Sorts over every scope: "Rarest first" is only within a collection (the input refuses it elsewhere). */
const MARKET_SORTS = NFT_SORTS.filter((sort) => sort !== 'rarest')
const inCollection = (scope: Partial<NftListQuery>) =>
  scope.collectionId !== undefined || scope.collectionSlug !== undefined

describe('NFT lists', () => {
  for (const sort of NFT_SORTS) {
    for (const [name, scope] of Object.entries(scopes)) {
      if (sort === 'rarest' && !inCollection(scope)) continue
      it(`${sort} × ${name} (first page and a later page)`, async () => {
        const base: NftListQuery = { sort, limit: 24, now: SEED_NOW, ...scope }
        expectIndexed(await plan(nftPageStatement(runtime.db, base)), 'nfts')
        const cursor = encodeCursor(`nfts:${sort}`, sort === 'price-desc' ? -1 : 1_700_000_000_000, 100)
        expectIndexed(await plan(nftPageStatement(runtime.db, { ...base, cursor })), 'nfts')
      })
    }
  }
  it("NSFW and lazy-minted pages walk their flag's own partial index, for every sort", async () => {
    for (const sort of MARKET_SORTS) {
      for (const [filter, index] of [
        ['nsfw', 'nfts_nsfw_'],
        ['lazy-minted', 'nfts_lazy_minted_'],
      ] as const) {
        const lines = await plan(nftPageStatement(runtime.db, { sort, filter, limit: 24, now: SEED_NOW }))
        expect(lines.join('\n'), `${sort} × ${filter}`).toContain(`USING INDEX ${index}`)
      }
    }
  })

  it("'On auction' pages walk the partial index of items with an auction", async () => {
    for (const sort of ['price-asc', 'price-desc', 'recently-added'] as const) {
      const lines = await plan(nftPageStatement(runtime.db, { sort, status: 'on-auction', limit: 24, now: SEED_NOW }))
      expect(lines.join('\n'), sort).toContain('USING INDEX nfts_on_auction_')
    }
  })

  it("'Has offers' pages walk the partial index of items with an offer, unless a rarer flag's leads", async () => {
    for (const sort of MARKET_SORTS) {
      const lines = await plan(nftPageStatement(runtime.db, { sort, status: 'has-offers', limit: 24, now: SEED_NOW }))
      expect(lines.join('\n'), sort).toContain('USING INDEX nfts_has_offers_')
      for (const [filter, index] of [
        ['nsfw', 'nfts_nsfw_'],
        ['lazy-minted', 'nfts_lazy_minted_'],
      ] as const) {
        const both = await plan(
          nftPageStatement(runtime.db, { sort, status: 'has-offers', filter, limit: 24, now: SEED_NOW }),
        )
        expect(both.join('\n'), `${sort} × ${filter}`).toContain(`USING INDEX ${index}`)
      }
    }
  })

  it('a name search inside a list reads its matches from the search index (then sorts only them)', async () => {
    for (const sort of MARKET_SORTS) {
      const lines = await plan(
        nftPageStatement(runtime.db, { sort, nameMatch: '"reverie"', category: 'art', limit: 24, now: SEED_NOW }),
      )
      expectIndexed(lines, 'nfts', false)
      expect(lines.join('\n'), sort).toMatch(/search_nfts VIRTUAL TABLE INDEX \d+:M/)
    }
  })

  it('"Rarest first" walks the collection\'s rank index, with any status or filter', async () => {
    for (const extra of [{}, { status: 'has-offers' }, { status: 'buy-now' }, { filter: 'verified' }] as const) {
      for (const scope of [{ collectionId: 3 }, { collectionSlug: 'chromatic-reveries' }]) {
        const lines = await plan(
          nftPageStatement(runtime.db, { sort: 'rarest', limit: 24, now: SEED_NOW, ...scope, ...extra }),
        )
        expectIndexed(lines, 'nfts')
        expect(lines.join('\n'), JSON.stringify(extra)).toContain('USING INDEX nfts_collection_rarest_idx')
      }
    }
  })

  it('trait filters read each type from the trait index, for every sort and page', async () => {
    const traits = [
      { type: 'Background', values: ['Mint', 'Sand'] },
      { type: 'Palette', values: ['Neon'] },
    ]
    const ranges = [{ type: 'Level', min: 2, max: 9 }]
    for (const sort of NFT_SORTS) {
      for (const scope of [{ collectionId: 3 }, { collectionSlug: 'chromatic-reveries' }]) {
        for (const cursor of [undefined, encodeCursor(`nfts:${sort}`, 1, 100)]) {
          const lines = await plan(
            nftPageStatement(runtime.db, { sort, limit: 24, now: SEED_NOW, ...scope, traits, ranges, cursor }),
          )
          // The matches are read from the trait index and sorted: at most the collection's tokens.
          expectIndexed(lines, 'nfts', false)
          expectIndexed(lines, 'nft_attributes', false)
          const text = lines.join('\n')
          expect(text.match(/nft_attributes USING COVERING INDEX nft_attributes_value_idx/g), text).toHaveLength(2)
          expect(text, text).toContain('nft_attributes USING COVERING INDEX nft_attributes_number_idx')
        }
      }
    }
  })

  it("a collection's traits: a page of types from its own rows, values each with its floor the first row of its trait index range", async () => {
    const onlyCollection =
      /SEARCH collection_traits USING (COVERING )?INDEX sqlite_autoindex_collection_traits_1 \(collection_id=\?/
    const types = [
      { idOrSlug: '3' },
      { idOrSlug: 'chromatic-reveries', q: 'mi' },
      { idOrSlug: 'chromatic-reveries', cursor: encodeTextCursor('trait-types', 40, 'Background') },
      { idOrSlug: 'chromatic-reveries', type: 'Background' },
    ]
    for (const query of types) {
      const lines = await plan(traitTypesStatement(runtime.db, query, 31).getQuery())
      expectIndexed(lines, 'collection_traits', false)
      expect(lines.join('\n')).toMatch(query.type ? /collection_id=\? AND trait_type=\?/ : onlyCollection)
    }
    const values = [
      { query: { idOrSlug: '3' }, page: { types: 30, perType: 20 } },
      { query: { idOrSlug: 'chromatic-reveries', q: 'mi' }, page: { types: 30, perType: 20 } },
      { query: { idOrSlug: 'chromatic-reveries' }, page: { type: 'Background', limit: 201 } },
      {
        query: { idOrSlug: 'chromatic-reveries', cursor: encodeTextCursor('trait-values:Background', 3, 'Mint') },
        page: { type: 'Background', limit: 201 },
      },
    ]
    for (const { query, page } of values) {
      const lines = await plan(traitValuesStatement(runtime.db, query, page).getQuery())
      for (const table of ['collection_traits', 'nft_attributes', 'nfts']) expectIndexed(lines, table, false)
      const text = lines.join('\n')
      expect(text).toMatch(
        /SEARCH collection_traits USING INDEX sqlite_autoindex_collection_traits_1 \(collection_id=\? AND trait_type=\?/,
      )
      expect(text).toContain(
        'SEARCH nft_attributes USING COVERING INDEX nft_attributes_value_idx (collection_id=? AND trait_type=? AND value=? AND price_key<?)',
      )
      expect(text).toContain('SEARCH floor USING INTEGER PRIMARY KEY (rowid=?)')
    }
  })

  it("collection and trait offers: a collection's best, those covering a token, a trait's tokens", async () => {
    for (const idOrSlug of ['3', 'chromatic-reveries']) {
      const lines = await plan(collectionOffersStatement(runtime.db, idOrSlug, SEED_NOW, 10))
      expectIndexed(lines, 'criteria_offers', false)
      expect(lines.join('\n')).toMatch(
        /SEARCH criteria_offers USING INDEX criteria_offers_collection_idx \(collection_id=\? AND status=\?/,
      )
    }
    const covering = await plan(offersCovering(runtime.db, 5, SEED_NOW))
    expectIndexed(covering, 'criteria_offers', false)
    expect(covering.join('\n')).toContain('USING INDEX criteria_offers_collection_idx (collection_id=? AND status=?')
    const trait = await plan(traitTokensStatement(runtime.db, 3, 'Background', 'Mint'))
    expectIndexed(trait, 'nft_attributes', false)
    expect(trait.join('\n')).toContain(
      'nft_attributes USING COVERING INDEX nft_attributes_value_idx (collection_id=? AND trait_type=? AND value=?)',
    )
  })

  it("a sweep walks the collection's tokens by best price, then each token's live listings", async () => {
    const now = new Date(SEED_NOW)
    for (const query of [
      { idOrSlug: '3', limit: 20, now },
      { idOrSlug: 'chromatic-reveries', limit: 20, now, buyer: owner, after: { key: 0.5, id: 10 } },
    ]) {
      const lines = await plan(sweepPageStatement(runtime.db, query).getQuery())
      for (const table of ['nfts', 'listings']) expectIndexed(lines, table)
      const text = lines.join('\n')
      expect(text).toMatch(/SEARCH nfts USING INDEX nfts_collection_price_asc_idx \(collection_id=\? AND price_asc_key/)
      expect(text).toContain('SEARCH listings USING INDEX listings_nft_idx (nft_id=? AND status=? AND ends_at>?)')
    }
  })

  it("a ranking's writes find each row by id, even without planner statistics (as on Turso)", async () => {
    const bare = await createTestRuntime()
    try {
      const { ranked, unranked } = rankWrites('[[1, 1, 0.5]]', 3)
      const explain = async (statement: typeof ranked) => {
        const { sql: text, params } = bare.db.all(statement).getQuery()
        const { rows } = await bare.db.$client.execute({ sql: `EXPLAIN QUERY PLAN ${text}`, args: params as never })
        return rows.map((row) => String(row.detail))
      }
      expect(await explain(ranked)).toEqual([
        expect.stringMatching(/^SCAN r VIRTUAL TABLE/),
        'SEARCH nfts USING INTEGER PRIMARY KEY (rowid=?)',
      ])
      expect((await explain(unranked)).join('\n')).toMatch(
        /SEARCH nfts USING (COVERING )?INDEX nfts_collection_rarest_idx \(collection_id=\?/,
      )
    } finally {
      bare.close()
    }
  })

  it("a collection's history: its floor rows by their primary key (sqlite_autoindex_collection_floors_1), its sales by sales_collection_idx", async () => {
    for (const query of [
      { idOrSlug: '3', interval: 'day', range: 'all' },
      { idOrSlug: 'chromatic-reveries', interval: 'hour', range: '30d' },
    ] as const) {
      const lines = await plan(historyStatement(runtime.db, query, SEED_NOW).getQuery())
      for (const table of ['collections', 'collection_floors', 'sales']) expectIndexed(lines, table, false)
      const text = lines.join('\n')
      expect(text).toMatch(/SEARCH collections USING (INTEGER PRIMARY KEY|COVERING INDEX collections_slug_idx)/)
      // The floor before the window, the window's rows, and each bucket's last row: the primary key.
      expect(text).toContain(
        'SEARCH collection_floors USING INDEX sqlite_autoindex_collection_floors_1 (collection_id=? AND hour<?)',
      )
      expect(text).toContain(
        'SEARCH collection_floors USING INDEX sqlite_autoindex_collection_floors_1 (collection_id=? AND hour>? AND hour<?)',
      )
      expect(text).toContain(
        'SEARCH ends USING INDEX sqlite_autoindex_collection_floors_1 (collection_id=? AND hour=?)',
      )
      expect(text).toContain(
        'SEARCH sales USING INDEX sales_collection_idx (collection_id=? AND sold_at>? AND sold_at<?)',
      )
    }
  })

  it("a collection's sale points (sales_collection_idx, newest first) and holders (its tokens by a collection index)", async () => {
    const points = await plan(
      salePointsStatement(runtime.db, { idOrSlug: 'chromatic-reveries', range: '30d' }, SEED_NOW).getQuery(),
    )
    expectIndexed(points, 'sales')
    expect(points.join('\n')).toContain('SEARCH sales USING INDEX sales_collection_idx (collection_id=? AND sold_at>?)')
    const holders = await plan(holdersStatement(runtime.db, 'chromatic-reveries').getQuery())
    for (const table of ['nfts', 'token_balances', 'collections']) expectIndexed(holders, table, false)
    expect(holders.join('\n')).toMatch(/SEARCH nfts USING (COVERING )?INDEX nfts_collection_\w+_idx \(collection_id=\?/)
    expect(holders.join('\n')).toContain('SEARCH token_balances USING')
  })

  it("a token's sales: sales_nft_idx, newest first", async () => {
    const lines = await plan(tokenSalesStatement(runtime.db, 7).getQuery())
    expectIndexed(lines, 'sales')
    expect(lines.join('\n')).toContain('SEARCH sales USING INDEX sales_nft_idx (nft_id=?)')
  })

  it('the collections whose ranks are due, from their own partial index', async () => {
    const lines = await plan(rarityDueQuery(runtime.db, { chainId: 1, now: SEED_NOW }))
    expectIndexed(lines, 'collections')
    expect(lines.join('\n')).toContain('collections_rarity_stale_idx')
  })

  it('a favorites page (first and later)', async () => {
    const first = { address: owner, limit: 24 }
    expectIndexed(await plan(favoritesPageStatement(runtime.db, first)), 'favorites')
    const cursor = encodeCursor('favorites', 1_700_000_000_000, 100)
    expectIndexed(await plan(favoritesPageStatement(runtime.db, { ...first, cursor })), 'favorites')
  })

  it("an Owned page's ERC-1155 balances (first and later) walk the holder's balance index", async () => {
    const first = { address: owner, limit: 24 }
    for (const statement of [
      ownedEditionsPageStatement(runtime.db, first),
      ownedEditionsPageStatement(runtime.db, { ...first, cursor: encodeCursor('owned-editions', 0, 100) }),
    ]) {
      const lines = await plan(statement)
      expectIndexed(lines, 'token_balances')
      expect(lines.join('\n')).toContain('SEARCH token_balances USING INDEX token_balances_owner_idx (owner=?')
    }
  })

  it('a creator page', async () => {
    expectIndexed(
      await plan(nftPageStatement(runtime.db, { sort: 'recently-added', creator: owner, limit: 24, now: SEED_NOW })),
      'nfts',
    )
  })
})

describe('reports (ADR 44)', () => {
  it("the queue walks report_targets_queue_idx in its order, first page and later; a page's reasons by reports_target_idx", async () => {
    const later = encodeTextCursor('report-queue', 3, '1700000000000:42')
    for (const cursor of [undefined, later]) {
      const lines = await plan(reportQueueStatement(runtime.db, cursor, 24))
      expectIndexed(lines, 'report_targets')
      expect(lines.join('\n')).toContain('report_targets_queue_idx')
    }
    const reasons = await plan(queueReasonsStatement(runtime.db, [1, 2, 3]))
    expectIndexed(reasons, 'reports', false)
    expect(reasons.join('\n')).toContain('SEARCH reports USING INDEX reports_target_idx (target_id=?)')
  })

  it("a wallet's own reports walk reports_reporter_idx, newest first, first page and later", async () => {
    for (const cursor of [undefined, encodeCursor('reports-mine', 90, 90)]) {
      const lines = await plan(ownReportsStatement(runtime.db, owner, cursor, 24))
      expectIndexed(lines, 'reports')
      expect(lines.join('\n')).toContain('SEARCH reports USING INDEX reports_reporter_idx (reporter=?')
    }
  })
})

describe('statements of reasons and legal notices (ADR 47)', () => {
  it("the reporters told of a decision: its target's reports (report_targets_key_idx, reports_target_idx)", async () => {
    const lines = await plan(reportersStatement(runtime.db, { id: 3, targetKind: 'item', targetKey: '12' }))
    expectIndexed(lines, 'reports')
    expect(lines.join('\n')).toContain('USING INDEX reports_target_idx (target_id=?)')
  })

  it("a wallet's appeals of a decision walk appeals_appellant_idx, newest first", async () => {
    const lines = await plan(ownAppealsStatement(runtime.db, owner, 3))
    expectIndexed(lines, 'appeals')
    expect(lines.join('\n')).toContain('USING INDEX appeals_appellant_idx (appellant=?)')
  })
})

describe('collection tabs and rankings', () => {
  for (const order of ['trending', 'top', 'recent', '24h', '7d', '30d', 'all'] as const) {
    for (const [name, scope] of Object.entries({
      everything: {},
      category: { category: CATEGORIES[2] },
      chain: { chainId: 1 },
    })) {
      it(`${order} × ${name} (first page and a later page)`, async () => {
        const base = { order, limit: 24, ...scope }
        expectIndexed(await plan(collectionPageStatement(runtime.db, base)), 'collections')
        const cursor = encodeCursor(`collections:${order}`, 1, 5)
        expectIndexed(await plan(collectionPageStatement(runtime.db, { ...base, cursor })), 'collections')
      })
    }
  }
})

describe('featured collections', () => {
  for (const [name, scope] of Object.entries({
    everything: {},
    category: { category: 'art' as const },
    chain: { chainId: 1 },
  })) {
    it(`${name} (first page and a later page) walk the featured index only`, async () => {
      const first = await plan(featuredPageStatement(runtime.db, { limit: 24, ...scope }))
      expectIndexed(first, 'collections')
      expect(first.join('\n')).toContain('collections_featured_idx')
      const cursor = encodeCursor('collections:featured', 1_700_000_000_000, 5)
      const later = await plan(featuredPageStatement(runtime.db, { limit: 24, cursor, ...scope }))
      expectIndexed(later, 'collections')
      expect(later.join('\n')).toContain('collections_featured_idx')
    })
  }
})

describe('activity feed', () => {
  for (const [name, scope] of Object.entries({
    everything: {},
    type: { type: 'sale' as const },
    collection: { collectionId: 2 },
    item: { nftId: 10 },
    user: { user: owner },
    'type and collection': { type: 'sale' as const, collectionId: 2 },
    'type and item': { type: 'list' as const, nftId: 10 },
    'type and user': { type: 'sale' as const, user: owner },
    'collection by slug': { collectionSlug: 'chromatic-reveries' },
    'type and collection by slug': { type: 'cancel' as const, collectionSlug: 'chromatic-reveries' },
  })) {
    it(`by ${name} (first page and a later page)`, async () => {
      // A user's feed is two index searches (as sender, as receiver) merged; the sort then only
      // covers that one user's events, so it is allowed here and nowhere else.
      const sorted = !name.includes('user')
      expectIndexed(await plan(activityPageStatement(runtime.db, { limit: 24, ...scope })), 'activity', sorted)
      const cursor = encodeCursor('activity', 1_700_000_000_000, 100)
      expectIndexed(await plan(activityPageStatement(runtime.db, { limit: 24, cursor, ...scope })), 'activity', sorted)
    })
  }

  it("a collection's events of one kind walk the (collection, kind, time) index, not the whole collection", async () => {
    for (const scope of [{ collectionId: 2 }, { collectionSlug: 'chromatic-reveries' }]) {
      for (const cursor of [undefined, encodeCursor('activity', 1_700_000_000_000, 100)]) {
        const lines = await plan(activityPageStatement(runtime.db, { limit: 24, type: 'transfer', cursor, ...scope }))
        expect(lines.join('\n')).toMatch(
          /SEARCH activity USING INDEX activity_collection_type_idx \(collection_id=\? AND type=\?/,
        )
      }
    }
  })
})

describe('search', () => {
  it('finds rows through the full-text index and reads only the rows it shows', async () => {
    const statements = searchStatements(runtime.db, 'reverie cathedrls', 8)
    for (const [name, statement] of Object.entries(statements)) {
      const lines = await plan(statement)
      // Ranked kinds sort their matches (inside the subquery); the rows are then looked up by id.
      const table = name.startsWith('nfts') ? 'nfts' : name.startsWith('collections') ? 'collections' : 'users'
      if (name.endsWith('ByPrefix')) {
        // A range of the case-insensitive name index, already in the order shown.
        expectIndexed(lines, table)
        expect(lines.join('\n'), name).toMatch(new RegExp(`^SEARCH ${table} USING INDEX ${table}_(user)?name_idx`, 'm'))
        continue
      }
      expectIndexed(lines, table, table === 'nfts')
      expect(
        lines.some((line) => /^SCAN search_\w+ VIRTUAL TABLE INDEX \d+:M/.test(line)),
        name,
      ).toBe(true)
    }
  })

  it('the seed leaves each full-text index merged into one segment', async () => {
    for (const table of ['search_nfts', 'search_collections', 'search_users']) {
      const { rows } = await runtime.db.$client.execute(`SELECT count(DISTINCT segid) AS segments FROM ${table}_idx`)
      expect(Number(rows[0]!.segments), table).toBe(1)
    }
  })
})

describe('an imported collection', () => {
  it("its items, in every sort, and its holders' tokens walk indexes", async () => {
    // An ERC-1155 collection as the backfill writes it: 40 tokens, balances over 4 holders.
    const contract = '0x' + 'c1'.repeat(20)
    const [row] = await runtime.db
      .insert(collections)
      .values({
        slug: 'imported-plans',
        chainId: 31337,
        contract,
        name: 'Imported Plans',
        logoUrl: '',
        bannerUrl: '',
        category: 'art',
        creator: owner,
        standard: 'erc1155',
        source: 'imported',
        indexStatus: 'pending',
        deployBlock: 1,
      })
      .returning({ id: collections.id })
    const holders = [1, 2, 3, 4].map((n) => '0x' + String(n).repeat(40))
    const moves = Array.from({ length: 40 }, (_, i) => ({
      log: { txHash: `0x${String(i).padStart(64, '0')}`, logIndex: 0, blockNumber: 2n, at: SEED_NOW },
      from: '0x' + '0'.repeat(40),
      to: holders[i % 4]!,
      tokenId: BigInt(i + 1),
      amount: 3n,
    }))
    const imported = { id: row!.id, slug: 'imported-plans', chainId: 31337, contract, standard: 'erc1155' as const }
    await applyImportedRange(
      runtime.db,
      { ...imported, category: 'art', creator: owner },
      { from: 1n, to: 2n, head: 2n, range: 2_000, following: true, moves, refreshes: [] },
    )

    for (const sort of NFT_SORTS) {
      const base: NftListQuery = { sort, collectionId: row!.id, limit: 24, now: SEED_NOW }
      expectIndexed(await plan(nftPageStatement(runtime.db, base)), 'nfts')
      const cursor = encodeCursor(`nfts:${sort}`, sort === 'price-desc' ? -1 : 1_700_000_000_000, 100)
      expectIndexed(await plan(nftPageStatement(runtime.db, { ...base, cursor })), 'nfts')
    }
    const holder = holders[1]!
    expectIndexed(
      await plan(nftPageStatement(runtime.db, { sort: 'recently-added', owner: holder, limit: 24, now: SEED_NOW })),
      'nfts',
    )
    const lines = await plan(ownedEditionsPageStatement(runtime.db, { address: holder, limit: 24 }))
    expectIndexed(lines, 'token_balances')
    expect(lines.join('\n')).toContain('SEARCH token_balances USING INDEX token_balances_owner_idx (owner=?')
  })
})

describe("the indexer's every round", () => {
  it('finds expired orders and the open offers to check again by the open-orders index, never scanning the order tables', async () => {
    for (const table of [listings, offers]) {
      const lines = await plan(expiring(runtime.db, table, SEED_NOW))
      expectIndexed(lines, table === listings ? 'listings' : 'offers', false)
      expect(lines.join('\n')).toMatch(/USING (COVERING )?INDEX (listings|offers)_open_idx/)
    }
    expectIndexed(await plan(openOffers(runtime.db, 31337, SEED_NOW)), 'offers', false)
    expectIndexed(await plan(openOffers(runtime.db, 31337, SEED_NOW, [owner])), 'offers', false)
  })

  it('finds the orders checked longest ago by their partial index, in its order, never sorting or scanning', async () => {
    for (const [name, statement] of [['listings', stalestListings(runtime.db, 31337, SEED_NOW)]] as const) {
      const lines = await plan(statement)
      expectIndexed(lines, name, false)
      expect(lines.join('\n')).toContain(`SCAN ${name} USING INDEX ${name}_checked_idx`)
      expect(lines.join('\n')).not.toContain('TEMP B-TREE')
    }
  })
})

describe('sitemaps', () => {
  it("the index finds each page's first row by one primary-key seek, never reading the table", async () => {
    for (const [kind, table] of [
      ['items', 'nfts'],
      ['collections', 'collections'],
    ] as const) {
      const lines = await plan(sitemapPagesStatement(kind, 3))
      expectIndexed(lines, table)
      const searches = lines.filter((line) => line.includes(` ${table} `))
      expect(searches.length, lines.join('\n')).toBeGreaterThan(0)
      for (const line of searches) expect(line).toBe(`SEARCH ${table} USING INTEGER PRIMARY KEY (rowid>?)`)
    }
  })

  it('a page of items or collections reads its id range of the primary key, in order', async () => {
    for (const [statement, table] of [
      [sitemapItemsStatement(runtime.db, 2, 50_000), 'nfts'],
      [sitemapCollectionsStatement(runtime.db, 2, 50_000), 'collections'],
    ] as const) {
      const lines = await plan(statement)
      expectIndexed(lines, table)
      expect(lines).toEqual([`SEARCH ${table} USING INTEGER PRIMARY KEY (rowid>? AND rowid<?)`])
    }
  })
})
