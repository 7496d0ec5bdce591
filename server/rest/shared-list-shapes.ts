/**
 * What the shared-list operations answer (ADR 48), as zod schemas for openapi.json; held to the
 * answers in tests/integration/openapi.test.ts. Beside shapes.ts, which the rest of the API uses.
 */
import { z } from 'zod'
import { SHARED_LIST_DOMAIN } from '../../chain/shared-list'
import { sharedListDocumentSchema, sharedListSchema } from '../inputs/shared-lists'
import type { subscriptionJson } from '../queries/shared-lists'

const address = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/)
  .describe('EIP-55 checksummed address')
const time = z.iso.datetime().describe('ISO 8601, UTC')

export const sharedListShape = sharedListDocumentSchema.describe(
  'The list, and its issuer’s EIP-712 signature over it (domain "Vitrine shared list", version 1)',
)

export const listDraftShape = z.strictObject({
  domain: z.strictObject({ name: z.literal(SHARED_LIST_DOMAIN.name), version: z.literal(SHARED_LIST_DOMAIN.version) }),
  types: z.record(z.string(), z.array(z.strictObject({ name: z.string(), type: z.string() }))),
  primaryType: z.literal('SharedList'),
  message: sharedListSchema,
})

export const publishedListShape = z.strictObject({
  sequence: z.number().int(),
  issuer: address,
  entries: z.number().int().nonnegative(),
  expiresAt: time,
})

export const subscriptionShape = z.strictObject({
  id: z.number().int(),
  url: z.string(),
  signer: address.describe('the operator wallet whose signature each list read must carry'),
  trusted: z.boolean().describe('entries are decided at once (true) or filed as reports by the signer (false)'),
  subscribedBy: address,
  sequence: z.number().int().describe('of the last list read'),
  issuedAt: time,
  expiresAt: time,
  fetchedAt: time.describe('the last read that succeeded'),
  lastError: z.string().nullable().describe('why the last read was refused; null when it succeeded'),
  nextFetchAt: time,
  entries: z.number().int().nonnegative(),
  notHere: z
    .number()
    .int()
    .nonnegative()
    .describe('entries naming nothing on this marketplace yet, looked for at each read'),
}) satisfies z.ZodType<ReturnType<typeof subscriptionJson>>

export const subscriptionReadShape = subscriptionShape.extend({
  read: z
    .strictObject({
      suggested: z.number().int().describe('reports filed by the signer'),
      applied: z.number().int().describe('decisions taken at once (a trusted list)'),
      already: z.number().int().describe('already decided here, or already suggested'),
      reversed: z.number().int().describe('decisions reversed since the list dropped their entry'),
      more: z.boolean().describe('entries were left for the next read, due within the minute'),
    })
    .describe('what this read did'),
})

export const unsubscribedShape = z.strictObject({ id: z.number().int(), subscribed: z.literal(false) })
