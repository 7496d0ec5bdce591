/**
 * Legal notices (ADR 47): stored unconfirmed with the SHA-256 of a random token that the link
 * mailed to the sender carries; confirmed once, within LEGAL_NOTICE_TOKEN_TTL_MS, which files the
 * report that puts it in the queue (reporter `notice:<id>`), in the same transaction. The other
 * files: db/schema/legal-notices.ts, server/trpc/routers/legal-notices.ts, server/notify/mail.ts.
 */
import { eq } from 'drizzle-orm'
import { REPORT_NOTE_MAX } from '../report-reasons'
import { legalNotices, LEGAL_NOTICE_TOKEN_TTL_MS, noticeReporter, type LegalNoticeReason } from '../schema'
import { recordReport, type ReportRecord } from './moderation'
import { emailTokenHash, newToken } from './notification-email'
import type { Db } from './transaction'

export interface LegalNoticeRecord {
  name: string
  email: string
  target: ReportRecord['target']
  reason: LegalNoticeReason
  infringed: string
  statement: string
}

/** Stores a notice, unconfirmed; answers its id and the token its confirmation link carries. */
export async function recordLegalNotice(
  db: Db,
  notice: LegalNoticeRecord,
  now = new Date(),
): Promise<{ id: number; token: string }> {
  const token = newToken()
  const [row] = await db
    .insert(legalNotices)
    .values({
      name: notice.name,
      email: notice.email,
      targetKind: notice.target.kind,
      targetKey: notice.target.key,
      reason: notice.reason,
      infringed: notice.infringed,
      statement: notice.statement,
      goodFaith: true,
      tokenHash: await emailTokenHash(token),
      tokenExpiresAt: new Date(now.getTime() + LEGAL_NOTICE_TOKEN_TTL_MS),
      createdAt: now,
    })
    .returning({ id: legalNotices.id })
  return { id: row!.id, token }
}

export type LegalNoticeConfirmation =
  | { status: 'confirmed'; id: number; reportId: number }
  | { status: 'used' | 'expired'; id: number }
  | { status: 'invalid' }

/** What a moderator reads in the queue: who sent it, what it claims, and its text (the full notice stays in its row). */
function noteOf(id: number, notice: typeof legalNotices.$inferSelect): string {
  const text = [
    `Legal notice ${id} from ${notice.name} <${notice.email}>`,
    `Right infringed or law broken: ${notice.infringed}`,
    notice.statement,
  ]
    .filter(Boolean)
    .join('\n')
  return text.length > REPORT_NOTE_MAX ? `${text.slice(0, REPORT_NOTE_MAX - 1)}…` : text
}

/**
 * Confirms the notice whose link carries `token`: once (a replay is `used`), before it expires
 * (`expired`); the report that puts it in the queue is filed with it.
 */
export async function confirmLegalNotice(db: Db, token: string, now = new Date()): Promise<LegalNoticeConfirmation> {
  const tokenHash = await emailTokenHash(token)
  return db.transaction(async (tx) => {
    const [notice] = await tx.select().from(legalNotices).where(eq(legalNotices.tokenHash, tokenHash))
    if (!notice) return { status: 'invalid' }
    if (notice.status === 'confirmed') return { status: 'used', id: notice.id }
    if (notice.tokenExpiresAt.getTime() <= now.getTime()) return { status: 'expired', id: notice.id }
    const { id: reportId } = await recordReport(
      tx,
      {
        reporter: noticeReporter(notice.id),
        target: { kind: notice.targetKind, key: notice.targetKey },
        reason: notice.reason,
        note: noteOf(notice.id, notice),
      },
      now,
    )
    await tx
      .update(legalNotices)
      .set({ status: 'confirmed', reportId, confirmedAt: now })
      .where(eq(legalNotices.id, notice.id))
    return { status: 'confirmed', id: notice.id, reportId }
  })
}
