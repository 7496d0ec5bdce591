import { QueryClient } from '@tanstack/react-query'
import { createRouter } from '@tanstack/react-router'
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query'
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query'
import type { AppRouter } from '../server/trpc/root'
import { ErrorPage } from './components/ErrorPage'
import { NotFoundPage } from './components/NotFoundPage'
import { cspNonce } from './lib/csp-nonce'
import { createTrpcClient } from './lib/trpc'
import { routeTree } from './routeTree.gen'

export function getRouter() {
  const queryClient = new QueryClient({
    defaultOptions: {
      // Unused data is kept 60 s; no refetch on focus or reconnect.
      queries: { staleTime: 30_000, gcTime: 60_000, refetchOnWindowFocus: false, refetchOnReconnect: false },
    },
  })
  const trpcClient = createTrpcClient()
  const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient })

  const router = createRouter({
    routeTree,
    context: { queryClient, trpc, trpcClient },
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
