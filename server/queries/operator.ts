/**
 * The operator's console reads (ADR 50): the report queue's rows with what a moderator decides
 * from (the target's name and media, owner, creator, trades, its open reports' reasons and notes,
 * earlier decisions), and the state of operations (imports, outboxes). A page's context is a fixed
 * number of statements started together, one round trip in a request (db/read-batches.ts), never
 * one per row. The queue itself is server/queries/moderation.ts's; decisions' reads are ./decisions.ts's.
 */
import { and, asc, count, desc, eq, inArray, isNull, min, or, sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import type { ReportReason } from '../../db/report-reasons'
import {
  cachePurges,
  collections,
  decisions,
  notificationDeliveries,
  notifications,
  nfts,
  reports,
  sales,
  users,
} from '../../db/schema'
import { decisionJson } from './decisions'
import { reportQueueStatement } from './moderation'
import { checksum, checksumOrNull, iso, isoTime } from './serialize'
import { encodeTextCursor } from './cursor'

/** How many open reports a queue row shows (the count says how many there are). */
export const REPORTS_SHOWN = 20
/** How many earlier decisions a queue row shows. */
export const DECISIONS_SHOWN = 10

/** What the queue row is about, as a moderator sees it before deciding. */
export type QueueSubject =
  | {
      kind: 'item'
      id: number
      name: string
      image: string
      nsfw: boolean
      owner: string
      creator: string
      collection: { id: number; slug: string; name: string; chainId: number; contract: string }
      sales: number
      lastSale: { priceWei: string; currency: string; at: string } | null
    }
  | {
      kind: 'collection'
      id: number
      slug: string
      name: string
      image: string
      chainId: number
      contract: string
      creator: string
      owner: string | null
      importedBy: string | null
      verified: boolean
      items: number
      sales: number
    }
  | { kind: 'profile'; address: string; username: string | null; image: string | null }

/** A queue row's target as the moderation procedures take it back. */
export type QueueTarget = { kind: 'item' | 'collection'; id: number } | { kind: 'profile'; address: string }

const queueTarget = (kind: QueueTarget['kind'], key: string): QueueTarget =>
  kind === 'profile' ? { kind, address: checksum(key) } : { kind, id: Number(key) }

const QUEUE = 'report-queue'

/**
 * A page of the report queue (most reported, oldest first: server/queries/moderation.ts's order
 * and cursor), each row with its subject (null when it was deleted), open reports and decisions.
 */
export async function operatorQueue(db: Database, cursor: string | undefined, limit: number) {
  const rows = await reportQueueStatement(db, cursor, limit)
  const page = rows.slice(0, limit)
  const last = rows.length > limit ? page.at(-1) : undefined
  const keysOf = (kind: string) => page.filter((r) => r.kind === kind).map((r) => r.key)
  const itemIds = keysOf('item').map(Number)
  const collectionIds = keysOf('collection').map(Number)
  const profiles = keysOf('profile')
  const none = Promise.resolve([])
  // Started together: one round trip inside a request.
  const [open, items, cols, people, history] = await Promise.all([
    page.length
      ? openReportsStatement(
          db,
          page.map((r) => r.id),
        )
      : none,
    itemIds.length ? itemsStatement(db, itemIds) : none,
    collectionIds.length ? collectionsStatement(db, collectionIds) : none,
    profiles.length
      ? db
          .select({ address: users.address, username: users.username, image: users.avatarUrl })
          .from(users)
          .where(inArray(users.address, profiles))
      : none,
    page.length
      ? db
          .select()
          .from(decisions)
          .where(or(...page.map((r) => and(eq(decisions.targetKind, r.kind), eq(decisions.targetKey, r.key)))))
          .orderBy(desc(decisions.id))
      : none,
  ])
  const subject = (kind: string, key: string): QueueSubject | null => {
    if (kind === 'item') {
      const row = items.find((i) => String(i.id) === key)
      return row ? itemSubject(row) : null
    }
    if (kind === 'collection') {
      const row = cols.find((c) => String(c.id) === key)
      return row ? collectionSubject(row) : null
    }
    const row = people.find((p) => p.address === key)
    return { kind: 'profile', address: checksum(key), username: row?.username ?? null, image: row?.image ?? null }
  }
  return {
    data: page.map((r) => {
      const own = open.filter((o) => o.targetId === r.id)
      const reasons: Partial<Record<ReportReason, number>> = {}
      for (const o of own) reasons[o.reason] = (reasons[o.reason] ?? 0) + 1
      return {
        key: `${r.kind}:${r.key}`,
        target: queueTarget(r.kind, r.key),
        subject: subject(r.kind, r.key),
        openReports: r.openReports,
        firstReportedAt: isoTime(r.firstOpenAt!),
        reasons,
        reports: own.slice(0, REPORTS_SHOWN).map((o) => ({
          id: o.id,
          reason: o.reason,
          note: o.note,
          reporter: checksum(o.reporter),
          createdAt: isoTime(o.createdAt),
        })),
        decisions: history
          .filter((d) => d.targetKind === r.kind && d.targetKey === r.key)
          .slice(0, DECISIONS_SHOWN)
          .map(decisionJson),
      }
    }),
    nextCursor: last ? encodeTextCursor(QUEUE, last.openReports, `${last.firstOpenAt!.getTime()}:${last.id}`) : null,
  }
}
export type OperatorQueueRow = Awaited<ReturnType<typeof operatorQueue>>['data'][number]

/** The open reports of some targets, oldest first (reports_target_idx). */
const openReportsStatement = (db: Database, targetIds: number[]) =>
  db
    .select({
      id: reports.id,
      targetId: reports.targetId,
      reason: reports.reason,
      note: reports.note,
      reporter: reports.reporter,
      createdAt: reports.createdAt,
    })
    .from(reports)
    .where(and(inArray(reports.targetId, targetIds), eq(reports.status, 'open')))
    .orderBy(asc(reports.targetId), asc(reports.id))

/** Items with their collection, sales counted and the last one (sales_nft_idx). */
const itemsStatement = (db: Database, ids: number[]) =>
  db
    .select({
      id: nfts.id,
      name: nfts.name,
      image: nfts.image,
      nsfw: nfts.nsfw,
      owner: nfts.owner,
      creator: nfts.creator,
      collectionId: collections.id,
      slug: collections.slug,
      collectionName: collections.name,
      chainId: collections.chainId,
      contract: collections.contract,
      sales: sql<number>`(select count(*) from ${sales} where ${sales.nftId} = ${nfts.id})`,
      lastSale: sql<
        string | null
      >`(select json_array(${sales.priceWei}, ${sales.currency}, ${sales.soldAt}) from ${sales} where ${sales.nftId} = ${nfts.id} order by ${sales.soldAt} desc limit 1)`,
    })
    .from(nfts)
    .innerJoin(collections, eq(collections.id, nfts.collectionId))
    .where(inArray(nfts.id, ids))

const collectionsStatement = (db: Database, ids: number[]) =>
  db
    .select({
      id: collections.id,
      slug: collections.slug,
      name: collections.name,
      image: collections.logoUrl,
      chainId: collections.chainId,
      contract: collections.contract,
      creator: collections.creator,
      owner: collections.contractOwner,
      importedBy: collections.importedBy,
      verified: collections.verified,
      items: collections.itemCount,
      sales: collections.salesCount,
    })
    .from(collections)
    .where(inArray(collections.id, ids))

function itemSubject(row: Awaited<ReturnType<typeof itemsStatement>>[number]): QueueSubject {
  const last = row.lastSale ? (JSON.parse(row.lastSale) as [string, string, number]) : null
  return {
    kind: 'item',
    id: row.id,
    name: row.name,
    image: row.image,
    nsfw: row.nsfw,
    owner: checksum(row.owner),
    creator: checksum(row.creator),
    collection: {
      id: row.collectionId,
      slug: row.slug,
      name: row.collectionName,
      chainId: row.chainId,
      contract: checksum(row.contract),
    },
    sales: row.sales,
    lastSale: last ? { priceWei: last[0], currency: last[1], at: isoTime(new Date(last[2])) } : null,
  }
}

function collectionSubject(row: Awaited<ReturnType<typeof collectionsStatement>>[number]): QueueSubject {
  return {
    kind: 'collection',
    ...row,
    contract: checksum(row.contract),
    creator: checksum(row.creator),
    owner: checksumOrNull(row.owner),
    importedBy: checksumOrNull(row.importedBy),
  }
}

/** How many imported collections the console lists as paused or failed. */
export const STUCK_IMPORTS_SHOWN = 50

/**
 * The import queue (imported collections by indexing status, and those paused or failed with
 * why), and the purge and notification outboxes: how many wait, and since when.
 */
export async function operationsState(db: Database) {
  const [byStatus, stuck, purges, deliveries, undispatched] = await Promise.all([
    db
      .select({ status: collections.indexStatus, collections: count() })
      .from(collections)
      .where(inArray(collections.indexStatus, ['pending', 'backfilling', 'failed', 'paused']))
      .groupBy(collections.indexStatus),
    db
      .select({
        id: collections.id,
        slug: collections.slug,
        name: collections.name,
        chainId: collections.chainId,
        contract: collections.contract,
        status: collections.indexStatus,
        error: collections.indexError,
        attempts: collections.indexAttempts,
        retryAt: collections.indexRetryAt,
        indexedBlock: collections.indexedBlock,
        headBlock: collections.headBlock,
      })
      .from(collections)
      .where(inArray(collections.indexStatus, ['failed', 'paused']))
      .orderBy(asc(collections.id))
      .limit(STUCK_IMPORTS_SHOWN),
    db.select({ waiting: count(), oldestDueAt: min(cachePurges.dueAt) }).from(cachePurges),
    db
      .select({ waiting: count(), oldestDueAt: min(notificationDeliveries.nextAttemptAt) })
      .from(notificationDeliveries)
      .where(eq(notificationDeliveries.status, 'pending')),
    db
      .select({ waiting: count(), oldestAt: min(notifications.createdAt) })
      .from(notifications)
      .where(isNull(notifications.dispatchedAt)),
  ])
  const counted = Object.fromEntries(byStatus.map((r) => [r.status, r.collections]))
  return {
    imports: {
      pending: counted.pending ?? 0,
      backfilling: counted.backfilling ?? 0,
      failed: counted.failed ?? 0,
      paused: counted.paused ?? 0,
      stuck: stuck.map((c) => ({
        ...c,
        status: c.status as 'failed' | 'paused',
        contract: checksum(c.contract),
        retryAt: iso(c.retryAt),
      })),
    },
    purges: {
      waiting: purges[0]?.waiting ?? 0,
      oldestDueAt: purges[0]?.oldestDueAt == null ? null : isoTime(new Date(purges[0].oldestDueAt)),
    },
    notifications: {
      deliveries: deliveries[0]?.waiting ?? 0,
      oldestDeliveryDueAt: toIso(deliveries[0]?.oldestDueAt),
      undispatched: undispatched[0]?.waiting ?? 0,
      oldestUndispatchedAt: toIso(undispatched[0]?.oldestAt),
    },
  }
}

/** `min()` over a timestamp column answers the stored number, not a Date. */
const toIso = (value: Date | number | null | undefined) =>
  value == null ? null : isoTime(value instanceof Date ? value : new Date(value))
