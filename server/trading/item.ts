import { zeroAddress } from 'viem'
import { marketplaceContracts } from '../../chain/marketplace'
import type { Database } from '../../db/client'
import type { Env } from '../platform/env'
import { findNftDetail } from '../queries/nft-detail'
import { withFlag } from '../queries/fillable'
import { flagNotice } from '../queries/flagged'
import { findNftTerms } from '../queries/nft-lookups'
import { moderationOf, refuseHidden } from '../queries/hidden'
import { checksum, isoTime } from '../queries/serialize'
import { ChainUnavailableError } from '../platform/clients'
import { requiredFees } from './royalties'

/**
 * The fees of an order on the token. An imported collection's royalty is read from its contract;
 * when the chain does not answer, the page still shows, saying so (the server checks again when an
 * order comes).
 */
async function itemFees(
  env: Env,
  nft: { chainId: number; contract: string; tokenId: string },
  terms: { creator: string; creatorFeeBps: number; royaltySource: 'vitrine' | 'eip2981' | 'none' },
) {
  try {
    return await requiredFees(env, { ...nft, ...terms })
  } catch (error) {
    if (!(error instanceof ChainUnavailableError)) throw error
    return [
      ...(await requiredFees(env, { ...nft, ...terms, royaltySource: 'none' })).slice(0, 1),
      {
        label: 'the creator earnings',
        recipient: zeroAddress,
        bps: 0,
        note: "The collection's EIP-2981 creator earnings could not be read from the chain just now",
      },
    ]
  }
}

/**
 * An NFT as its page shows it: its detail, whether it trades here, the fees every order on it
 * carries and how its metadata stands; undefined when it does not exist. A hidden one is refused
 * with its decision's notice (410 or 451). A token flagged stolen says so, and none of its orders
 * (nor the collection offers it could fill) can be filled.
 */
export async function findItem({ db, env }: { db: Database; env: Env }, id: number) {
  const [detail, terms] = await Promise.all([findNftDetail(db, id), findNftTerms(db, id)])
  if (!detail || !terms) return undefined
  // Hidden itself, or with its collection: the decision's notice, and nothing of the item.
  await refuseHidden(db, 'item', terms.hiddenBy ?? terms.collectionHiddenBy)
  const flagged = await flagNotice(db, terms.flaggedBy)
  const nft = flagged
    ? {
        ...detail,
        // Its price and best offer are what a buyer or holder could take: nothing, while it is flagged.
        price: null,
        bestOffer: null,
        listings: detail.listings.map(withFlag),
        offers: detail.offers.map(withFlag),
        collectionOffers: detail.collectionOffers.map(withFlag),
      }
    : detail
  return {
    ...nft,
    /** Its collection's spam or scam mark in force (the page warns before it shows the item). */
    moderation: await moderationOf(db, terms.spamBy),
    /** Why this marketplace flagged the token stolen (null: it is not): nothing of it trades here. */
    flagged,
    /** `erc1155`: several may be held, listed and bought at once (listings state their quantity). */
    standard: terms.standard,
    /** Whether this token trades on Vitrine (its network has Seaport and is configured). */
    tradable: marketplaceContracts(nft.chainId) !== null && env.chains.some((c) => c.id === nft.chainId),
    /** The fees every order on this token carries, as consideration items (the server checks them). */
    fees: (await itemFees(env, nft, terms)).map((fee) => ({ ...fee, recipient: checksum(fee.recipient) })),
    metadata: {
      status: terms.metadataStatus,
      error: terms.metadataError,
      nextAttemptAt: terms.metadataNextAttemptAt ? isoTime(terms.metadataNextAttemptAt) : null,
      refreshable: terms.source === 'imported',
    },
  }
}
