/**
 * GET /api/v1/openapi.json: the REST API described from the same zod schemas that validate it.
 */
import { z } from 'zod'
import { COLLECTION_TABS, RANKING_PERIODS } from '../queries/collections'
import { USER_NFT_FILTERS } from '../queries/users'
import { ACTIVITY_TYPES } from '../../db/schema'
import {
  addressSchema,
  categoryFilterSchema,
  chainFilterSchema,
  cursorSchema,
  booleanParam,
  idOrSlugSchema,
  limitSchema,
} from '../inputs/fields'
import { nftListInput, tokenInput } from '../inputs/nfts'
import { TRAIT_VALUES_MAX, traitsInput } from '../inputs/traits'
import { searchInput } from '../inputs/search'
import { SWEEP_MAX_COUNT, sweepInput } from '../inputs/sweep'
import { HISTORY_MAX_DAYS, historyIntervalSchema, historyRangeSchema } from '../inputs/history'
import { userNameSchema } from '../inputs/profile'
import { MAX_BULK_ORDERS, submitBulkListingsInput, submitOrderInput } from '../trading/order-input'
import { importCollectionInput } from '../inputs/collections'
import { markReadInput, notificationListInput } from '../inputs/notifications'
import { emailConfirmInput } from '../inputs/notification-email'
import { legalNoticeInput } from '../inputs/legal-notices'
import { moderatorInput, reportInput, reportPageInput } from '../inputs/moderation'
import { listDraftInput, signListInput, subscribeInput, subscriptionIdInput } from '../inputs/shared-lists'
import {
  listDraftShape,
  publishedListShape,
  sharedListShape,
  subscriptionReadShape,
  subscriptionShape,
  unsubscribedShape,
} from './shared-list-shapes'
import {
  appealInput,
  auditExportInput,
  auditPageInput,
  decideAppealInput,
  decideInput,
  decisionIdInput,
  reverseInput,
  targetDecisionsInput,
} from '../inputs/decisions'
import {
  bulkListingResultShape,
  criteriaOfferShape,
  criteriaProofShape,
  criteriaShape,
  chainShape,
  collectionPageShape,
  collectionShape,
  errorShape,
  hiddenShape,
  filedReportShape,
  moderatorShape,
  appealShape,
  auditEntryShape,
  decidedAppealShape,
  decisionShape,
  decisionTakenShape,
  filedAppealShape,
  moderationRoleShape,
  queuedAppealShape,
  staffShape,
  ownReportShape,
  queuedTargetShape,
  eventShape,
  historyShape,
  sweepShape,
  markedReadShape,
  nftDetailShape,
  nftShape,
  notificationPageShape,
  sentLegalNoticeShape,
  oneOf,
  orderShape,
  pageOf,
  rankingShape,
  searchShape,
  traitsPageShape,
  submittedOrderShape,
  userNftShape,
  userShape,
} from './shapes'

type Shape = Record<string, z.ZodType>

/** OpenAPI 3.1 schemas are JSON Schema 2020-12 already: no `$schema` of their own. */
function toSchema(schema: z.ZodType, io: 'input' | 'output') {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' })
  return rest
}
const jsonSchema = (schema: z.ZodType) => toSchema(schema, 'input')
/** Query parameters that may be given more than once (`trait=…&trait=…`). */
const REPEATABLE = new Set(['trait', 'traitRange'])
const queryParams = (shape: Shape) =>
  Object.entries(shape).map(([name, schema]) =>
    REPEATABLE.has(name)
      ? {
          name,
          in: 'query',
          required: false,
          description: schema.description,
          style: 'form',
          explode: true,
          schema: { type: 'array', items: { type: 'string' }, maxItems: TRAIT_VALUES_MAX },
        }
      : { name, in: 'query', required: false, schema: jsonSchema(schema) },
  )
const pathParam = (name: string, schema: z.ZodType) => ({
  name,
  in: 'path',
  required: true,
  schema: jsonSchema(schema),
})

/** What each error status means, in the one error shape (shapes.ts `errorShape`). */
const ERRORS = {
  400: 'Bad input, named as `field: problem` (a query parameter the operation does not take included)',
  401: 'Not signed in',
  403: 'Signed in as another wallet, a cross-site write, or (moderation) not an operator or moderator, or a sign-in older than 15 minutes',
  404: 'Not found, naming what',
  409: 'Conflicts with what is stored (the order was already submitted, the wallet already has an open report of it, a decision of this kind is already in force)',
  413: 'The request body is too large',
  429: 'Too many requests: wait Retry-After seconds',
  503: 'The chain does not answer right now, or the database is busy with another write (code DATABASE_BUSY, with Retry-After)',
} as const
type ErrorStatus = keyof typeof ERRORS
const errors = (...statuses: ErrorStatus[]) =>
  Object.fromEntries(
    statuses.map((status) => [
      status,
      { description: ERRORS[status], content: { 'application/json': { schema: toSchema(errorShape, 'output') } } },
    ]),
  )

/** A write refused while another process holds the database's write lock: it can be tried again. */
const databaseBusy = {
  503: {
    description: 'The database is busy with another write (code DATABASE_BUSY): try again after Retry-After seconds',
    headers: {
      'Retry-After': {
        description: 'Seconds to wait before trying again',
        required: true,
        schema: { type: 'integer', minimum: 1 },
      },
    },
    content: {
      'application/json': {
        schema: toSchema(
          z.strictObject({ error: z.strictObject({ code: z.literal('DATABASE_BUSY'), message: z.string() }) }),
          'output',
        ),
      },
    },
  },
}

/** A success answer described by its shape (shapes.ts), with the errors it may have instead. */
const answer = (description: string, shape: z.ZodType, errorStatuses: ErrorStatus[], status = 200) => ({
  [status]: { description, content: { 'application/json': { schema: toSchema(shape, 'output') } } },
  ...errors(...errorStatuses),
})
const page = (description: string, item: z.ZodType, errorStatuses: ErrorStatus[] = [400]) =>
  answer(`${description}: { data: [...], nextCursor }`, pageOf(item), errorStatuses)
const one = (description: string, item: z.ZodType) => answer(`${description}: { data: {...} }`, oneOf(item), [400, 404])

/** The answers of what this marketplace hid (server/queries/hidden.ts): 410, or 451 for a legal reason. */
const hiddenAnswers = (what: string) => ({
  410: {
    description: `${what} hidden by this marketplace: the decision's category, reason and date (code GONE)`,
    content: { 'application/json': { schema: toSchema(hiddenShape('GONE'), 'output') } },
  },
  451: {
    description: `${what} hidden by this marketplace for a legal reason (code UNAVAILABLE_FOR_LEGAL_REASONS)`,
    content: { 'application/json': { schema: toSchema(hiddenShape('UNAVAILABLE_FOR_LEGAL_REASONS'), 'output') } },
  },
})

const nftQuery = nftListInput.shape as unknown as Shape
const nftQueryWithoutCollection = Object.fromEntries(Object.entries(nftQuery).filter(([k]) => k !== 'collection'))

export const openApiDocument = {
  openapi: '3.1.0',
  info: {
    title: 'Vitrine REST API',
    version: '1',
    description:
      "Lists use keyset pagination: pass nextCursor back as cursor. Prices are exact: wei and ETH as decimal text. Addresses are EIP-55 checksummed in every answer and accepted in any case. A query parameter an operation does not list is a 400 naming it. A method a path does not take is a 405 METHOD_NOT_ALLOWED with an Allow header; OPTIONS answers 204 with Allow. A write without this site's Origin must send JSON or the header X-Vitrine-Client (any value). Every error is { error: { code, message, details? } }.",
  },
  servers: [{ url: '/api/v1' }],
  paths: {
    '/nfts': {
      get: {
        summary: 'List NFTs with sort and filters',
        parameters: queryParams(nftQuery),
        responses: { ...page('NFTs', nftShape, [400, 404]), ...hiddenAnswers('The collection named') },
      },
    },
    '/nfts/{id}': {
      get: {
        summary: 'One NFT with listings and offers',
        parameters: [pathParam('id', z.number().int().positive())],
        responses: {
          ...one(
            'NFT with its open listings and offers (each says whether it can be filled now, and why not), the fees its orders carry and its moderation marks',
            nftDetailShape,
          ),
          ...hiddenAnswers('The NFT (or its collection)'),
        },
      },
    },
    '/nfts/{chainId}/{contract}/{tokenId}': {
      get: {
        summary: 'One NFT found by chain, contract and token id (the same answer as /nfts/{id})',
        parameters: Object.entries(tokenInput.shape).map(([name, schema]) => pathParam(name, schema)),
        responses: {
          ...one(
            'NFT with its open listings and offers (each says whether it can be filled now, and why not), the fees its orders carry and its moderation marks',
            nftDetailShape,
          ),
          ...hiddenAnswers('The NFT (or its collection)'),
        },
      },
    },
    '/auth/nonce': {
      get: {
        summary: 'A single-use nonce for a Sign-In with Ethereum message',
        description:
          'Put it in the EIP-4361 message, sign the message with the wallet, then POST `message`, `signature` and `csrfToken` (from GET /api/auth/csrf) form-encoded to /api/auth/callback/siwe. Each nonce signs in once, within 10 minutes. Never cached.',
        responses: {
          ...answer(
            '{ data: { nonce } }',
            oneOf(z.strictObject({ nonce: z.string().regex(/^[A-Za-z0-9]{8,}$/) })),
            [400, 429],
          ),
          ...databaseBusy,
        },
      },
    },
    '/notifications/email/confirm': {
      get: {
        summary: 'Confirm an email address for notifications (the link mailed to it)',
        description:
          "Spends the link's single-use token (valid 24 hours) and redirects to the wallet's settings page with `?email=confirmed`, `?email=expired` or `?email=invalid` (a token that matches no wallet: the signed-in wallet's page, else the home page). Never cached.",
        parameters: queryParams(emailConfirmInput.shape as unknown as Shape).map((p) => ({ ...p, required: true })),
        responses: {
          303: {
            description: 'To /profile/{address}?email=confirmed|expired|invalid, or /?email=invalid',
            headers: { Location: { required: true, schema: { type: 'string' } } },
          },
          ...errors(400),
          ...databaseBusy,
        },
      },
    },
    '/users': {
      post: {
        summary: "Create or rename the signed-in wallet's user (401 signed out, 403 other address)",
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: jsonSchema(z.object({ walletAddress: addressSchema, userName: userNameSchema })),
            },
          },
        },
        responses: {
          ...answer(
            '{ data: { message, user } }',
            oneOf(z.strictObject({ message: z.string(), user: userShape })),
            [400, 401, 403, 413],
          ),
          ...databaseBusy,
        },
      },
    },
    '/users/{address}': {
      get: {
        summary: 'A user',
        parameters: [pathParam('address', addressSchema)],
        responses: { ...one('User', userShape), ...hiddenAnswers('The profile') },
      },
    },
    '/users/{filter}/{walletAddress}': {
      get: {
        summary:
          'Profile NFTs: owned (ERC-721 tokens, then ERC-1155 balances, with quantities), created, on sale or favorited',
        parameters: [
          pathParam('filter', z.enum(USER_NFT_FILTERS)),
          pathParam('walletAddress', addressSchema),
          ...queryParams({ cursor: cursorSchema, limit: limitSchema }),
        ],
        responses: page('NFTs', userNftShape),
      },
    },
    '/collections': {
      get: {
        summary: 'Collections by tab, or the featured ones',
        description:
          '`featured=true` lists only the collections this marketplace features, newest featured first (`tab` is then not used; `category` and `chain` still narrow it). A hidden or spam collection is never listed as featured.',
        parameters: queryParams({
          tab: z.enum(COLLECTION_TABS).optional(),
          category: categoryFilterSchema,
          chain: chainFilterSchema,
          cursor: cursorSchema,
          limit: limitSchema,
          featured: booleanParam.optional(),
        }),
        responses: page('Collections', collectionShape),
      },
    },
    '/collections/import': {
      post: {
        summary: 'Import any ERC-721 or ERC-1155 collection by contract address (needs a session)',
        description:
          "The server reads the contract: ERC-165 for the standard, what it has of name, symbol, owner, contractURI (ERC-7572) and EIP-2981 royalties, and the block it was deployed in. The collection starts unverified, and `indexing` follows its backfill of transfers from that block. A 400 names the problem: a chain Vitrine does not index, an address without code or a wallet's, a contract that is neither ERC-721 nor ERC-1155. A contract this marketplace blocked is a 403 naming the decision's category and reason. Rate-limited per client (RATE_LIMITS `import`).",
        requestBody: {
          required: true,
          content: { 'application/json': { schema: jsonSchema(importCollectionInput) } },
        },
        responses: {
          ...answer('Imported: { data: collection }, indexing pending', oneOf(collectionShape), [], 202),
          ...answer('Already known: { data: collection }', oneOf(collectionShape), [400, 401, 403, 413, 429, 503]),
        },
      },
    },
    '/collections/{idOrSlug}': {
      get: {
        summary: 'One collection with stats',
        parameters: [pathParam('idOrSlug', idOrSlugSchema)],
        responses: {
          ...one('Collection with its moderation marks', collectionPageShape),
          ...hiddenAnswers('The collection'),
        },
      },
    },
    '/collections/{idOrSlug}/traits': {
      get: {
        summary:
          "A collection's trait values, each with its token count and floor, a bounded page at a time: the 30 most common types, each with its 20 most common values, then `cursor` for the next types; with `type`, that type's values, 200 a page",
        description:
          '`types` says how many values each type has (those not in `data` were left out: ask with `type`) and `typesLeft` how many types follow. `limit`: types a page (at most 30), or with `type` values a page (at most 200). `q` keeps values containing the text (any case).',
        parameters: [
          pathParam('idOrSlug', idOrSlugSchema),
          ...queryParams({
            type: traitsInput.shape.type,
            q: traitsInput.shape.q,
            limit: traitsInput.shape.limit,
            cursor: traitsInput.shape.cursor,
          }),
        ],
        responses: {
          ...answer('{ data: [trait value], types, typesLeft, nextCursor }', traitsPageShape, [400, 404]),
          ...hiddenAnswers('The collection'),
        },
      },
    },
    '/collections/{idOrSlug}/offers': {
      get: {
        summary: "A collection's open collection and trait offers, the highest first (at most 10)",
        parameters: [pathParam('idOrSlug', idOrSlugSchema)],
        responses: {
          ...answer('{ data: [criteria offer] }', oneOf(z.array(criteriaOfferShape)), [400, 404]),
          ...hiddenAnswers('The collection'),
        },
      },
    },
    '/collections/{idOrSlug}/criteria': {
      get: {
        summary: 'The criteria a trait offer signs: the Merkle root of the ids of the tokens carrying a trait now',
        description:
          "Sign the root as the identifierOrCriteria of the offer's first consideration item (itemType 4 for ERC-721, 5 for ERC-1155) and send the trait with the order to POST /offers. Leaves are keccak256 of each id as a 32-byte word, sorted, pairs hashed in sorted order (as seaport-js builds them). Only these tokens can fill the offer: a token that gains the trait later is not covered. A trait no token carries is a 400.",
        parameters: [pathParam('idOrSlug', idOrSlugSchema), ...queryParams({ trait: z.string() })],
        responses: {
          ...answer('{ data: { type, value, root, tokenIds } }', oneOf(criteriaShape), [400, 404]),
          ...hiddenAnswers('The collection'),
        },
      },
    },
    '/collections/{idOrSlug}/history': {
      get: {
        summary: "A collection's floor, volume and sales per UTC day or hour, oldest first",
        description: `Buckets end with the current (partial) one. \`range\` 7d or 30d: that many days of buckets; \`all\` (daily only): from the first bucket with a sale or a known floor, at most ${HISTORY_MAX_DAYS} days back. Hourly buckets reach back at most 30 days (range=all with interval=hour is a 400). A bucket's floor is the lowest live listing price during it, carried from the bucket before when it did not change; volume is exact wei.`,
        parameters: [
          pathParam('idOrSlug', idOrSlugSchema),
          ...queryParams({ interval: historyIntervalSchema.optional(), range: historyRangeSchema.optional() }),
        ],
        responses: {
          ...answer(
            '{ data: { interval, range, buckets: [{ start, floor, volume, sales }] } }',
            oneOf(historyShape),
            [400, 404],
          ),
          ...hiddenAnswers('The collection'),
        },
      },
    },
    '/collections/{idOrSlug}/sweep': {
      get: {
        summary:
          'A sweep: the `count` cheapest fillable fixed-price listings of the collection whose running total stays within `maxTotal` ETH, cheapest first',
        description: `At most ${SWEEP_MAX_COUNT} tokens. An ERC-1155 listing may give several (\`units\`). \`buyer\` leaves out that address's own listings. When the maximum does not buy one, or too few are listed, \`items\` holds what fits and \`message\` says why. Buy them in one Seaport \`fulfillAvailableAdvancedOrders\` (docs/trading.md).`,
        parameters: [
          pathParam('idOrSlug', idOrSlugSchema),
          ...queryParams({
            count: sweepInput.shape.count,
            maxTotal: sweepInput.shape.maxTotal,
            buyer: sweepInput.shape.buyer,
          }),
        ],
        responses: {
          ...answer('{ data: { count, maxTotal, total, items, message } }', oneOf(sweepShape), [400, 404]),
          ...hiddenAnswers('The collection'),
        },
      },
    },
    '/marketplace/filterNFTbyCollection/{idOrSlug}': {
      get: {
        summary: "A collection's NFTs (same query as /nfts)",
        parameters: [pathParam('idOrSlug', idOrSlugSchema), ...queryParams(nftQueryWithoutCollection)],
        responses: { ...page('NFTs', nftShape, [400, 404]), ...hiddenAnswers('The collection') },
      },
    },
    '/rankings': {
      get: {
        summary: 'Collections ranked by sales volume over a period',
        parameters: queryParams({
          period: z.enum(RANKING_PERIODS).optional(),
          category: categoryFilterSchema,
          chain: chainFilterSchema,
          cursor: z.string().optional(),
          limit: limitSchema,
        }),
        responses: page('Rankings', rankingShape),
      },
    },
    '/activity': {
      get: {
        summary: 'Activity feed, newest first',
        description:
          'Filters combine: `type` (one kind of event) with `collection`, `nft` or `user` gives that kind within that scope, page after page by `cursor`. An unknown `type` is a 400 naming the kinds; an unknown `collection` a 404.',
        parameters: queryParams({
          type: z.enum(ACTIVITY_TYPES).optional(),
          collection: idOrSlugSchema.optional(),
          user: addressSchema.optional(),
          nft: z.number().int().positive().optional(),
          cursor: cursorSchema,
          limit: limitSchema,
        }),
        responses: { ...page('Events', eventShape, [400, 404]), ...hiddenAnswers('The collection named') },
      },
    },
    '/search': {
      get: {
        summary: 'Full-text search over NFTs, collections and users',
        description:
          'Every word of three characters or more, inside NFT names, collection names and descriptions, and usernames. Collections named as the query come first, then those holding every word in their name, then the rest, the most traded first within each; users by relevance; NFTs in id order. A query matching nothing is taken for a typo: collection and user names sharing its trigrams are shown. A query without a word of three characters finds collections and users whose names start with it.',
        parameters: [
          { name: 'q', in: 'query', required: true, schema: { type: 'string', minLength: 1, maxLength: 100 } },
          ...queryParams({ limit: searchInput.shape.limit }),
        ],
        responses: answer(
          '{ data: { nfts, collections, users } }, each at most `limit` long',
          oneOf(searchShape),
          [400],
        ),
      },
    },
    '/chain': {
      get: {
        summary: 'The networks Vitrine trades on',
        description:
          'Each configured chain: id, name, public RPC URL, the Seaport 1.6, conduit controller and WETH addresses (null where Vitrine has none), the platform fee, and the collection contracts indexed there.',
        responses: answer(
          '{ data: [{ id, name, rpcUrl, contracts, platformFee, collections }] }',
          oneOf(z.array(chainShape)),
          [400],
        ),
      },
    },
    '/listings': {
      post: orderSubmission(
        "A listing: one ERC-721, or several of one ERC-1155 token (a partial order, orderType 1, every amount a multiple of the quantity; buyers take part of it with fulfillAdvancedOrder), offered for ETH, fees as consideration items; an imported collection's creator earnings are its EIP-2981 royaltyInfo (the item's fees say so)",
      ),
    },
    '/listings/bulk': {
      post: {
        summary: `Many listings at once, as one Seaport bulk signature hands them out (at most ${MAX_BULK_ORDERS}). Needs a session for their offerer.`,
        description:
          "Each order is checked and stored as POST /listings would, on its own: one refused (a token the maker does not hold, a bad proof, a repeat) does not stop the others. The answer lists every order, in the request's order, as listed (with its id) or refused (with the message a single request would give). A signature may be the order's own or its bulk signature (the ECDSA signature, the order's 3-byte index in the tree, its Merkle proof). A chain that does not answer is a 503 for the whole request; what was stored before it stays, and sending it again answers those as conflicts.",
        requestBody: {
          required: true,
          content: { 'application/json': { schema: jsonSchema(submitBulkListingsInput) } },
        },
        responses: answer(
          '{ data: [{ status: "listed", id, orderHash, nftId } | { status: "refused", orderHash, code, message }] }',
          oneOf(z.array(bulkListingResultShape)),
          [400, 401, 413, 429, 503],
        ),
      },
    },
    '/offers': {
      post: orderSubmission(
        "An offer or auction bid: WETH offered for one ERC-721, or an offer for a stated quantity (at least 1) of one ERC-1155 token (its first consideration item, itemType 3, to the offerer; a partial order, orderType 1, every WETH amount a multiple of the quantity, so a holder may accept part of it with fulfillAdvancedOrder); fees as WETH consideration items, an imported collection's creator earnings its EIP-2981 royaltyInfo. ERC-1155 tokens are not auctioned: an offer on one may be accepted by any of its holders. A collection offer's first consideration item is a criteria item (itemType 4 for ERC-721, 5 for ERC-1155) with criteria 0 and the number of tokens wanted as its amount (orderType 1 when more than one); a trait offer's criteria is the root GET /collections/{idOrSlug}/criteria gives, with `trait` naming it",
      ),
    },
    '/notifications': {
      get: {
        summary: "The signed-in wallet's notifications, newest first (needs a session)",
        description:
          'What the bell shows: offers on tokens the wallet holds, being outbid, its listings sold, its offers accepted, its orders becoming unfillable, auctions it is in ending within the hour and ended, collections it added imported or failed. Kinds the wallet turned off for the site are left out. Never cached.',
        parameters: queryParams(notificationListInput.shape as unknown as Shape),
        responses: answer('{ data: [...], nextCursor, unread }', notificationPageShape, [400, 401]),
      },
    },
    '/notifications/read': {
      post: {
        summary: 'Mark some or all of the signed-in wallet’s notifications read (needs a session)',
        requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(markReadInput) } } },
        responses: answer('{ data: { marked, unread } }', markedReadShape, [400, 401, 403, 413]),
      },
    },
    '/reports': {
      post: {
        summary: 'Report an item, a collection or a profile to the moderators (needs a session)',
        description:
          'One open report per wallet and target (a second is a 409); an unknown target is a 404 naming it; at most `report` reports per wallet and window (429). The note is cleaned (no control or invisible characters) and bounded. Reports are read by the operators and moderators of this marketplace.',
        requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(reportInput) } } },
        responses: answer(
          'Filed: { data: { id, status: "open" } }',
          oneOf(filedReportShape),
          [400, 401, 404, 409, 429],
          201,
        ),
      },
      get: {
        summary: 'The queue: open reports grouped by target, most reported and oldest first (operators and moderators)',
        description: 'Keyset pages (`cursor`, `limit`). Never cached.',
        parameters: queryParams(reportPageInput.shape as unknown as Shape),
        responses: page(
          'Reported targets with their open reports counted by reason',
          queuedTargetShape,
          [400, 401, 403],
        ),
      },
    },
    '/legal-notices': {
      post: {
        summary: 'Send a legal notice about an item, a collection or a profile (no wallet needed)',
        description:
          'The content is a page of this site (`/item/…`, `/collection/…`, `/profile/…`, or its full URL), an item id or a wallet address; one that does not exist is a 404 naming it. `goodFaith` must be true. The notice is stored unconfirmed and a link is mailed to `email`: it enters the moderation queue (as a report with the chosen reason) only when that link is opened within 24 hours. At most `legal-notice` notices per client and `legal-notice-to` per address mailed, per window (429); 503 when this server sends no mail.',
        requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(legalNoticeInput) } } },
        responses: answer(
          'Stored, confirmation mailed: { data: { id, status } }',
          oneOf(sentLegalNoticeShape),
          [400, 404, 429, 503],
          202,
        ),
      },
    },
    '/legal-notices/confirm': {
      get: {
        summary: 'Confirm a legal notice (the link mailed to its sender)',
        description:
          "Spends the link's token: the notice enters the moderation queue, and the browser is sent to `/legal-notice?notice=confirmed`. A link opened again (`used`), too late (`expired`, after 24 hours) or unknown (`invalid`) changes nothing and says so. Never cached.",
        parameters: queryParams(emailConfirmInput.shape as unknown as Shape).map((p) => ({ ...p, required: true })),
        responses: {
          303: {
            description: 'To /legal-notice?notice=confirmed|used|expired|invalid',
            headers: { Location: { required: true, schema: { type: 'string' } } },
          },
          ...errors(400),
        },
      },
    },
    '/reports/mine': {
      get: {
        summary: "The signed-in wallet's own reports, newest first, with their status (needs a session)",
        description: 'Keyset pages (`cursor`, `limit`). Never cached.',
        parameters: queryParams(reportPageInput.shape as unknown as Shape),
        responses: page('Own reports', ownReportShape, [400, 401]),
      },
    },
    '/moderators': {
      post: {
        summary: 'Make a wallet a moderator (operators, signed in within 15 minutes)',
        description: 'An operator (named in OPERATORS) is refused with a 409: roles of operators are configuration.',
        requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(moderatorInput) } } },
        responses: answer(
          '{ data: { address, moderator: true, changed } }',
          oneOf(moderatorShape),
          [400, 401, 403, 409],
        ),
      },
      get: {
        summary: 'The operators and moderators of this marketplace (operators and moderators)',
        responses: answer('{ data: { operators, moderators } }', oneOf(staffShape), [400, 401, 403]),
      },
    },
    '/moderators/{address}': {
      delete: {
        summary: "Take a wallet's moderator role back (operators, signed in within 15 minutes)",
        description:
          'An operator cannot be revoked here (409): operators are named in OPERATORS, so the last one always stays.',
        parameters: [pathParam('address', moderatorInput.shape.address)],
        responses: answer(
          '{ data: { address, moderator: false, changed } }',
          oneOf(moderatorShape),
          [400, 401, 403, 409],
        ),
      },
    },
    '/moderation/me': {
      get: {
        summary: "The signed-in wallet's moderation role, and until when its sign-in allows moderation writes",
        responses: answer('{ data: { address, role, writableUntil } }', oneOf(moderationRoleShape), [400, 401]),
      },
    },
    '/decisions': {
      post: {
        summary:
          'Decide on a target: hide, flag stolen, mark spam, verify, feature, dismiss its reports, or block a contract',
        description:
          'Operators and moderators signed in within 15 minutes; `block_contract` only operators. Each action applies to some kinds of target (a 400 names them); one decision of each action in force per target (a second is a 409 naming the first). A decision closes the target’s open reports, purges the pages it changes, is appended to the audit log, and is told to whom it concerns.',
        requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(decideInput) } } },
        responses: answer('Taken: { data: decision }', oneOf(decisionTakenShape), [400, 401, 403, 404, 409], 201),
      },
      get: {
        summary: "A target's decisions, newest first, in force or reversed (operators and moderators)",
        parameters: queryParams(targetDecisionsInput.shape as unknown as Shape),
        responses: answer(
          '{ data: [decision] }',
          z.strictObject({ data: z.array(decisionShape) }),
          [400, 401, 403, 404],
        ),
      },
    },
    '/decisions/{id}': {
      get: {
        summary: 'A decision and its statement of reasons (public)',
        parameters: [pathParam('id', decisionIdInput.shape.id)],
        responses: one('The decision', decisionShape),
      },
    },
    '/decisions/{id}/reverse': {
      post: {
        summary: 'Reverse a decision in force, with a reason (operators and moderators, signed in within 15 minutes)',
        description: 'A decision already reversed, or one that only dismissed reports, is a 409.',
        parameters: [pathParam('id', reverseInput.shape.id)],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: jsonSchema(reverseInput.omit({ id: true })) } },
        },
        responses: answer('{ data: decision }', oneOf(decisionShape), [400, 401, 403, 404, 409]),
      },
    },
    '/appeals': {
      post: {
        summary: 'Appeal a decision in force (whom it concerns: owner, holder or creator, the profile’s wallet)',
        description: 'Anyone else is a 403; a second open appeal of the same decision is a 409.',
        requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(appealInput) } } },
        responses: answer(
          'Filed: { data: { id, decisionId, status } }',
          oneOf(filedAppealShape),
          [400, 401, 403, 404, 409, 429],
          201,
        ),
      },
      get: {
        summary: 'Open appeals, oldest first, each beside its decision (operators and moderators)',
        parameters: queryParams(auditPageInput.shape as unknown as Shape),
        responses: page('Open appeals', queuedAppealShape, [400, 401, 403]),
      },
    },
    '/appeals/mine': {
      get: {
        summary: "The signed-in wallet's appeals with their outcome",
        responses: answer('{ data: [appeal] }', z.strictObject({ data: z.array(appealShape) }), [400, 401]),
      },
    },
    '/appeals/{id}/decision': {
      post: {
        summary: 'Decide an appeal: upheld, or reversed (which reverses its decision)',
        parameters: [pathParam('id', decideAppealInput.shape.id)],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: jsonSchema(decideAppealInput.omit({ id: true })) } },
        },
        responses: answer('{ data: { id, status, decision } }', oneOf(decidedAppealShape), [400, 401, 403, 404, 409]),
      },
    },
    '/audit': {
      get: {
        summary: 'The audit log, newest first (operators)',
        description:
          'Every role change, decision, reversal and appeal: who, what, when, why, before and after. Appended only: the database refuses to change or delete an entry.',
        parameters: queryParams(auditPageInput.shape as unknown as Shape),
        responses: page('Audit entries', auditEntryShape, [400, 401, 403]),
      },
    },
    '/audit/export': {
      get: {
        summary: 'The whole audit log as a download, oldest first (operators)',
        parameters: queryParams(auditExportInput.shape as unknown as Shape),
        responses: {
          200: {
            description: 'CSV (RFC 4180, one row per entry, before and after as JSON) or a JSON array of entries',
            content: {
              'text/csv': { schema: { type: 'string' } },
              'application/json': { schema: { type: 'array', items: toSchema(auditEntryShape, 'output') } },
            },
          },
          ...errors(400, 401, 403),
        },
      },
    },
    '/shared-list': {
      get: {
        summary: "This marketplace's shared list: its stolen items and scam collections, signed by an operator",
        description:
          'Public and cacheable (5 minutes). Entries name tokens and collections by chain id and contract, never by this marketplace’s ids. A reader checks the EIP-712 signature (domain "Vitrine shared list", version 1), that the signer is the operator it expects, the expiry, and that the sequence does not go back. A 404 until an operator publishes one.',
        responses: answer('The signed list: { list, signature }', sharedListShape, [400, 404]),
      },
    },
    '/shared-list/draft': {
      get: {
        summary: 'The list to sign now, as EIP-712 typed data (operators)',
        description:
          'The decisions in force (items flagged or hidden as stolen, collections marked or hidden as spam or scam), the next sequence, issued now and valid `days` (default 30). Sign `message` with eth_signTypedData_v4, then send it to POST /shared-list/sign within the hour. Never cached.',
        parameters: queryParams(listDraftInput.shape as unknown as Shape),
        responses: answer('{ data: { domain, types, primaryType, message } }', oneOf(listDraftShape), [400, 401, 403]),
      },
    },
    '/shared-list/sign': {
      post: {
        summary: 'Publish the draft with an operator’s signature over it (operators, signed in within 15 minutes)',
        description:
          'The signer must be an operator (OPERATORS) and the list’s issuer; a list changed after signing is a 400, a draft older than an hour a 400, a list that no longer matches the decisions in force (or a sequence published already) a 409.',
        requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(signListInput) } } },
        responses: answer(
          'Published: { data: { sequence, issuer, entries, expiresAt } }',
          oneOf(publishedListShape),
          [400, 401, 403, 409, 413],
          201,
        ),
      },
    },
    '/shared-lists': {
      get: {
        summary: "Other marketplaces' lists this one follows (operators)",
        description: 'Never cached.',
        responses: answer('{ data: [...] }', z.strictObject({ data: z.array(subscriptionShape) }), [400, 401, 403]),
      },
      post: {
        summary: "Follow another marketplace's list by URL, or change how (operators, signed in within 15 minutes)",
        description:
          'The list is read at once through the SSRF-safe fetcher (a private address is refused, naming it) and checked: its signature, its signer (`signer`, or the first list read names it; a trusted list needs it), its expiry, its sequence. Refused, nothing is written. Each entry naming something here becomes a report by the signer (a suggestion), or with `trusted: true` a decision at once (flag stolen, mark spam) whose source is the URL. Read again every hour.',
        requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(subscribeInput) } } },
        responses: answer('{ data: { ...subscription, read } }', oneOf(subscriptionReadShape), [400, 401, 403]),
      },
    },
    '/shared-lists/{id}/refresh': {
      post: {
        summary: 'Read a followed list again now (operators, signed in within 15 minutes)',
        description: 'A refusal is kept on the subscription (`lastError`) and nothing else changes.',
        parameters: [pathParam('id', subscriptionIdInput.shape.id)],
        responses: answer('{ data: { ...subscription, read } }', oneOf(subscriptionReadShape), [400, 401, 403, 404]),
      },
    },
    '/shared-lists/{id}': {
      delete: {
        summary: 'Stop following a list (operators, signed in within 15 minutes)',
        description: 'The reports and decisions it led to stay, each reversible on its own.',
        parameters: [pathParam('id', subscriptionIdInput.shape.id)],
        responses: answer('{ data: { id, subscribed: false } }', oneOf(unsubscribedShape), [400, 401, 403, 404]),
      },
    },
    '/offers/{orderHash}/criteria': {
      get: {
        summary: "A token's proof for filling a collection or trait offer",
        description:
          "Pass it to Seaport's fulfillAdvancedOrder as a criteria resolver (orderIndex 0, side 1, index 0, identifier = tokenId, criteriaProof = proof). A collection offer takes any token and an empty proof; a token a trait offer does not cover is a 400 saying so; a token this marketplace flagged stolen is a 403 naming the flag.",
        parameters: [
          pathParam('orderHash', z.string().regex(/^0x[0-9a-fA-F]{64}$/)),
          ...queryParams({ tokenId: z.string().regex(/^\d+$/) }),
        ],
        responses: answer('{ data: { identifier, proof } }', oneOf(criteriaProofShape), [400, 403, 404]),
      },
    },
    '/orders/{orderHash}': {
      get: {
        summary: 'A stored order with its status (active, inactive, filled, cancelled, expired) and signature',
        parameters: [pathParam('orderHash', z.string().regex(/^0x[0-9a-fA-F]{64}$/))],
        responses: one('The order, its components and signature as a filler passes them to Seaport', orderShape),
      },
    },
  },
}

/** POST of a signed Seaport order; the server checks it against the chain before storing it. */
function orderSubmission(summary: string) {
  return {
    summary: `${summary}. Needs a session for the order's offerer.`,
    description:
      "Refused with a 4xx naming the problem: wrong shape, a missing platform fee or creator earnings, expired, a stale Seaport counter, a signature not by the offerer (its own, or a Seaport bulk signature whose index and proof lead to what the offerer signed), a maker who does not own or has not approved the token (listings) or lacks the WETH balance or allowance (offers), or a bid that misses an auction's reserve, the highest bid or its end. A token this marketplace flagged stolen is a 403 naming the flag.",
    requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(submitOrderInput) } } },
    responses: answer(
      'Stored: { data: { id, orderHash, nftId } }',
      oneOf(submittedOrderShape),
      [400, 401, 403, 404, 409, 413, 503],
      201,
    ),
  }
}
