import { QueryClient } from '@tanstack/react-query'
import { createRouter } from '@tanstack/react-router'
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query'
import type { TRPCClient } from '@trpc/client'
import type { AppRouter } from '../server/trpc/root'
import { ErrorPage } from './components/ErrorPage'
import { NotFoundPage } from './components/NotFoundPage'
import { cspNonce } from './lib/csp-nonce'
import { createTrpcOptions, type TrpcCaller } from './lib/trpc-options'
import { readQuery } from './lib/trpc-read'
import { routeTree } from './routeTree.gen'

export function getRouter() {
  const queryClient = new QueryClient({
    defaultOptions: {
      // Unused data is kept 60 s; no refetch on focus or reconnect.
      queries: { staleTime: 30_000, gcTime: 60_000, refetchOnWindowFocus: false, refetchOnReconnect: false },
    },
  })
  // The tRPC client is loaded on first use (ADR 29): on the server by the first loader's query (over
  // the local link), in the browser by the first write. Reads in the browser need no client.
  let client: Promise<TRPCClient<AppRouter>> | undefined
  const loadTrpcClient = () => (client ??= import('./lib/trpc').then(({ createTrpcClient }) => createTrpcClient()))
  let calls: Promise<TrpcCaller> | undefined
  const through = () =>
    (calls ??= Promise.all([import('./lib/trpc'), loadTrpcClient()]).then(([{ callsThrough }, c]) => callsThrough(c)))
  const trpc = createTrpcOptions(queryClient, {
    query: (path, input) =>
      typeof window === 'undefined' ? through().then((calls) => calls.query(path, input)) : readQuery(path, input),
    mutation: (path, input) => through().then((calls) => calls.mutation(path, input)),
  })

  const router = createRouter({
    routeTree,
    context: { queryClient, trpc, loadTrpcClient },
    scrollRestoration: true,
    defaultPreload: 'intent',
    defaultErrorComponent: ErrorPage,
    defaultNotFoundComponent: NotFoundPage,
    // The page's Content-Security-Policy runs inline scripts only with this response's nonce.
    ssr: { nonce: cspNonce() },
  })
  setupRouterSsrQueryIntegration({ router, queryClient })
  return router
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof getRouter>
  }
}
