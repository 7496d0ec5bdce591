/**
 * The JSON a client submits: a signed Seaport order, uint256 fields as strings in decimal or
 * 0x-hex (seaport-js writes the salt in hex, everything else in decimal).
 */
import { maxUint256 } from 'viem'
import { z } from 'zod'

const address = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed 20-byte address')
  .transform((a) => a.toLowerCase() as `0x${string}`)
const uint = z
  .string()
  .max(100, 'must be at most 2^256 − 1 (a uint256)')
  .regex(/^(\d+|0x[0-9a-fA-F]+)$/, 'must be a whole number written in decimal or as 0x-prefixed hex')
  .transform((v) => BigInt(v))
  .refine((v) => v <= maxUint256, 'must be at most 2^256 − 1 (a uint256)')
const bytes32 = z
  .string()
  .regex(/^0x[0-9a-fA-F]{64}$/, 'must be 32 bytes of hex')
  .transform((h) => h.toLowerCase() as `0x${string}`)

// Strict objects: a key Seaport's order does not have is a 400 naming it, not silently dropped.
const offerItem = z.strictObject({
  itemType: z.number().int().min(0).max(5),
  token: address,
  identifierOrCriteria: uint,
  startAmount: uint,
  endAmount: uint,
})

export const orderComponentsInput = z
  .strictObject({
    offerer: address,
    zone: address,
    offer: z.array(offerItem).min(1).max(10),
    consideration: z
      .array(offerItem.extend({ recipient: address }))
      .min(1)
      .max(10),
    orderType: z.number().int().min(0).max(4),
    startTime: uint,
    endTime: uint,
    zoneHash: bytes32,
    salt: uint,
    conduitKey: bytes32,
    counter: uint,
    /** Not signed: what fulfillOrder takes beside the components. seaport-js sends it; it must agree. */
    totalOriginalConsiderationItems: z.coerce.number().int().optional(),
  })
  .refine(
    (order) =>
      order.totalOriginalConsiderationItems === undefined ||
      order.totalOriginalConsiderationItems === order.consideration.length,
    { message: 'must be the number of consideration items', path: ['totalOriginalConsiderationItems'] },
  )
  .transform(({ totalOriginalConsiderationItems: _count, ...order }) => order)

/** Longer than any wallet's signature, EIP-6492's wrapped deployment included. */
const MAX_SIGNATURE_BYTES = 4096

export const submitOrderInput = z.strictObject({
  chainId: z.coerce.number().int().positive(),
  order: orderComponentsInput,
  signature: z
    .string()
    .max(2 + 2 * MAX_SIGNATURE_BYTES, `must be at most ${MAX_SIGNATURE_BYTES.toLocaleString('en')} bytes`)
    .regex(/^0x([0-9a-fA-F]{2})+$/, 'must be a hex signature')
    .describe(
      "The offerer's EIP-712 signature of the order: 65 bytes, 64 bytes (EIP-2098 compact), or what the offerer's smart wallet accepts (EIP-1271, EIP-6492)",
    ),
  trait: z
    .string()
    .max(600, 'must be at most 600 characters')
    .optional()
    .describe(
      'A trait offer only: the trait its criteria root covers, as `Type:Value` (a colon in the type escaped `\\:`); the root must be that of the tokens carrying it now (GET /collections/{idOrSlug}/criteria)',
    ),
})
export type SubmitOrderInput = z.infer<typeof submitOrderInput>

/** At most this many orders in one bulk request (Seaport's tree for them is 7 levels high). */
export const MAX_BULK_ORDERS = 100

export const submitBulkListingsInput = z.strictObject({
  chainId: z.coerce.number().int().positive(),
  orders: z
    .array(submitOrderInput.omit({ chainId: true }))
    .min(1, 'must hold at least one order')
    .max(MAX_BULK_ORDERS, `must hold at most ${MAX_BULK_ORDERS} orders; send the rest in another request`),
})
export type SubmitBulkListingsInput = z.infer<typeof submitBulkListingsInput>
