/**
 * What shared lists take (ADR 48): the signed document a subscriber reads, the signature an
 * operator sends for the draft, and a subscription. No transform touches a value the signature
 * covers: what is checked is what was signed.
 */
import { z } from './zod'
import { LISTED_COLLECTION_CATEGORIES, LISTED_ITEM_CATEGORIES } from '../../chain/shared-list'
import { addressSchema } from './fields'

/** The most entries of each kind a list may carry (a document of both is under MAX_LIST_BYTES). */
export const MAX_LIST_ENTRIES = 10_000
/** The largest document a subscriber reads. */
export const MAX_LIST_BYTES = 4 * 1024 * 1024

const hexAddress = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed 20-byte hex address')
const whole = z
  .number({ error: 'must be a whole number' })
  .int()
  .nonnegative()
  .max(2 ** 40)
const chainId = z
  .number({ error: 'must be a chain id' })
  .int('must be a chain id')
  .positive()
  .max(2 ** 40)

export const listedItemSchema = z.strictObject({
  chainId,
  contract: hexAddress,
  tokenId: z.string().regex(/^(0|[1-9]\d{0,77})$/, 'must be a token id in decimal'),
  category: z.enum(LISTED_ITEM_CATEGORIES, { error: `must be ${LISTED_ITEM_CATEGORIES.join(' or ')}` }),
})

export const listedCollectionSchema = z.strictObject({
  chainId,
  contract: hexAddress,
  category: z.enum(LISTED_COLLECTION_CATEGORIES, { error: `must be ${LISTED_COLLECTION_CATEGORIES.join(' or ')}` }),
})

export const sharedListSchema = z.strictObject({
  issuer: hexAddress,
  origin: z.string().max(200, 'is too long'),
  sequence: whole,
  issuedAt: whole,
  expiresAt: whole,
  items: z.array(listedItemSchema).max(MAX_LIST_ENTRIES, `must have at most ${MAX_LIST_ENTRIES} entries`),
  collections: z.array(listedCollectionSchema).max(MAX_LIST_ENTRIES, `must have at most ${MAX_LIST_ENTRIES} entries`),
})

const signatureSchema = z.string().regex(/^0x[0-9a-fA-F]{130}$/, 'must be a 65-byte signature in hex')

/** A signed list, as published and as read. */
export const sharedListDocumentSchema = z.strictObject({ list: sharedListSchema, signature: signatureSchema })

/** The draft to sign: how many days the list holds before readers refuse it. */
export const listDraftInput = z.strictObject({
  days: z.coerce.number({ error: 'must be a number of days' }).int().min(1).max(365).default(30),
})

/** The draft, signed: published as it is once the server checked it. */
export const signListInput = sharedListDocumentSchema

export const subscribeInput = z.strictObject({
  url: z
    .string()
    .trim()
    .max(2000, 'is too long')
    .regex(/^https?:\/\//i, 'must be an http(s) URL'),
  /** Suggestions only (false), or decisions taken at once (true: needs the signer). */
  trusted: z.boolean({ error: 'must be true or false' }).default(false),
  /** The operator wallet expected to sign it; absent, the first list read names it (not for a trusted list). */
  signer: addressSchema.optional(),
})

export const subscriptionIdInput = z.strictObject({
  id: z.coerce.number({ error: 'must be a subscription id' }).int().positive('must be a subscription id'),
})
