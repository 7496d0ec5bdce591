/**
 * The market module: the one home of every write to collections, listings, offers, sales,
 * activity and an NFT's market columns (besides the seeds and the bulk loader). Each operation is one
 * transaction (ADR 12); server/ and chain/ call these and nothing else writes those tables.
 * The writes a visitor's request makes beside trading live here too: profiles and sessions
 * (`users`), contact messages and newsletter sign-ups.
 *
 * Every operation that changes what a public page shows names the pages it changed when it is done
 * (`changingPages`), so the edge cache purges them and serves none from before it (page-changes.ts).
 */
import { changingPages, type PageChange } from './page-changes'
import * as chain from './chain'
import * as checks from './checks'
import * as collections from './collections'
import * as criteria from './criteria-offers'
import * as decisions from './decisions'
import { offersOfTag } from '../cache-tags'
import * as imported from './imported'
import * as metadata from './metadata'
import * as orders from './orders'
import * as rarity from './rarity'
import * as refresh from './refresh'
import * as rewind from './rewind'
import * as users from './users'

/** The NFTs' pages (with their collections' and owners'), or nothing when there are none. */
const nftPages = (ids: Iterable<number>, users: Iterable<string> = []): PageChange | null => {
  const nfts = [...ids]
  return nfts.length ? { nfts, users } : null
}
const nftPage = (id: number | null, users: Iterable<string> = []) => nftPages(id === null ? [] : [id], users)
const collectionPage = (id: number): PageChange => ({ collections: [id] })

/** Filing pages by hand (a bench or a test), and how many purges this process has filed. */
export { pagesChanged, purgesFiled } from './page-changes'

export const refreshNftMarket = changingPages(refresh.refreshNftMarket, (refreshed, [ids]) =>
  refreshed > 0 ? nftPages(ids) : null,
)
export const expireOrders = changingPages(refresh.expireOrders, (expired) => nftPages(expired))
export const recordOrder = changingPages(orders.recordOrder, (_, [order]) => nftPage(order.nft.id, [order.maker]))
const offersOfPages = (ids: number[]): PageChange | null =>
  ids.length ? { collections: ids, tags: ids.map(offersOfTag) } : null
export const recordCriteriaOffer = changingPages(criteria.recordCriteriaOffer, (_, [offer]) => ({
  ...offersOfPages([offer.collectionId]),
  users: [offer.maker],
}))
export const recordCriteriaChecks = changingPages(criteria.recordCriteriaChecks, offersOfPages)
export type { CriteriaCheck, CriteriaOfferRecord } from './criteria-offers'
export const recordAuction = changingPages(orders.recordAuction, (_, [auction]) =>
  nftPage(auction.nft.id, [auction.seller]),
)
export const recordToken = changingPages(orders.recordToken, (nftId) => nftPage(nftId))
export const recordLazyMint = changingPages(orders.recordLazyMint, ({ nftId }) => nftPage(nftId))
export const recordMintedToken = changingPages(orders.recordMintedToken, ({ nftId }) => nftPage(nftId))
// Every round checks orders again: only a change of what can be filled purges, not a newer checked block.
export const recordOrderChecks = changingPages(checks.recordOrderChecks, (changed) => nftPages(changed))
export type { OrderCheck } from './checks'
export type { OrderNft, OrderRecord, AuctionRecord, TokenRecord, VoucherRecord } from './orders'
export const applyTransfer = changingPages(chain.applyTransfer, (_, [, transfer]) =>
  nftPage(transfer.nftId, [transfer.from, transfer.to]),
)
export const applyFill = changingPages(chain.applyFill, (nftId, [, fill]) =>
  nftPage(nftId, fill.recipient ? [fill.offerer, fill.recipient] : [fill.offerer]),
)
// Anyone can cancel or bump their counter for nothing, thousands of times a block: only a change purges.
export const applyCancel = changingPages(chain.applyCancel, (touched) => nftPages(touched))
export const applyCounter = changingPages(chain.applyCounter, (touched, [, counter]) =>
  nftPages(touched, [counter.offerer]),
)
export const applyVoucherRevocation = changingPages(chain.applyVoucherRevocation, (_, [, nftId]) => nftPage(nftId))
export const applyVoucherRedeemed = changingPages(chain.applyVoucherRedeemed, (_, [, redemption]) =>
  nftPage(redemption.nftId, [redemption.buyer]),
)
export type { ChainLog, Fill } from './chain'
// Undoing blocks can change any page: everything cached is purged.
export const rewindMarket = changingPages(rewind.rewindMarket, () => ({ everything: true }))
export { advanceCursor, beginRewind, noteSafeHead, ownersToReread, recordedBlocks } from './rewind'
export const recordCreatedCollection = changingPages(collections.recordCreatedCollection, ({ id }) =>
  collectionPage(id),
)
export const recordImportedCollection = changingPages(collections.recordImportedCollection, ({ id }) =>
  collectionPage(id),
)
export const recordSeededCollection = changingPages(collections.recordSeededCollection, ({ id }) => collectionPage(id))
export type { CreatedCollection, ImportedCollectionRecord, SeededCollection } from './collections'
export { refreshCollectionStats } from './stats'
// A range that moved or refreshed no token changes no page (its progress is read live, not cached).
export const applyImportedRange = changingPages(
  imported.applyImportedRange,
  ({ applied, nftIds }, [collection, range]) =>
    applied && (nftIds.length || range.refreshes.length) ? { nfts: nftIds, collections: [collection.id] } : null,
)
// Collections read together in the main round: the pages of those whose tokens moved or refreshed,
// and of those sent back to their own reading (their status shows).
export const applyFollowedRanges = changingPages(imported.applyFollowedRanges, ({ nftIds, written }, [followed]) =>
  written > 0
    ? { nfts: nftIds, collections: [...followed.ranges.map((r) => r.collection.id), ...followed.sentBack] }
    : null,
)
// Only a new status or error shows on the collection's page.
export const setImportProgress = changingPages(imported.setImportProgress, (_, [collectionId, progress]) =>
  progress.status !== undefined || progress.error !== undefined ? collectionPage(collectionId) : null,
)
export const retryFailedImport = changingPages(imported.retryFailedImport, (retried, [collectionId]) =>
  retried ? collectionPage(collectionId) : null,
)
export {
  ImportedHistoryError,
  setBackfillTurns,
  type FollowedRanges,
  type ImportedCollection,
  type ImportedRange,
  type TokenMove,
} from './imported'
export const applyTokenMetadata = changingPages(metadata.applyTokenMetadata, (_, [nftId]) => nftPage(nftId))
export const recordMetadataFailure = changingPages(metadata.recordMetadataFailure, (_, [nftId]) => nftPage(nftId))
export const requestMetadataRefresh = changingPages(metadata.requestMetadataRefresh, (queued, [nftId]) =>
  queued ? nftPage(nftId) : null,
)
// New ranks show on the tokens' cards and pages (and, with a new "of", on every ranked one).
export const rankCollection = changingPages(rarity.rankCollection, (changed) => nftPages(changed))
export { rarityDueQuery, rankWrites, RARITY_SETTLE_MS } from './rarity'
export { claimDueMetadata, dueMetadataQuery, type ClaimedToken, type TokenMetadataRecord } from './metadata'
export const saveProfile = changingPages(users.saveProfile, (_, [address]) => ({ users: [address] }))
export const recordSeededProfile = changingPages(users.recordSeededProfile, (_, [profile]) => ({
  users: [profile.address.toLowerCase()],
}))
export { recordSignIn, endSessions, type SeededProfile, type UserRow } from './users'
export { recordContactMessage, subscribeNewsletter } from './messages'
// Moderation: roles and reports change no public page until a decision acts on what was reported.
export { grantModerator, recordReport, revokeModerator, DUPLICATE_REPORT, type ReportRecord } from './moderation'
// A decision changes what its target's pages and every list show; an appeal changes nothing until decided.
export const recordDecision = changingPages(decisions.recordDecision, ({ change }) =>
  Object.keys(change).length ? change : null,
)
export const reverseDecision = changingPages(decisions.reverseDecision, (change) => change)
export const decideAppeal = changingPages(decisions.decideAppeal, ({ change }) =>
  Object.keys(change).length ? change : null,
)
export { appendAudit, recordAppeal, type DecisionRecord, type DecisionTarget } from './decisions'
export { tellOfDecision, type DecisionEvent } from './decision-notices'
export {
  confirmLegalNotice,
  recordLegalNotice,
  type LegalNoticeConfirmation,
  type LegalNoticeRecord,
} from './legal-notices'
// Shared lists change no public page themselves: the reports and decisions they lead to do.
export {
  claimDueLists,
  markListEntry,
  recordListFailure,
  recordPublication,
  removeSubscription,
  scheduleListRead,
  storeListRead,
  type ListEntry,
  type ListRead,
} from './shared-lists'
export {
  markNotificationsRead,
  saveNotificationPreferences,
  tellOfAuctionTimes,
  AUCTION_ENDING_MS,
} from './notifications'
export {
  claimDueDeliveries,
  DISPATCH_BATCH,
  dispatchNotifications,
  recordDeliveryOutcomes,
  type DeliveryOutcome,
  type DeliveryRow,
} from './notification-outbox'
export {
  confirmNotificationEmail,
  emailTokenHash,
  markEmailsBouncing,
  removeNotificationEmail,
  setNotificationEmail,
  EMAIL_TOKEN_TTL_MS,
  type EmailBounce,
  type EmailConfirmation,
} from './notification-email'
export {
  removeNotificationWebhook,
  rotateNotificationWebhookSecret,
  setNotificationWebhook,
} from './notification-webhook'
export type { Db } from './transaction'
