/**
 * What the indexer's checks found of open orders: fillable (`active`), not fillable now and why
 * (`inactive`), or void for good (`cancelled`: the maker's Seaport counter moved past it); and
 * the block they were read at.
 */
import { and, eq, inArray, ne, or, isNull } from 'drizzle-orm'
import { listings, offers, OPEN_ORDER_STATUSES as OPEN, type UnfillableReason } from '../schema'
import { tellOfUnfillable } from './notifications'
import { refreshInTx } from './refresh'
import type { Db } from './transaction'

/** One order's check: `reason` null when it can be filled. */
export interface OrderCheck {
  id: number
  nftId: number
  reason: Exclude<UnfillableReason, 'cancelled' | 'expired' | 'filled' | 'flagged'> | null
}

/**
 * Stores `checks`, read at `block`, with the market columns of the NFTs whose orders changed
 * (one transaction). Returns those NFTs: a check that finds what the last one found changes
 * only `checkedBlock`, which no page needs at once.
 */
export function recordOrderChecks(
  db: Db,
  side: 'listing' | 'offer',
  block: bigint,
  checks: OrderCheck[],
  now = new Date(),
): Promise<number[]> {
  if (!checks.length) return Promise.resolve([])
  const table = side === 'listing' ? listings : offers
  const checkedBlock = Number(block)
  return db.transaction(async (tx) => {
    const changed = new Set<number>()
    const ids = (reason: OrderCheck['reason']) => checks.filter((c) => c.reason === reason).map((c) => c.id)
    const note = (rows: { nftId: number }[]) => rows.forEach((row) => changed.add(row.nftId))
    const fillable = ids(null)
    if (fillable.length) {
      note(
        await tx
          .update(table)
          .set({ status: 'active', unfillable: null })
          .where(and(inArray(table.id, fillable), eq(table.status, 'inactive')))
          .returning({ nftId: table.nftId }),
      )
    }
    // A counter past the order's voids it for good (the counter never goes back): closed at the
    // block it was read at, so that a rewind past that block reopens it.
    const voided = ids('counter_bumped')
    if (voided.length) {
      note(
        await tx
          .update(table)
          .set({ status: 'cancelled', unfillable: 'counter_bumped', closedBlock: checkedBlock })
          .where(and(inArray(table.id, voided), inArray(table.status, OPEN)))
          .returning({ nftId: table.nftId }),
      )
    }
    for (const reason of ['not_owner', 'not_approved', 'insufficient_balance', 'insufficient_allowance'] as const) {
      const unfillable = ids(reason)
      if (!unfillable.length) continue
      const turned = await tx
        .update(table)
        .set({ status: 'inactive', unfillable: reason })
        .where(
          and(
            inArray(table.id, unfillable),
            inArray(table.status, OPEN),
            or(eq(table.status, 'active'), isNull(table.unfillable), ne(table.unfillable, reason)),
          ),
        )
        .returning({ nftId: table.nftId, maker: table.maker, orderHash: table.orderHash })
      note(turned)
      await tellOfUnfillable(
        tx,
        side,
        turned.map((order) => ({ ...order, reason })),
        now,
      )
    }
    await tx
      .update(table)
      .set({ checkedBlock })
      .where(
        and(
          inArray(
            table.id,
            checks.map((c) => c.id),
          ),
          inArray(table.status, [...OPEN, 'cancelled']),
        ),
      )
    await refreshInTx(tx, changed, now)
    return [...changed]
  })
}
