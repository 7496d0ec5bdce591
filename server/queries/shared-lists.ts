/**
 * Shared lists' reads (ADR 48): what this instance's decisions in force put on its list, the
 * list it last published, its subscriptions, and which entries of one name something here. Writes
 * are db/market/shared-lists.ts's; reading and applying a list is server/shared-lists/.
 */
import { asc, desc, eq, sql } from 'drizzle-orm'
import type { Address } from 'viem'
import type { ListedCollection, ListedItem } from '../../chain/shared-list'
import type { Database } from '../../db/client'
import { DomainError } from '../../db/errors'
import { sharedListEntries, sharedListPublications, sharedListSubscriptions } from '../../db/schema'
import { checksum, isoTime } from './serialize'

/**
 * What this instance's decisions in force say to other instances: items flagged stolen (or hidden
 * as stolen), collections marked spam or scam (or hidden as either). Other hides (a legal notice,
 * intellectual property, sexual content) are judgements under this instance's own terms and law,
 * and are not shared. Sorted, so the same decisions make the same list.
 */
export async function listedDecisions(db: Database): Promise<{ items: ListedItem[]; collections: ListedCollection[] }> {
  const items = await db.all<{ chain_id: number; contract: string; token_id: string }>(sql`
    SELECT DISTINCT n.chain_id, n.contract, n.token_id FROM decisions d
    JOIN nfts n ON n.id = CAST(d.target_key AS INTEGER)
    WHERE d.target_kind = 'item' AND d.reversed_at IS NULL
      AND (d.action = 'flag_stolen' OR (d.action = 'hide' AND d.category = 'stolen'))
    ORDER BY n.chain_id, n.contract, length(n.token_id), n.token_id`)
  const collections = await db.all<{ chain_id: number; contract: string; category: string }>(sql`
    SELECT c.chain_id, c.contract,
      CASE WHEN min(CASE d.category WHEN 'spam' THEN 1 ELSE 0 END) = 1 THEN 'spam' ELSE 'scam' END AS category
    FROM decisions d JOIN collections c ON c.id = CAST(d.target_key AS INTEGER)
    WHERE d.target_kind = 'collection' AND d.reversed_at IS NULL
      AND (d.action = 'mark_spam' OR (d.action = 'hide' AND d.category IN ('scam', 'spam')))
    GROUP BY c.chain_id, c.contract
    ORDER BY c.chain_id, c.contract`)
  return {
    items: items.map((row) => ({
      chainId: row.chain_id,
      contract: checksum(row.contract) as Address,
      tokenId: row.token_id,
      category: 'stolen',
    })),
    // A collection marked spam for any other reason than spam is shared as a scam (the graver word).
    collections: collections.map((row) => ({
      chainId: row.chain_id,
      contract: checksum(row.contract) as Address,
      category: row.category === 'spam' ? 'spam' : 'scam',
    })),
  }
}

/** The list this instance published last (the highest sequence), or undefined before the first. */
export async function latestPublication(db: Database) {
  const [row] = await db.select().from(sharedListPublications).orderBy(desc(sharedListPublications.sequence)).limit(1)
  return row
}

export type SubscriptionRow = typeof sharedListSubscriptions.$inferSelect

export const subscriptionJson = (row: SubscriptionRow, entries: { total: number; pending: number }) => ({
  id: row.id,
  url: row.url,
  signer: checksum(row.signer),
  trusted: row.trusted,
  subscribedBy: checksum(row.subscribedBy),
  sequence: row.sequence,
  issuedAt: isoTime(row.issuedAt),
  expiresAt: isoTime(row.expiresAt),
  fetchedAt: isoTime(row.fetchedAt),
  lastError: row.lastError,
  nextFetchAt: isoTime(row.nextFetchAt),
  entries: entries.total,
  /** Entries naming nothing on this instance (yet): looked for again at each read. */
  notHere: entries.pending,
})

/** Entries of a subscription, and how many name nothing here yet. */
async function entryCounts(db: Database, id: number) {
  const [row] = await db
    .select({
      total: sql<number>`count(*)`,
      pending: sql<number>`coalesce(sum(${sharedListEntries.outcome} IS NULL), 0)`,
    })
    .from(sharedListEntries)
    .where(eq(sharedListEntries.subscriptionId, id))
  return { total: Number(row?.total ?? 0), pending: Number(row?.pending ?? 0) }
}

/** Every subscription, oldest first (a handful: operators add them by hand). */
export async function listSubscriptions(db: Database) {
  const rows = await db.select().from(sharedListSubscriptions).orderBy(asc(sharedListSubscriptions.id))
  return Promise.all(rows.map(async (row) => subscriptionJson(row, await entryCounts(db, row.id))))
}

export async function subscriptionAnswer(db: Database, id: number) {
  return subscriptionJson(await findSubscription(db, id), await entryCounts(db, id))
}

export async function findSubscription(db: Database, id: number): Promise<SubscriptionRow> {
  const [row] = await db.select().from(sharedListSubscriptions).where(eq(sharedListSubscriptions.id, id))
  if (!row) throw new DomainError('not_found', `id: there is no shared list subscription ${id}`)
  return row
}

export async function subscriptionByUrl(db: Database, url: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(sharedListSubscriptions).where(eq(sharedListSubscriptions.url, url))
  return row
}

/** An entry of a list that names something on this instance, with its local id. */
export interface PresentEntry {
  kind: 'item' | 'collection'
  chainId: number
  contract: string
  tokenId: string
  category: string
  /** The item's or collection's id here. */
  targetId: number
  /** A decision doing what the entry asks is in force here already. */
  decided: boolean
}

/**
 * The statement of presentPendingEntries (its query plan is tested): index lookups only. The
 * decision in force is found through decisions_in_force_idx, whose WHERE the query repeats.
 */
export const pendingEntriesQuery = (subscriptionId: number, limit: number) => sql`
    SELECT e.kind, e.chain_id, e.contract, e.token_id, e.category, n.id AS target_id,
      EXISTS (SELECT 1 FROM decisions d WHERE d.target_kind = 'item' AND d.target_key = CAST(n.id AS TEXT)
        AND d.action = 'flag_stolen' AND d.action != 'dismiss' AND d.reversed_at IS NULL) AS decided
    FROM shared_list_entries e
    JOIN nfts n ON n.chain_id = e.chain_id AND n.contract = e.contract AND n.token_id = e.token_id
    WHERE e.subscription_id = ${subscriptionId} AND e.outcome IS NULL AND e.kind = 'item'
    UNION ALL
    SELECT e.kind, e.chain_id, e.contract, e.token_id, e.category, c.id AS target_id,
      EXISTS (SELECT 1 FROM decisions d WHERE d.target_kind = 'collection' AND d.target_key = CAST(c.id AS TEXT)
        AND d.action = 'mark_spam' AND d.action != 'dismiss' AND d.reversed_at IS NULL) AS decided
    FROM shared_list_entries e
    JOIN collections c ON c.chain_id = e.chain_id AND c.contract = e.contract
    WHERE e.subscription_id = ${subscriptionId} AND e.outcome IS NULL AND e.kind = 'collection'
    LIMIT ${limit}`

/**
 * The entries of a subscription nothing was done with yet that name an item or a collection this
 * instance has (found by chain, contract and token id through their unique indexes).
 */
export async function presentPendingEntries(
  db: Database,
  subscriptionId: number,
  limit: number,
): Promise<PresentEntry[]> {
  const rows = await db.all<{
    kind: 'item' | 'collection'
    chain_id: number
    contract: string
    token_id: string
    category: string
    target_id: number
    decided: number
  }>(pendingEntriesQuery(subscriptionId, limit))
  return rows.map((row) => ({
    kind: row.kind,
    chainId: row.chain_id,
    contract: row.contract,
    tokenId: row.token_id,
    category: row.category,
    targetId: row.target_id,
    decided: Boolean(row.decided),
  }))
}
