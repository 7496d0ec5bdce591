/**
 * The market module: the one home of every write to collections, listings, offers, sales,
 * activity and an NFT's market columns (besides the seeds and the bulk loader). Each operation is one
 * transaction (ADR 12); server/ and chain/ call these and nothing else writes those tables.
 * The writes a visitor's request makes beside trading live here too: profiles and sessions
 * (`users`), contact messages and newsletter sign-ups.
 *
 * Every operation that changes what a public page shows marks the pages changed when it is done
 * (`changingPages`), so the edge cache serves no page from before it (db/page-generation.ts).
 */
import { changingPages } from '../page-generation'
import * as chain from './chain'
import * as collections from './collections'
import * as imported from './imported'
import * as metadata from './metadata'
import * as orders from './orders'
import * as refresh from './refresh'
import * as rewind from './rewind'
import * as users from './users'

export const refreshNftMarket = changingPages(refresh.refreshNftMarket, (refreshed) => refreshed > 0)
export const expireOrders = changingPages(refresh.expireOrders, (expired) => expired.length > 0)
export const recordOrder = changingPages(orders.recordOrder)
export const recordAuction = changingPages(orders.recordAuction)
export const recordToken = changingPages(orders.recordToken)
export const recordLazyMint = changingPages(orders.recordLazyMint)
export const recordMintedToken = changingPages(orders.recordMintedToken)
export const setListingStatuses = changingPages(orders.setListingStatuses, (_, [changes]) => changes.length > 0)
export const setOfferStatuses = changingPages(orders.setOfferStatuses, (_, [changes]) => changes.length > 0)
export type { OrderNft, OrderRecord, AuctionRecord, TokenRecord, VoucherRecord } from './orders'
export const applyTransfer = changingPages(chain.applyTransfer)
export const applyFill = changingPages(chain.applyFill)
// Anyone can cancel or bump their counter for nothing, thousands of times a block: only a change moves the pages.
export const applyCancel = changingPages(chain.applyCancel, (touched) => touched.length > 0)
export const applyCounter = changingPages(chain.applyCounter, (touched) => touched.length > 0)
export const applyVoucherRevocation = changingPages(chain.applyVoucherRevocation)
export const applyVoucherRedeemed = changingPages(chain.applyVoucherRedeemed)
export type { ChainLog, Fill } from './chain'
export const rewindMarket = changingPages(rewind.rewindMarket)
export { advanceCursor, beginRewind, noteSafeHead, ownersToReread, recordedBlocks } from './rewind'
export const recordCreatedCollection = changingPages(collections.recordCreatedCollection)
export const recordImportedCollection = changingPages(collections.recordImportedCollection)
export type { CreatedCollection, ImportedCollectionRecord } from './collections'
export { refreshCollectionStats } from './stats'
export const applyImportedRange = changingPages(imported.applyImportedRange, (result) => result.applied)
export const applyFollowedRanges = changingPages(imported.applyFollowedRanges, (result) => result.written > 0)
export const setImportProgress = changingPages(imported.setImportProgress)
export const retryFailedImport = changingPages(imported.retryFailedImport, (retried) => retried)
export {
  ImportedHistoryError,
  type FollowedRanges,
  type ImportedCollection,
  type ImportedRange,
  type TokenMove,
} from './imported'
export const applyTokenMetadata = changingPages(metadata.applyTokenMetadata)
export const recordMetadataFailure = changingPages(metadata.recordMetadataFailure)
export const requestMetadataRefresh = changingPages(metadata.requestMetadataRefresh)
export { claimDueMetadata, dueMetadataQuery, type ClaimedToken, type TokenMetadataRecord } from './metadata'
export const saveProfile = changingPages(users.saveProfile)
export { recordSignIn, endSessions, type UserRow } from './users'
export { recordContactMessage, subscribeNewsletter } from './messages'
export type { Db } from './transaction'
