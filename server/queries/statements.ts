/**
 * A decision's statement of reasons as its public page shows it (/decisions/{id}): the decision,
 * what it was about (its name and page), and for a signed-in wallet whether it may appeal and its
 * appeals of it. Decisions' own reads: ./decisions.ts.
 */
import { and, desc, eq } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { appeals, collections, nfts } from '../../db/schema'
import { concernedParties, decisionJson, findDecision } from './decisions'
import { checksum, checksumOrNull, isoTime } from './serialize'

/** What a decision was about, named, with its page (null for a contract or a row gone since). */
async function subjectOf(db: Database, kind: string, key: string) {
  if (kind === 'item') {
    const [row] = await db
      .select({ name: nfts.name })
      .from(nfts)
      .where(eq(nfts.id, Number(key)))
    return row ? { name: row.name, path: `/item/${key}` } : null
  }
  if (kind === 'collection') {
    const [row] = await db
      .select({ name: collections.name, slug: collections.slug })
      .from(collections)
      .where(eq(collections.id, Number(key)))
    return row ? { name: row.name, path: `/collection/${encodeURIComponent(row.slug)}` } : null
  }
  if (kind === 'profile') return { name: checksum(key), path: `/profile/${checksum(key)}` }
  return null
}

/** A wallet's appeals of one decision, newest first (appeals_appellant_idx). */
export function ownAppealsStatement(db: Database, appellant: string, decisionId: number) {
  return db
    .select()
    .from(appeals)
    .where(and(eq(appeals.appellant, appellant), eq(appeals.decisionId, decisionId)))
    .orderBy(desc(appeals.id))
    .limit(20)
}

export async function decisionStatement(db: Database, id: number, viewer: string | null) {
  const row = await findDecision(db, id)
  const decision = decisionJson(row)
  const subject = await subjectOf(db, row.targetKind, row.targetKey)
  if (!viewer) return { decision, subject, viewer: null }
  const concerned = (await concernedParties(db, { kind: row.targetKind, key: row.targetKey })).includes(viewer)
  const own = await ownAppealsStatement(db, viewer, id)
  return {
    decision,
    subject,
    viewer: {
      concerned,
      /** Whether an appeal may be filed now: in force, concerned, and none of its own open. */
      mayAppeal: concerned && decision.inForce && !own.some((a) => a.status === 'open'),
      appeals: own.map((a) => ({
        id: a.id,
        statement: a.statement,
        status: a.status,
        outcome: a.outcome,
        decidedBy: checksumOrNull(a.decidedBy),
        createdAt: isoTime(a.createdAt),
        decidedAt: a.decidedAt ? isoTime(a.decidedAt) : null,
      })),
    },
  }
}
export type DecisionStatement = Awaited<ReturnType<typeof decisionStatement>>
