import type { QueryClient } from '@tanstack/react-query'
import type { TRPCClient } from '@trpc/client'
import type { TRPCOptionsProxy } from '@trpc/tanstack-react-query'
import type { AppRouter } from '../../server/trpc/root'

/** What every route's loader and component get from the router (made per request in app/router.tsx). */
export interface RouterContext {
  queryClient: QueryClient
  trpc: TRPCOptionsProxy<AppRouter>
  /** The tRPC client, loaded on first use, for calls outside React Query (e.g. the one-time sign-in nonce). */
  loadTrpcClient: () => Promise<TRPCClient<AppRouter>>
}
