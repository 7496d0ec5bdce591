import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server'
import { createCallerFactory, router } from './init'
import { activityRouter } from './routers/activity'
import { chainRouter } from './routers/chain'
import { createRouter } from './routers/create'
import { collectionRouter } from './routers/collection'
import { healthQuery } from './routers/health'
import { legalNoticesRouter } from './routers/legal-notices'
import { marketRouter } from './routers/market'
import { moderationRouter } from './routers/moderation'
import { operatorRouter } from './routers/operator'
import { nftRouter } from './routers/nft'
import { notificationEmailRouter } from './routers/notification-email'
import { notificationWebhookRouter } from './routers/notification-webhook'
import { notificationProcedures } from './routers/notifications'
import { rankingRouter } from './routers/ranking'
import { searchRouter } from './routers/search'
import { sharedListRouter } from './routers/shared-lists'
import { nonceMutation, sessionQuery, signOutEverywhereMutation } from './routers/session'
import { siteRouter } from './routers/site'
import { statementsRouter } from './routers/statements'
import { userRouter } from './routers/user'
import { walletQuery } from './routers/wallet'

/** Every domain router, one line each. */
export const appRouter = router({
  health: healthQuery,
  session: sessionQuery,
  siweNonce: nonceMutation,
  signOutEverywhere: signOutEverywhereMutation,
  wallet: walletQuery,
  chain: chainRouter,
  market: marketRouter,
  create: createRouter,
  nft: nftRouter,
  collection: collectionRouter,
  user: userRouter,
  ranking: rankingRouter,
  activity: activityRouter,
  search: searchRouter,
  site: siteRouter,
  moderation: moderationRouter,
  legalNotices: legalNoticesRouter,
  statements: statementsRouter,
  sharedList: sharedListRouter,
  operator: operatorRouter,
  notifications: router({
    ...notificationProcedures,
    email: notificationEmailRouter,
    webhook: notificationWebhookRouter,
  }),
})

export type AppRouter = typeof appRouter
export type RouterInputs = inferRouterInputs<AppRouter>
export type RouterOutputs = inferRouterOutputs<AppRouter>
export const createCaller = createCallerFactory(appRouter)
