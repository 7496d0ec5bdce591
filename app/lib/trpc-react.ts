import { useRouteContext } from '@tanstack/react-router'

/** The tRPC options proxy from the router context (created per request in app/router.tsx). */
export function useTRPC() {
  return useRouteContext({ from: '__root__', select: (context) => context.trpc })
}

/** Loads the plain tRPC client (once), for calls that are not cached queries. */
export function useTRPCClient() {
  return useRouteContext({ from: '__root__', select: (context) => context.loadTrpcClient })
}
