/**
 * Shared lists' writes (ADR 48): a list an operator signed here, and the lists of other
 * instances this one follows, with their entries. Reading, checking and applying a list is
 * server/shared-lists/; the reports and decisions it files go through ./moderation.ts and
 * ./decisions.ts like any other.
 */
import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm'
import { DomainError, isUniqueViolation } from '../errors'
import { sharedListEntries, sharedListPublications, sharedListSubscriptions, type ListEntryOutcome } from '../schema'
import { appendAudit } from './decisions'
import { chunks, type Db } from './transaction'

/** Stores a list an operator signed; its sequence must be new (a race for the same one is a 409). */
export async function recordPublication(
  db: Db,
  publication: { sequence: number; issuer: string; document: string; issuedAt: Date; expiresAt: Date; entries: number },
  now = new Date(),
): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      await tx.insert(sharedListPublications).values({
        sequence: publication.sequence,
        issuer: publication.issuer.toLowerCase(),
        document: publication.document,
        issuedAt: publication.issuedAt,
        expiresAt: publication.expiresAt,
        createdAt: now,
      })
      await appendAudit(
        tx,
        {
          actor: publication.issuer,
          event: 'list_published',
          subject: `shared-list:${publication.sequence}`,
          after: { entries: publication.entries, expiresAt: publication.expiresAt.toISOString() },
        },
        now,
      )
    })
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new DomainError(
        'conflict',
        `list: sequence ${publication.sequence} was published already; fetch the draft again`,
        {
          cause: error,
        },
      )
    }
    throw error
  }
}

/** An entry of a list read, by what it names (never by a local id). */
export interface ListEntry {
  kind: 'item' | 'collection'
  chainId: number
  /** Lowercase. */
  contract: string
  /** Decimal; empty for a collection. */
  tokenId: string
  category: string
}

export interface ListRead {
  url: string
  signer: string
  trusted: boolean
  /** Who subscribed (kept from the first subscription on later reads). */
  actor: string
  sequence: number
  issuedAt: Date
  expiresAt: Date
  entries: ListEntry[]
  nextFetchAt: Date
}

const keyOf = (e: Pick<ListEntry, 'kind' | 'chainId' | 'contract' | 'tokenId'>) =>
  `${e.kind}:${e.chainId}:${e.contract}:${e.tokenId}`

/** What storing a list read changed: its subscription, and the entries it no longer lists. */
export interface ListStored {
  id: number
  created: boolean
  /** Dropped entries that had been decided at once here (a trusted list): the caller reverses them. */
  droppedDecisions: number[]
}

/**
 * Stores a list that was read and checked, as a new subscription or over the one with its URL:
 * new entries are added (to be acted on), entries it no longer lists are removed. A subscription
 * made trusted gets its earlier suggestions back as pending, to be decided at once.
 */
export async function storeListRead(db: Db, read: ListRead, now = new Date()): Promise<ListStored> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(sharedListSubscriptions).where(eq(sharedListSubscriptions.url, read.url))
    const values = {
      signer: read.signer.toLowerCase(),
      trusted: read.trusted,
      sequence: read.sequence,
      issuedAt: read.issuedAt,
      expiresAt: read.expiresAt,
      fetchedAt: now,
      lastError: null,
      nextFetchAt: read.nextFetchAt,
    }
    let id: number
    if (before) {
      id = before.id
      await tx.update(sharedListSubscriptions).set(values).where(eq(sharedListSubscriptions.id, id))
    } else {
      const [row] = await tx
        .insert(sharedListSubscriptions)
        .values({ ...values, url: read.url, subscribedBy: read.actor.toLowerCase(), createdAt: now })
        .returning({ id: sharedListSubscriptions.id })
      id = row!.id
    }
    if (!before || before.trusted !== read.trusted || before.signer !== values.signer) {
      await appendAudit(
        tx,
        {
          actor: read.actor,
          event: 'list_subscribed',
          subject: `shared-list:${read.url}`,
          before: before ? { signer: before.signer, trusted: before.trusted } : null,
          after: { signer: values.signer, trusted: read.trusted },
        },
        now,
      )
    }
    if (before && read.trusted && !before.trusted) {
      await tx
        .update(sharedListEntries)
        .set({ outcome: null })
        .where(and(eq(sharedListEntries.subscriptionId, id), eq(sharedListEntries.outcome, 'suggested')))
    }
    const stored = await tx
      .select({
        kind: sharedListEntries.kind,
        chainId: sharedListEntries.chainId,
        contract: sharedListEntries.contract,
        tokenId: sharedListEntries.tokenId,
        outcome: sharedListEntries.outcome,
        decisionId: sharedListEntries.decisionId,
      })
      .from(sharedListEntries)
      .where(eq(sharedListEntries.subscriptionId, id))
    const listed = new Map(read.entries.map((entry) => [keyOf(entry), entry]))
    const known = new Set(stored.map(keyOf))
    const dropped = stored.filter((entry) => !listed.has(keyOf(entry)))
    for (const part of chunks(dropped)) {
      await tx.delete(sharedListEntries).where(
        and(
          eq(sharedListEntries.subscriptionId, id),
          sql`(${sharedListEntries.kind}, ${sharedListEntries.chainId}, ${sharedListEntries.contract}, ${sharedListEntries.tokenId}) IN (${sql.join(
            part.map((e) => sql`(${e.kind}, ${e.chainId}, ${e.contract}, ${e.tokenId})`),
            sql`, `,
          )})`,
        ),
      )
    }
    const added = [...listed.values()].filter((entry) => !known.has(keyOf(entry)))
    for (const part of chunks(added)) {
      await tx
        .insert(sharedListEntries)
        .values(part.map((entry) => ({ ...entry, subscriptionId: id, listedAt: now })))
        .onConflictDoNothing()
    }
    const droppedDecisions = dropped
      .filter((entry) => entry.outcome === 'applied' && entry.decisionId !== null)
      .map((entry) => entry.decisionId!)
    return { id, created: !before, droppedDecisions }
  })
}

/** A read that failed: the reason kept for the console, the next read at `nextFetchAt`; nothing else changes. */
export async function recordListFailure(db: Db, id: number, reason: string, nextFetchAt: Date): Promise<void> {
  await db
    .update(sharedListSubscriptions)
    .set({ lastError: reason.slice(0, 500), nextFetchAt })
    .where(eq(sharedListSubscriptions.id, id))
}

/** Moves a subscription's next read (sooner, when a read left entries to act on). */
export async function scheduleListRead(db: Db, id: number, at: Date): Promise<void> {
  await db.update(sharedListSubscriptions).set({ nextFetchAt: at }).where(eq(sharedListSubscriptions.id, id))
}

/** What was done with one entry: a report filed, a decision taken, or nothing needed. */
export async function markListEntry(
  db: Db,
  subscriptionId: number,
  entry: Pick<ListEntry, 'kind' | 'chainId' | 'contract' | 'tokenId'>,
  outcome: { outcome: ListEntryOutcome; reportId?: number; decisionId?: number },
): Promise<void> {
  await db
    .update(sharedListEntries)
    .set({ outcome: outcome.outcome, reportId: outcome.reportId ?? null, decisionId: outcome.decisionId ?? null })
    .where(
      and(
        eq(sharedListEntries.subscriptionId, subscriptionId),
        eq(sharedListEntries.kind, entry.kind),
        eq(sharedListEntries.chainId, entry.chainId),
        eq(sharedListEntries.contract, entry.contract),
        eq(sharedListEntries.tokenId, entry.tokenId),
        isNull(sharedListEntries.outcome),
      ),
    )
}

/**
 * Takes the subscriptions due for a read (at most `limit`), moving their next read to `retryAt`
 * in the same statement: two processes never read the same list at once, and one that dies
 * mid-read leaves the list due again at `retryAt`.
 */
export async function claimDueLists(db: Db, now: Date, retryAt: Date, limit: number): Promise<number[]> {
  const due = db
    .select({ id: sharedListSubscriptions.id })
    .from(sharedListSubscriptions)
    .where(lte(sharedListSubscriptions.nextFetchAt, now))
    .orderBy(sharedListSubscriptions.nextFetchAt)
    .limit(limit)
  const rows = await db
    .update(sharedListSubscriptions)
    .set({ nextFetchAt: retryAt })
    .where(and(inArray(sharedListSubscriptions.id, due), lte(sharedListSubscriptions.nextFetchAt, now)))
    .returning({ id: sharedListSubscriptions.id })
  return rows.map((row) => row.id)
}

/** Stops following a list; the decisions and reports it led to stay (each reversible on its own). */
export async function removeSubscription(db: Db, id: number, actor: string, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.delete(sharedListEntries).where(eq(sharedListEntries.subscriptionId, id))
    const [row] = await tx.delete(sharedListSubscriptions).where(eq(sharedListSubscriptions.id, id)).returning({
      url: sharedListSubscriptions.url,
      signer: sharedListSubscriptions.signer,
      trusted: sharedListSubscriptions.trusted,
    })
    if (!row) return false
    await appendAudit(
      tx,
      {
        actor,
        event: 'list_unsubscribed',
        subject: `shared-list:${row.url}`,
        before: { signer: row.signer, trusted: row.trusted },
        after: null,
      },
      now,
    )
    return true
  })
}
