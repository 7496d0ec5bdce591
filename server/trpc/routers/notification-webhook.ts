/**
 * The signed-in wallet's webhook: read it (never its secret), set it (a new secret, shown once),
 * give it a new secret (shown once), remove it, send it a test event, and read its delivery log.
 */
import { TRPCError } from '@trpc/server'
import { removeNotificationWebhook, rotateNotificationWebhookSecret, setNotificationWebhook } from '../../../db/market'
import { webhookLogInput, webhookUrlInput } from '../../inputs/notification-webhook'
import { newWebhookSecret, postWebhook } from '../../notify/webhook'
import { findWebhook, refusedWebhookUrl, webhookLog, webhookWithSecret } from '../../notify/webhook-settings'
import { protectedProcedure, router } from '../init'
import { limitRate } from '../rate-limit'

export const notificationWebhookRouter = router({
  get: protectedProcedure.query(({ ctx }) => findWebhook(ctx.db, ctx.address)),

  set: protectedProcedure.input(webhookUrlInput.strict()).mutation(async ({ ctx, input }) => {
    const refused = await refusedWebhookUrl(input.url, ctx.env)
    if (refused) throw new TRPCError({ code: 'BAD_REQUEST', message: refused })
    const secret = newWebhookSecret()
    await setNotificationWebhook(ctx.db, ctx.address, input.url, secret)
    return { ...(await findWebhook(ctx.db, ctx.address))!, secret }
  }),

  rotate: protectedProcedure.mutation(async ({ ctx }) => {
    const secret = newWebhookSecret()
    if (!(await rotateNotificationWebhookSecret(ctx.db, ctx.address, secret))) {
      throw new TRPCError({ code: 'NOT_FOUND', message: 'No webhook is set for this wallet.' })
    }
    return { ...(await findWebhook(ctx.db, ctx.address))!, secret }
  }),

  remove: protectedProcedure.mutation(async ({ ctx }) => {
    await removeNotificationWebhook(ctx.db, ctx.address)
    return null
  }),

  /** One signed `notification.test` event now; answers what the endpoint did with it. */
  test: protectedProcedure.mutation(async ({ ctx }) => {
    await limitRate(ctx, 'webhook-test')
    const hook = await webhookWithSecret(ctx.db, ctx.address)
    if (!hook) throw new TRPCError({ code: 'NOT_FOUND', message: 'No webhook is set for this wallet.' })
    const now = new Date()
    const id = `msg_vitrine_test_${crypto.randomUUID()}`
    const payload = {
      type: 'notification.test',
      timestamp: now.toISOString(),
      data: {
        recipient: ctx.address,
        title: 'Test event',
        body: 'Your webhook is reached and can verify Vitrine’s signature.',
      },
    }
    return postWebhook(hook.url, hook.secret, id, payload, {
      allowHosts: ctx.env.metadataFetch.allowHosts,
    })
  }),

  deliveries: protectedProcedure
    .input(webhookLogInput)
    .query(({ ctx, input }) => webhookLog(ctx.db, { ...input, address: ctx.address, origin: ctx.env.siteOrigins[0]! })),
})
