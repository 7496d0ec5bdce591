import { TRPCError } from '@trpc/server'
import { hitRateLimit } from '../http/rate-limit'
import type { RateAction } from '../platform/rate-limits'
import type { Context } from './init'

/**
 * Counts a call of a limited procedure (by its client, or `subject`), before it does anything. Over the limit it fails with
 * TOO_MANY_REQUESTS; the HTTP answer carries Retry-After (server/app.ts, responseMeta).
 */
export async function limitRate(
  ctx: Pick<Context, 'db' | 'env' | 'request'>,
  action: RateAction,
  subject?: string,
): Promise<void> {
  const refused = await hitRateLimit(ctx, action, Date.now(), subject)
  if (refused) throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: refused.message, cause: refused })
}
