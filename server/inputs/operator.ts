/** What the operator's console takes of its own (tRPC operator.*); decisions' inputs are ./decisions.ts's. */
import { z } from './zod'

/** An imported collection to resume (paused) or retry (failed). */
export const retryImportInput = z.strictObject({
  collectionId: z.coerce
    .number({ error: 'must be a collection id' })
    .int('must be a collection id')
    .positive('must be a collection id'),
})
