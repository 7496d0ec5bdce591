import { createTRPCClient, getUntypedClient, httpBatchLink, type TRPCLink } from '@trpc/client'
import type { AppRouter } from '../../server/trpc/root'

let serverLink: (() => TRPCLink<AppRouter>) | undefined

/** Called once by app/server.ts so server rendering talks to tRPC without HTTP. */
export function provideServerLink(factory: () => TRPCLink<AppRouter>): void {
  serverLink = factory
}

export function createTrpcClient() {
  if (typeof window === 'undefined') {
    if (!serverLink) throw new Error('tRPC on the server needs provideServerLink() from app/server.ts')
    return createTRPCClient<AppRouter>({ links: [serverLink()] })
  }
  // The server refuses bigger batches (server/http/request-guards.ts): 5 fits queries and mutations.
  return createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: '/api/trpc', maxItems: 5 })] })
}

/** Calls by dotted path through a client (what app/lib/trpc-options.ts hands its calls to). */
export function callsThrough(client: ReturnType<typeof createTrpcClient>) {
  const untyped = getUntypedClient(client)
  return {
    query: (path: string, input: unknown) => untyped.query(path, input),
    mutation: (path: string, input: unknown) => untyped.mutation(path, input),
  }
}
