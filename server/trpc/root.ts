import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server'
import { createCallerFactory, router } from './init'
import { healthQuery } from './routers/health'

/** Every domain router, one line each. */
export const appRouter = router({
  health: healthQuery,
})

export type AppRouter = typeof appRouter
export type RouterInputs = inferRouterInputs<AppRouter>
export type RouterOutputs = inferRouterOutputs<AppRouter>
export const createCaller = createCallerFactory(appRouter)
