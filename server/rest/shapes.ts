/**
 * What the REST API answers, as zod schemas: openapi.json describes responses with them, and
 * tests/integration/rest.test.ts holds real answers to them (strict objects: a field the API
 * adds without describing it here fails the test).
 */
import { z } from 'zod'
import {
  CATEGORIES,
  ACTIVITY_TYPES,
  INDEX_STATUSES,
  NUMERIC_DISPLAY_TYPES,
  NOTIFICATION_KINDS,
  ORDER_STATUSES,
  TOKEN_STANDARDS,
  UNFILLABLE_REASONS,
} from '../../db/schema'
import type { Fillability } from '../queries/fillable'
import type { BulkListingResult } from '../trading/bulk-listings'
import type { CollectionJson } from '../queries/collections'
import type { NftJson } from '../queries/nfts'
import type { TraitJson, TraitsPage } from '../queries/traits'
import type { CollectionHistory } from '../queries/history'
import type { sweepListings } from '../queries/sweep'
import { HISTORY_INTERVALS, HISTORY_RANGES } from '../inputs/history'
import type { toUserJson } from '../queries/users'
import type { listNotifications } from '../notify/inbox'
import type { OwnReport, listReportQueue } from '../queries/moderation'
import { REPORT_REASONS, REPORT_STATUSES } from '../../db/report-reasons'
import { APPEAL_STATUSES, AUDIT_EVENTS, DECISION_ACTIONS, DECISION_CATEGORIES } from '../../db/decision-kinds'
import type { AuditEntry, DecisionJson } from '../queries/decisions'

/** A profile's NFT: quantity on the Owned tab only. */
type UserNftJson = NftJson & { quantity?: string }

const address = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/)
  .describe('EIP-55 checksummed address')
const time = z.iso.datetime().describe('ISO 8601, UTC')
const weiText = z.string().regex(/^\d+$/).describe('exact amount in wei')

export const priceShape = z
  .strictObject({
    wei: weiText,
    eth: z
      .string()
      .regex(/^\d+(\.\d+)?$/)
      .describe('the same amount in ETH, exact'),
    currency: z.string(),
  })
  .nullable()

export const collectionCardShape = z.strictObject({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  verified: z.boolean(),
  lookalikeOf: z.number().int().nullable().describe('a verified collection whose name this one imitates'),
})

export const nftShape = z.strictObject({
  id: z.number().int(),
  chainId: z.number().int(),
  contract: address,
  tokenId: z.string().regex(/^\d+$/),
  name: z.string(),
  description: z.string(),
  image: z.string(),
  animationUrl: z.string().nullable(),
  collection: collectionCardShape,
  category: z.enum(CATEGORIES),
  owner: address,
  creator: address.nullable().describe('null when unknown (an imported contract that names no owner)'),
  price: priceShape.describe('the best live listing, or null when not for sale'),
  bestOffer: priceShape,
  offerCount: z.number().int().nonnegative(),
  addDate: time,
  auctionEndsAt: time.nullable(),
  verified: z.boolean(),
  nsfw: z.boolean(),
  lazyMinted: z.boolean(),
  likes: z.number().int().nonnegative(),
  attributes: z.array(
    z.strictObject({
      trait_type: z.string(),
      value: z.string(),
      display_type: z
        .enum(NUMERIC_DISPLAY_TYPES)
        .optional()
        .describe('a numeric trait (its value a number in decimal; a date in Unix seconds)'),
    }),
  ),
  rarity: z
    .strictObject({
      rank: z.number().int().positive().describe('1 is the rarest; equal scores share a rank'),
      score: z.number().describe("OpenRarity's information content over the collection's entropy"),
      of: z.number().int().positive().describe('how many tokens of the collection are ranked'),
    })
    .nullable()
    .describe('null when the collection has no text traits, or this token is not ranked yet'),
})

/** One value of a collection's trait (GET /collections/{idOrSlug}/traits answers an array of them). */
export const traitShape = z.strictObject({
  type: z.string().describe('the trait type'),
  value: z.string(),
  count: z.number().int().positive().describe("how many of the collection's tokens carry it"),
  floor: priceShape.describe('the cheapest live listing among them, or null when none is listed'),
  displayType: z
    .enum(NUMERIC_DISPLAY_TYPES)
    .nullable()
    .describe('a numeric trait (filter it by range with traitRange), or null for text'),
})

/** GET /collections/{idOrSlug}/traits: a page of types (or of one type's values), with what was left out. */
export const traitsPageShape = z.strictObject({
  data: z.array(traitShape).describe("values by type, each type's most common first"),
  types: z
    .array(
      z.strictObject({
        type: z.string(),
        tokens: z.number().int().nonnegative().describe('tokens carrying the type'),
        values: z
          .number()
          .int()
          .positive()
          .describe('its values (matching q): those not in data were left out; ask with type for them'),
      }),
    )
    .describe('the types of this page, most common first'),
  typesLeft: z.number().int().nonnegative().describe('types after this page (0 with type)'),
  nextCursor: z
    .string()
    .nullable()
    .describe(
      "pass back as cursor for the next page of types (or, with type, of that type's values); null on the last",
    ),
})

const volumeShape = z.strictObject({
  wei: weiText,
  eth: z
    .string()
    .regex(/^\d+(\.\d+)?$/)
    .describe('the same amount in ETH, exact'),
})

/** GET /collections/{idOrSlug}/history: floor, volume and sales per UTC day or hour, oldest first. */
export const historyShape = z.strictObject({
  interval: z.enum(HISTORY_INTERVALS),
  range: z.enum(HISTORY_RANGES),
  buckets: z.array(
    z.strictObject({
      start: time.describe('the start of the bucket (a UTC day or hour)'),
      floor: priceShape.describe(
        'the lowest live listing price during the bucket; a bucket without a change carries the floor before it; null when nothing was listed',
      ),
      volume: volumeShape.describe("the bucket's sales, summed (a maker's fill of their own order not counted)"),
      sales: z.number().int().nonnegative(),
    }),
  ),
}) satisfies z.ZodType<CollectionHistory>

/** A sweep: the listings to buy in one transaction, cheapest first, and their total. */
export const sweepShape = z.strictObject({
  count: z.number().int().describe('tokens asked for'),
  maxTotal: volumeShape.describe('the most the buyer will pay in all'),
  total: volumeShape.describe('what the listings below cost in all (the fees are paid out of it)'),
  items: z.array(
    z.strictObject({
      orderHash: z.string().regex(/^0x[0-9a-f]{64}$/),
      nftId: z.number().int(),
      name: z.string(),
      image: z.string(),
      chainId: z.number().int(),
      contract: address,
      tokenId: z.string().regex(/^\d+$/),
      maker: address,
      price: volumeShape.describe('the price of one token'),
      units: z.string().regex(/^\d+$/).describe('tokens taken of this listing'),
      quantity: z.string().regex(/^\d+$/).describe('tokens the listing offers (1 for an ERC-721)'),
      total: volumeShape.describe('price × units'),
    }),
  ),
  message: z
    .string()
    .nullable()
    .describe('why fewer than `count` (or none) are answered: the maximum is too low, or too few are listed'),
}) satisfies z.ZodType<Awaited<ReturnType<typeof sweepListings>>>

/** A profile's NFTs: on the Owned tab each says how many the address holds (ERC-1155 balances). */
export const userNftShape = nftShape.extend({
  quantity: z
    .string()
    .regex(/^\d+$/)
    .optional()
    .describe('Owned tab only: how many of the token the address holds (1 for an ERC-721; an ERC-1155 balance)'),
})

/** Whether an order can be filled now, and since when that is known (server/queries/fillable.ts). */
const fillabilityFields = {
  checkedBlock: z
    .number()
    .int()
    .nonnegative()
    .nullable()
    .describe(
      "the block at which the indexer last read the maker's token or WETH balance, Seaport's approval or allowance and the maker's Seaport counter; null: not yet checked since it was submitted",
    ),
  fillable: z.boolean().describe('whether the order can be filled now; when false, `reason` says why'),
  reason: z
    .enum(UNFILLABLE_REASONS)
    .nullable()
    .describe(
      "null when fillable; else not_owner (the maker no longer holds the token, or the units left), not_approved (Seaport may not move it), insufficient_balance / insufficient_allowance (the maker's WETH, or what Seaport may spend of it, is below what is left of the offer), counter_bumped (the maker bumped their Seaport counter), cancelled, expired, filled, flagged (this marketplace flagged the token stolen: nothing of it trades here until the flag is cleared)",
    ),
} satisfies { [Key in keyof Fillability]: z.ZodType<Fillability[Key]> }

const orderFields = {
  id: z.number().int(),
  maker: address,
  price: priceShape,
  orderHash: z.string().nullable().describe('the signed Seaport order; null for one imported without it'),
  startsAt: time,
  endsAt: time,
  ...fillabilityFields,
}

/** A collection or trait offer: WETH for any of a collection's tokens, or of those carrying a trait. */
export const criteriaOfferShape = z.strictObject({
  id: z.number().int(),
  kind: z
    .enum(['collection', 'trait'])
    .describe('collection: any of its tokens; trait: any that carried the trait when it was made'),
  trait: z.strictObject({ type: z.string(), value: z.string() }).nullable(),
  maker: address,
  price: priceShape.describe('WETH for each token'),
  orderHash: z.string().regex(/^0x[0-9a-f]{64}$/),
  criteria: z
    .string()
    .describe(
      "the order's criteria: '0' for any token, else the Merkle root of the token ids (GET /offers/{orderHash}/criteria gives a token's proof)",
    ),
  startsAt: time,
  endsAt: time,
  quantity: z.string().regex(/^\d+$/).describe('tokens wanted in all'),
  remaining: z.string().regex(/^\d+$/).describe('tokens still wanted: each is one fill'),
  ...fillabilityFields,
})

export const criteriaShape = z.strictObject({
  type: z.string(),
  value: z.string(),
  root: z
    .string()
    .regex(/^0x[0-9a-f]{64}$/)
    .describe('the Merkle root a trait offer signs as its criteria'),
  tokenIds: z.array(z.string().regex(/^\d+$/)).describe('the ids carrying the trait now, ascending'),
})

export const criteriaProofShape = z.strictObject({
  identifier: z.string().regex(/^\d+$/).describe('the token given'),
  proof: z
    .array(z.string().regex(/^0x[0-9a-f]{64}$/))
    .describe("Seaport's criteriaProof for it (empty for a collection offer)"),
})

/** A moderation decision as the page of what it acted on tells it (server/queries/decisions.ts decisionNotice). */
export const decisionNoticeShape = z.strictObject({
  decision: z.number().int().describe("the decision's id"),
  action: z.enum(DECISION_ACTIONS),
  category: z.enum(DECISION_CATEGORIES),
  categoryLabel: z.string().describe('the category in words'),
  reason: z.string().describe('the statement of reasons'),
  decidedAt: time,
  httpStatus: z
    .union([z.literal(410), z.literal(451)])
    .describe('what a page it hides answers: 451 for a legal reason'),
})

/** What a single answer carries of moderation (server/queries/hidden.ts). */
export const moderationShape = z
  .strictObject({
    spam: decisionNoticeShape
      .nullable()
      .describe('its collection is marked spam or a scam: out of browse and search, its pages warn first'),
  })
  .describe("this marketplace's marks in force")

/** A hidden item, collection or profile's answer (410, or 451 for a legal reason): who decided what, why and when. */
export const hiddenShape = (code: 'GONE' | 'UNAVAILABLE_FOR_LEGAL_REASONS') =>
  z.strictObject({
    error: z.strictObject({
      code: z.literal(code),
      message: z.string().describe('"This item was hidden by this marketplace (category): reason"'),
      details: z.strictObject({ moderation: z.strictObject({ hidden: decisionNoticeShape }) }),
    }),
  })

export const nftDetailShape = nftShape.extend({
  moderation: moderationShape,
  listings: z.array(
    z.strictObject({
      ...orderFields,
      kind: z.enum(['fixed', 'auction', 'voucher']),
      ended: z.boolean().describe('past its end (an auction the seller may now settle)'),
      quantity: z
        .string()
        .regex(/^\d+$/)
        .describe('tokens listed: 1, or several of an ERC-1155 token (price is per token)'),
      remaining: z.string().regex(/^\d+$/).describe('tokens of it still for sale'),
    }),
  ),
  offers: z.array(
    z.strictObject({
      ...orderFields,
      quantity: z
        .string()
        .regex(/^\d+$/)
        .describe('tokens asked for: 1, or several of an ERC-1155 token (price is per token)'),
      remaining: z.string().regex(/^\d+$/).describe('tokens of it still wanted: a holder may accept up to this many'),
    }),
  ),
  collectionOffers: z
    .array(criteriaOfferShape)
    .describe('the best open collection and trait offers this token may fill (at most 5), the highest first'),
  standard: z
    .enum(['erc721', 'erc1155'])
    .describe('erc1155: several may be held, listed and bought at once (listings state their quantity)'),
  tradable: z.boolean().describe('whether the token trades on Vitrine (its network is configured)'),
  flagged: z
    .strictObject({
      decision: z.number().int().describe('the decision that flagged it'),
      category: z.enum(DECISION_CATEGORIES),
      categoryLabel: z.string(),
      reason: z.string().describe("the moderator's statement of reasons"),
      decidedAt: time,
    })
    .nullable()
    .describe(
      'set when this marketplace flagged the token stolen: it cannot be listed, bought, offered on or accepted here, and every open order on it answers fillable: false, reason: flagged',
    ),
  fees: z.array(
    z.strictObject({
      label: z.string(),
      recipient: address,
      bps: z.number().int(),
      note: z
        .string()
        .nullable()
        .describe('said beside the fees, e.g. that a collection without EIP-2981 pays no creator earnings'),
    }),
  ),
  metadata: z
    .strictObject({
      status: z.enum(['ok', 'pending', 'failed']),
      error: z.string().nullable().describe('why the last read of its metadata failed'),
      nextAttemptAt: time.nullable().describe('when it is read (again)'),
      refreshable: z.boolean().describe("whether it is read from the token's own URI (an imported collection)"),
    })
    .describe("the token's metadata as read from its URI"),
})

export const collectionShape = z.strictObject({
  id: z.number().int(),
  slug: z.string(),
  chainId: z.number().int(),
  contract: address,
  name: z.string(),
  description: z.string(),
  logo: z.string(),
  banner: z.string(),
  category: z.enum(CATEGORIES),
  creator: address.nullable().describe('null when unknown (an imported contract that names no owner)'),
  verified: z.boolean(),
  creatorEarningsBps: z.number().int(),
  createdAt: time,
  stats: z.strictObject({
    floor: priceShape,
    volume24h: priceShape,
    volume7d: priceShape,
    volume30d: priceShape,
    volumeAll: priceShape,
    change24h: z.number().nullable().describe('24h volume change in percent; null without volume the day before'),
    owners: z.number().int(),
    items: z.number().int(),
    listed: z.number().int(),
    listedPercent: z.number(),
    sales: z.number().int(),
  }),
  standard: z.enum(TOKEN_STANDARDS),
  imported: z.boolean().describe('added by contract address, not created on Vitrine'),
  lookalikeOf: z
    .number()
    .int()
    .nullable()
    .describe('the id of a verified collection whose name this one imitates: a possible impostor'),
  indexing: z
    .strictObject({
      status: z
        .enum(INDEX_STATUSES)
        .describe('pending, backfilling (reading history), following (at the head), failed'),
      fromBlock: z.number().int().nullable().describe('the block the contract was deployed in'),
      indexedBlock: z.number().int().nullable().describe('the last block whose transfers are read'),
      headBlock: z.number().int().nullable().describe('the chain head when last looked at'),
      tokens: z.number().int().describe('tokens found so far'),
      error: z.string().nullable().describe('why the last read of the chain failed (null: it did not)'),
      retryAt: time
        .nullable()
        .describe(
          'when a failed collection is read again (the waits double, up to a day); null once the tries are spent: adding it again asks for one now',
        ),
    })
    .nullable()
    .describe("an imported collection's backfill from the chain; null for collections created on Vitrine"),
})

/** One collection's own answer: its list shape and its moderation marks. */
export const collectionPageShape = collectionShape.extend({ moderation: moderationShape })

export const userShape = z.strictObject({
  address,
  username: z.string().nullable(),
  bio: z.string().nullable(),
  avatar: z.string().nullable(),
  banner: z.string().nullable(),
  links: z.record(z.string(), z.string()),
  createdAt: time,
  updatedAt: time,
})

export const eventShape = z.strictObject({
  id: z.number().int(),
  type: z.enum(ACTIVITY_TYPES),
  nft: z.strictObject({ id: z.number().int(), name: z.string(), image: z.string(), tokenId: z.string() }),
  collection: collectionCardShape,
  from: address.nullable(),
  to: address.nullable(),
  price: priceShape,
  txHash: z.string().nullable(),
  createdAt: time,
})

export const rankingShape = z.strictObject({
  rank: z.number().int().positive(),
  collection: collectionShape,
  volume: priceShape.describe("the period's sales volume"),
  change24h: z.number().nullable(),
  floor: priceShape,
  owners: z.number().int(),
  items: z.number().int(),
})

export const searchShape = z.strictObject({
  nfts: z.array(nftShape),
  collections: z.array(collectionShape),
  users: z.array(userShape),
})

/** The one error shape of every 4xx/5xx answer. */
export const errorShape = z.strictObject({
  error: z.strictObject({
    code: z.string().describe('e.g. BAD_REQUEST, NOT_FOUND, TOO_MANY_REQUESTS'),
    message: z.string().describe('a sentence a person can act on, naming the field at fault as `field: …`'),
    details: z.unknown().optional(),
  }),
})

export const chainShape = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  rpcUrl: z.string().describe('a public RPC URL for the chain'),
  contracts: z
    .strictObject({ seaport: address, conduitController: address, weth: address })
    .nullable()
    .describe('Seaport 1.6, its conduit controller and WETH; null where Vitrine has none'),
  platformFee: z.strictObject({ recipient: address, bps: z.number().int() }),
  collections: z.array(z.strictObject({ slug: z.string(), name: z.string(), contract: address })),
})

/*
 * A signed order as stored. EIP-712 hashes an address as its 20 bytes, so addresses are shown
 * checksummed without changing the hash; everything else is exactly what was signed.
 */
const signedUint = z
  .string()
  .regex(/^\d{1,78}$/)
  .describe('uint256 as decimal text, exactly as signed: pass it on as a bigint, never through a float')
const bytes32 = z.string().regex(/^0x[0-9a-fA-F]{64}$/)
const itemShape = {
  itemType: z.number().int().min(0).max(5),
  token: address,
  identifierOrCriteria: signedUint,
  startAmount: signedUint,
  endAmount: signedUint,
}
export const seaportComponentsShape = z
  .strictObject({
    offerer: address,
    zone: address,
    offer: z.array(z.strictObject(itemShape)),
    consideration: z.array(z.strictObject({ ...itemShape, recipient: address })),
    orderType: z.number().int().min(0).max(4),
    startTime: signedUint,
    endTime: signedUint,
    zoneHash: bytes32,
    salt: signedUint,
    conduitKey: bytes32,
    counter: signedUint,
  })
  .describe(
    "Seaport 1.6 OrderComponents as the maker signed them; fulfillOrder takes them without `counter`, with totalOriginalConsiderationItems = consideration's length",
  )
export const voucherComponentsShape = z
  .strictObject({
    tokenId: signedUint,
    uri: z.string().describe('the token URI, byte for byte as signed'),
    minPrice: signedUint,
    creator: address,
    expiresAt: signedUint,
    collection: address.describe('the collection contract that redeems the voucher'),
  })
  .describe("a lazy mint's EIP-712 voucher, redeemed on the collection contract")
const signature = z
  .string()
  .regex(/^0x([0-9a-fA-F]{2})+$/)
  .describe(
    'the signature exactly as submitted (65 bytes, 64-byte EIP-2098, or a smart wallet’s); pass it on unchanged',
  )
const orderCommon = {
  chainId: z.number().int(),
  nftId: z.number().int().nullable().describe('the token it is on; null for a collection or trait offer'),
  status: z.enum(ORDER_STATUSES),
  orderHash: bytes32,
  signature,
  quantity: z
    .string()
    .regex(/^\d+$/)
    .describe(
      'tokens the order is for: 1, or an ERC-1155 listing or offer for several (fill part with fulfillAdvancedOrder)',
    ),
  filledQuantity: z
    .string()
    .regex(/^\d+$/)
    .describe('tokens of it already bought (a listing) or sold to it (an offer)'),
  ...fillabilityFields,
}
export const orderShape = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.enum(['listing', 'offer']).describe('a Seaport order: fill it with fulfillOrder'),
    ...orderCommon,
    components: seaportComponentsShape,
    criteria: z
      .strictObject({
        collectionId: z.number().int(),
        root: z.string(),
        trait: z.strictObject({ type: z.string(), value: z.string() }).nullable(),
      })
      .nullable()
      .describe(
        'a collection or trait offer: fill it with fulfillAdvancedOrder and a criteria resolver naming your token (its proof: GET /offers/{orderHash}/criteria)',
      ),
  }),
  z.strictObject({
    kind: z.literal('voucher').describe("a lazy mint: redeem the creator's voucher on the collection contract"),
    ...orderCommon,
    components: voucherComponentsShape,
  }),
])

export const submittedOrderShape = z.strictObject({
  id: z.number().int(),
  orderHash: bytes32,
  nftId: z.number().int().nullable().describe('null for a collection or trait offer'),
  collectionId: z.number().int().optional().describe('a collection or trait offer: its collection'),
  price: z.string().optional().describe('a collection or trait offer: WETH for each token'),
})

/** One order of a bulk listing request: stored, or refused with why (the rest are stored regardless). */
export const bulkListingResultShape = z.discriminatedUnion('status', [
  z.strictObject({ id: z.number().int(), orderHash: bytes32, nftId: z.number().int(), status: z.literal('listed') }),
  z.strictObject({
    status: z.literal('refused'),
    orderHash: bytes32,
    code: z.enum(['bad_request', 'forbidden', 'not_found', 'conflict']),
    message: z.string().describe('What is wrong with this order, naming the field, as a single request would say it'),
  }),
]) satisfies z.ZodType<BulkListingResult>

/** A list answer: `{ data: [...], nextCursor }`. */
/** One of the signed-in wallet's notifications, in words, with the page it is about. */
export const notificationShape = z.strictObject({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  url: z.url().describe("the page it is about, on this site's origin"),
  path: z.string().describe('the same page, as a path on this site'),
  read: z.boolean(),
  createdAt: time,
  actor: address.nullable().describe('the other party: the offer’s maker, the buyer, the new top bidder'),
  nft: z.strictObject({ id: z.number().int(), name: z.string(), image: z.string() }).nullable(),
})

export const notificationPageShape = z.strictObject({
  data: z.array(notificationShape),
  nextCursor: z.string().nullable().describe('pass back as `cursor` for the next page; null on the last'),
  unread: z.number().int().describe('how many of the wallet’s notifications are unread'),
})

export const markedReadShape = z.strictObject({
  data: z.strictObject({ marked: z.number().int(), unread: z.number().int() }),
})

/** What a report names: an item or a collection by id, a profile by its wallet. */
export const reportTargetShape = z.union([
  z.strictObject({ kind: z.enum(['item', 'collection']), id: z.number().int() }),
  z.strictObject({ kind: z.literal('profile'), address }),
])

export const filedReportShape = z.strictObject({ id: z.number().int(), status: z.enum(REPORT_STATUSES) })

export const sentLegalNoticeShape = z.strictObject({
  id: z.number().int(),
  status: z.literal('unconfirmed').describe('in the queue once the link mailed to its sender confirms it'),
})

export const ownReportShape = z.strictObject({
  id: z.number().int(),
  target: reportTargetShape,
  reason: z.enum(REPORT_REASONS),
  note: z.string(),
  status: z.enum(REPORT_STATUSES).describe('open until a moderator decides'),
  decisionId: z.number().int().nullable().describe('the decision that closed it (its statement: /decisions/{id})'),
  createdAt: time,
})

export const queuedTargetShape = z.strictObject({
  target: reportTargetShape,
  openReports: z.number().int().describe('open reports of it, one per reporter'),
  firstReportedAt: time.describe('when its oldest open report was filed'),
  reasons: z
    .strictObject(Object.fromEntries(REPORT_REASONS.map((r) => [r, z.number().int().optional()])))
    .describe('open reports by reason'),
})

export const moderatorShape = z.strictObject({
  address,
  moderator: z.boolean().describe('whether the wallet is a moderator now'),
  changed: z.boolean().describe('false when it already was (or was not)'),
})

const decisionTargetShape = z.union([
  reportTargetShape,
  z.strictObject({ kind: z.literal('contract'), chainId: z.number().int(), address }),
])

/** A decision and its statement of reasons. */
export const decisionShape = z.strictObject({
  id: z.number().int(),
  action: z.enum(DECISION_ACTIONS),
  actionLabel: z.string(),
  target: decisionTargetShape,
  category: z.enum(DECISION_CATEGORIES),
  categoryLabel: z.string(),
  reason: z.string().describe('the free text whom it concerns is told'),
  decidedBy: address,
  source: z.string().nullable().describe("a shared list's URL when applied from one; null when decided here"),
  decidedAt: time,
  inForce: z.boolean().describe('false once reversed (and always for dismiss)'),
  reversedAt: time.nullable(),
  reversedBy: address.nullable(),
  reversalReason: z.string().nullable(),
})

export const decisionTakenShape = decisionShape.extend({
  reportsClosed: z.number().int().describe('open reports of the target this decision closed'),
  concerned: z.array(address).describe('whom it concerns: told of it, and may appeal'),
})

const appealFields = {
  id: z.number().int(),
  decisionId: z.number().int(),
  appellant: address,
  statement: z.string(),
  status: z.enum(APPEAL_STATUSES),
  outcome: z.string().nullable(),
  decidedBy: address.nullable(),
  createdAt: time,
  decidedAt: time.nullable(),
}
export const appealShape = z.strictObject(appealFields)
export const queuedAppealShape = z.strictObject({ ...appealFields, decision: decisionShape })
export const filedAppealShape = z.strictObject({
  id: z.number().int(),
  decisionId: z.number().int(),
  status: z.literal('open'),
})
export const decidedAppealShape = z.strictObject({
  id: z.number().int(),
  status: z.enum(['upheld', 'reversed']),
  decision: decisionShape,
})

export const auditEntryShape = z.strictObject({
  id: z.number().int(),
  at: time,
  actor: address,
  event: z.enum(AUDIT_EVENTS),
  subject: z
    .string()
    .describe('`item:12`, `collection:3`, `profile:0x…`, `contract:1:0x…`, `moderator:0x…`, `decision:4`'),
  reason: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
})

export const moderationRoleShape = z.strictObject({
  address,
  role: z.enum(['operator', 'moderator']).nullable(),
  writableUntil: time.nullable().describe('until when this sign-in may make moderation writes'),
})

export const staffShape = z.strictObject({
  operators: z.array(address),
  moderators: z.array(z.strictObject({ address, grantedBy: address, grantedAt: time })),
})

export const pageOf = (item: z.ZodType) =>
  z.strictObject({
    data: z.array(item),
    nextCursor: z.string().nullable().describe('pass back as `cursor` for the next page; null on the last'),
  })

/** A single answer: `{ data: {...} }`. */
export const oneOf = (item: z.ZodType) => z.strictObject({ data: item })

/*
 * The shapes above describe what the queries build; these ties let the compiler hold them to it.
 * A key on one side only is named in the error (StrayKeys), and each side's types must fit the other.
 */
type StrayKeys<Shape extends z.ZodType, Json> =
  Exclude<keyof Json, keyof z.output<Shape>> | Exclude<keyof z.output<Shape>, keyof Json>
type SameTypes<Shape extends z.ZodType, Json> = [Json] extends [z.output<Shape>]
  ? [z.output<Shape>] extends [Json]
    ? true
    : false
  : false
type None<Keys extends never> = Keys
type Holds<Check extends true> = Check

export type ShapeTies = [
  None<StrayKeys<typeof traitShape, TraitJson>>,
  Holds<SameTypes<typeof traitShape, TraitJson>>,
  None<StrayKeys<typeof traitsPageShape, TraitsPage>>,
  Holds<SameTypes<typeof traitsPageShape, TraitsPage>>,
  None<StrayKeys<typeof nftShape, NftJson>>,
  Holds<SameTypes<typeof nftShape, NftJson>>,
  None<StrayKeys<typeof userNftShape, UserNftJson>>,
  Holds<SameTypes<typeof userNftShape, UserNftJson>>,
  None<StrayKeys<typeof collectionShape, CollectionJson>>,
  Holds<SameTypes<typeof collectionShape, CollectionJson>>,
  None<StrayKeys<typeof userShape, ReturnType<typeof toUserJson>>>,
  Holds<SameTypes<typeof userShape, ReturnType<typeof toUserJson>>>,
  None<StrayKeys<typeof notificationShape, NotificationJson>>,
  Holds<SameTypes<typeof notificationShape, NotificationJson>>,
  None<StrayKeys<typeof ownReportShape, OwnReport>>,
  None<StrayKeys<typeof queuedTargetShape, QueuedTarget>>,
  None<StrayKeys<typeof decisionShape, DecisionJson>>,
  None<StrayKeys<typeof auditEntryShape, AuditEntry>>,
]
type QueuedTarget = Awaited<ReturnType<typeof listReportQueue>>['data'][number]
type NotificationJson = Awaited<ReturnType<typeof listNotifications>>['data'][number]
