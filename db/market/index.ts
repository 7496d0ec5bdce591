/**
 * The market module: the one home of every write to listings, offers, sales, activity and an
 * NFT's market columns (besides the seed and the bulk loader). Each operation is one
 * transaction (ADR 12); server/ and chain/ call these and nothing else writes those tables.
 * The writes a visitor's request makes beside trading live here too: profiles and sessions
 * (`users`), contact messages and newsletter sign-ups.
 */
export { refreshNftMarket, expireOrders } from './refresh'
export {
  recordOrder,
  recordAuction,
  recordToken,
  recordLazyMint,
  recordMintedToken,
  setListingStatuses,
  type OrderNft,
  type OrderRecord,
  type AuctionRecord,
  type TokenRecord,
  type VoucherRecord,
} from './orders'
export {
  applyTransfer,
  applyFill,
  applyCancel,
  applyCounter,
  applyVoucherRevocation,
  applyVoucherRedeemed,
  type ChainLog,
  type Fill,
} from './chain'
export { advanceCursor, beginRewind, ownersToReread, recordedBlocks, recordedHash, rewindMarket } from './rewind'
export {
  applyImportedRange,
  setImportProgress,
  ImportedHistoryError,
  type ImportedCollection,
  type ImportedRange,
  type TokenMove,
} from './imported'
export {
  applyTokenMetadata,
  claimDueMetadata,
  recordMetadataFailure,
  requestMetadataRefresh,
  type ClaimedToken,
  type TokenMetadataRecord,
} from './metadata'
export { saveProfile, recordSignIn, endSessions, type UserRow } from './users'
export { recordContactMessage, subscribeNewsletter } from './messages'
export type { Db } from './transaction'
