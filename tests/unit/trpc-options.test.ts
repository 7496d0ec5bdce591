/**
 * The app's tRPC options proxy (app/lib/trpc-options.ts) must build the keys tRPC's own proxy
 * builds: the server's loaders fill the query cache through one, the browser reads it through the
 * other. Compared here against `createTRPCOptionsProxy` itself, and each call checked to reach the
 * caller with the procedure's path and input.
 */
import { QueryClient } from '@tanstack/react-query'
import { createTRPCClient, httpBatchLink } from '@trpc/client'
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query'
import { describe, expect, it } from 'vitest'
import { createTrpcOptions, trpcErrorCode } from '../../app/lib/trpc-options'
import { TrpcReadError } from '../../app/lib/trpc-read'
import type { AppRouter } from '../../server/trpc/root'

const queryClient = new QueryClient()
const theirs = createTRPCOptionsProxy<AppRouter>({
  client: createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: 'http://127.0.0.1:1/api/trpc' })] }),
  queryClient,
})
const calls: [string, string, unknown][] = []
const ours = createTrpcOptions(queryClient, {
  query: async (path, input) => (calls.push(['query', path, input]), 'read'),
  mutation: async (path, input) => (calls.push(['mutation', path, input]), 'written'),
})

describe('the tRPC options proxy', () => {
  it("builds tRPC's query keys and filters", () => {
    expect(ours.nft.byId.queryKey({ id: 20 })).toEqual(theirs.nft.byId.queryKey({ id: 20 }))
    expect(ours.session.queryKey()).toEqual(theirs.session.queryKey())
    expect(ours.nft.byId.queryOptions({ id: 20 }).queryKey).toEqual(theirs.nft.byId.queryOptions({ id: 20 }).queryKey)
    expect(ours.wallet.queryOptions(undefined, { staleTime: Infinity }).queryKey).toEqual(
      theirs.wallet.queryOptions(undefined, { staleTime: Infinity }).queryKey,
    )
    expect(ours.create.myCollections.queryFilter()).toEqual(theirs.create.myCollections.queryFilter())
    expect(ours.nft.pathKey()).toEqual(theirs.nft.pathKey())
    expect(ours.nft.pathFilter()).toEqual(theirs.nft.pathFilter())
    expect(ours.site.contact.mutationKey()).toEqual(theirs.site.contact.mutationKey())
    const input = { limit: 12, sort: 'price-asc' as const, cursor: 'abc' }
    expect(ours.nft.list.infiniteQueryKey(input)).toEqual(theirs.nft.list.infiniteQueryKey(input))
    expect(ours.nft.list.infiniteQueryOptions(input, { getNextPageParam: () => undefined }).queryKey).toEqual(
      theirs.nft.list.infiniteQueryOptions(input, { getNextPageParam: () => undefined }).queryKey,
    )
  })

  it('keeps the options it is given beside its own', () => {
    const options = ours.wallet.queryOptions(undefined, { staleTime: Infinity })
    expect(options.staleTime).toBe(Infinity)
    expect(options.trpc).toEqual({ path: 'wallet' })
    const infinite = ours.nft.list.infiniteQueryOptions({ limit: 12, cursor: 'abc' }, { getNextPageParam: () => 'x' })
    expect(infinite.initialPageParam).toBe('abc')
  })

  it('hands reads and writes to the caller with the dotted path and the input', async () => {
    calls.length = 0
    const read = ours.nft.byId.queryOptions({ id: 20 }).queryFn as () => Promise<unknown>
    expect(await read()).toBe('read')
    const page = ours.nft.list.infiniteQueryOptions({ limit: 12 }, { getNextPageParam: () => undefined })
      .queryFn as (context: { pageParam?: unknown; direction?: string }) => Promise<unknown>
    await page({ pageParam: 'next', direction: 'forward' })
    const write = ours.site.subscribe.mutationOptions().mutationFn as (input: unknown) => Promise<unknown>
    expect(await write({ email: 'a@b.example' })).toBe('written')
    expect(calls).toEqual([
      ['query', 'nft.byId', { id: 20 }],
      ['query', 'nft.list', { limit: 12, cursor: 'next', direction: 'forward' }],
      ['mutation', 'site.subscribe', { email: 'a@b.example' }],
    ])
  })

  it("reads a refusal's code from a read error as from the client's", () => {
    expect(trpcErrorCode(new TrpcReadError('gone', undefined, { code: 'NOT_FOUND' }))).toBe('NOT_FOUND')
    expect(trpcErrorCode(new Error('plain'))).toBeUndefined()
  })
})
