import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import * as market from '../../db/market'
import * as chain from '../../db/market/chain'
import * as checks from '../../db/market/checks'
import * as collections from '../../db/market/collections'
import * as criteriaOffers from '../../db/market/criteria-offers'
import * as decisionNotices from '../../db/market/decision-notices'
import * as decisions from '../../db/market/decisions'
import * as imported from '../../db/market/imported'
import * as legalNotices from '../../db/market/legal-notices'
import * as messages from '../../db/market/messages'
import * as metadata from '../../db/market/metadata'
import * as moderation from '../../db/market/moderation'
import * as notificationEmail from '../../db/market/notification-email'
import * as notificationOutbox from '../../db/market/notification-outbox'
import * as notificationWebhook from '../../db/market/notification-webhook'
import * as notificationsModule from '../../db/market/notifications'
import * as orders from '../../db/market/orders'
import * as rarity from '../../db/market/rarity'
import * as refresh from '../../db/market/refresh'
import * as rewind from '../../db/market/rewind'
import * as sharedLists from '../../db/market/shared-lists'
import * as stats from '../../db/market/stats'
import * as traits from '../../db/market/traits'
import * as users from '../../db/market/users'

/**
 * The market's operations that purge no page, each for a reason: a new one must be wrapped with
 * `changingPages` in db/market/index.ts (naming the pages it changed), or land here with its own.
 */
const LEAVING_PAGES_ALONE: Record<string, string> = {
  advanceCursor: "the indexer's blocks and cursor: only health and market.indexedTo show them, both live",
  beginRewind: 'the same; what the rewind undoes is written by rewindMarket, which purges everything',
  noteSafeHead: 'how far the chain has gone, shown only by health (live)',
  ownersToReread: 'a read',
  recordedBlocks: 'a read',
  refreshCollectionStats: 'purges the collections whose figures moved itself (db/market/stats.ts)',
  dueMetadataQuery: 'a read',
  rarityDueQuery: 'a read',
  rankWrites: 'SQL of rankCollection, for its query-plan test; runs nothing',
  claimDueMetadata: "holds tokens for the metadata queue; the read's outcome purges the token's pages",
  recordSignIn: "a wallet's first row turns its page from a 404 (never stored) into one",
  endSessions: 'session versions: no page shows them',
  recordContactMessage: 'no page shows them',
  subscribeNewsletter: 'no page shows them',
  grantModerator: 'roles: no public page shows them',
  revokeModerator: 'the same',
  recordReport: 'reports: only the queue and the reporter show them, never cached',
  appendAudit: 'the audit log: only operators read it, never cached',
  recordLegalNotice: 'a legal notice: only its sender (by mail) and, once confirmed, the queue see it',
  confirmLegalNotice: 'the same (a confirmed notice is a report: the queue, never cached)',
  recordPublication: 'the signed shared list: served apart from the pages, never edge-cached',
  storeListRead: "another instance's list: only operators read it (its reports and decisions purge as theirs)",
  recordListFailure: 'the same',
  markListEntry: 'the same',
  claimDueLists: 'the same',
  scheduleListRead: 'the same',
  removeSubscription: 'the same',
  recordAppeal: 'an appeal changes no public page until it is decided (decideAppeal purges then)',
  ImportedHistoryError: 'an error type',
  setBackfillTurns: "the backfill's turns: no page shows them",
  markNotificationsRead: "a wallet's own notifications: private, never cached",
  saveNotificationPreferences: "a wallet's own settings: private, never cached",
  tellOfAuctionTimes: 'notifications: private, never cached',
  tellOfDecision: 'the same',
  dispatchNotifications: 'the outbox of emails and webhooks: no page shows it',
  claimDueDeliveries: 'the same',
  recordDeliveryOutcomes: "the same (the wallet's own delivery log is private)",
  setNotificationEmail: "a wallet's own email settings: private, never cached",
  confirmNotificationEmail: 'the same',
  removeNotificationEmail: 'the same',
  markEmailsBouncing: 'the same',
  emailTokenHash: 'a hash, no write',
  setNotificationWebhook: "a wallet's own webhook: private, never cached",
  rotateNotificationWebhookSecret: 'the same',
  removeNotificationWebhook: 'the same',
}

const ROOT = join(import.meta.dirname, '..', '..')

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = `${dir}/${name}`
    if (statSync(join(ROOT, path)).isDirectory()) return sources(path)
    return /\.tsx?$/.test(name) ? [path] : []
  })
}

describe('every market write purges the pages it changed (ADR 25)', () => {
  it('nothing outside db/market takes a write from one of its files: the index wraps them to purge their pages', () => {
    const direct = ['server', 'chain', 'scripts', 'app', 'bench'].flatMap(sources).filter((file) => {
      const text = readFileSync(join(ROOT, file), 'utf8')
      // A value import from db/market/<file>; type-only imports change nothing.
      return /import\s+(?!type\b)[^;]*?from\s+'[./]*db\/market\/[\w-]+'/.test(text)
    })
    expect(direct).toEqual([])
  })

  it('every operation the index exports purges its pages, or says why it does not', () => {
    const modules = [
      chain,
      checks,
      collections,
      criteriaOffers,
      decisionNotices,
      decisions,
      imported,
      legalNotices,
      messages,
      metadata,
      moderation,
      notificationEmail,
      notificationOutbox,
      notificationWebhook,
      notificationsModule,
      orders,
      rarity,
      refresh,
      rewind,
      sharedLists,
      stats,
      traits,
      users,
    ]
    // A new file of db/market joins the list above, or its re-exports would go unseen.
    expect(sources('db/market').sort()).toEqual(
      [
        ...'chain checks collections criteria-offers decision-notices decisions imported index legal-notices messages metadata moderation notification-email notification-outbox notification-webhook notifications orders page-changes rarity refresh rewind shared-lists stats traits transaction users'.split(
          ' ',
        ),
      ]
        .map((name) => `db/market/${name}.ts`)
        .sort(),
    )
    const unwrapped = Object.entries(market)
      .filter(([, value]) => typeof value === 'function')
      .filter(([name, value]) => modules.some((module) => (module as Record<string, unknown>)[name] === value))
      .map(([name]) => name)
    expect(unwrapped.sort()).toEqual(Object.keys(LEAVING_PAGES_ALONE).sort())
  })

  it('the check finds such an import', () => {
    const text = "import {\n  applyTokenMetadata,\n} from '../../db/market/metadata'"
    expect(/import\s+(?!type\b)[^;]*?from\s+'[./]*db\/market\/[\w-]+'/.test(text)).toBe(true)
    expect(
      /import\s+(?!type\b)[^;]*?from\s+'[./]*db\/market\/[\w-]+'/.test(
        "import type { Db } from '../db/market/transaction'",
      ),
    ).toBe(false)
  })
})
