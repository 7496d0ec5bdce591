/**
 * The tRPC options proxy the app reads with (`trpc.nft.byId.queryOptions(...)`), without the tRPC
 * client in the bundle every page loads (ADR 29). It builds the same query keys, filters and
 * options as `createTRPCOptionsProxy` from `@trpc/tanstack-react-query` (typed as its proxy, so
 * callers cannot tell), and hands each call to a `TrpcCaller`: on the server, the tRPC client over
 * the local link; in the browser, reads are a plain batched GET and writes load the client first.
 * Keys must stay equal to tRPC's: the server's loaders fill the cache the browser hydrates from.
 */
import { skipToken, type QueryClient } from '@tanstack/react-query'
import type { TRPCOptionsProxy } from '@trpc/tanstack-react-query'
import type { AppRouter } from '../../server/trpc/root'

/** Where a procedure call goes: `path` is dotted (`nft.byId`). */
export interface TrpcCaller {
  query(path: string, input: unknown): Promise<unknown>
  mutation(path: string, input: unknown): Promise<unknown>
}

type KeyType = 'query' | 'infinite' | 'any'
type Options = Record<string, unknown> | undefined

const isObject = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value)

/** tRPC's query key: `[path parts, { input?, type? }]`, an infinite query's input without its cursor. */
export function trpcQueryKey(path: string[], input: unknown, type: KeyType): unknown[] {
  if (input === undefined && type === 'any') return path.length ? [path] : []
  if (type === 'infinite' && isObject(input) && ('cursor' in input || 'direction' in input)) {
    const { cursor: _cursor, direction: _direction, ...rest } = input
    return [path, { input: rest, type }]
  }
  return [
    path,
    { ...(input !== undefined && input !== skipToken ? { input } : {}), ...(type !== 'any' ? { type } : {}) },
  ]
}

export function createTrpcOptions(queryClient: QueryClient, caller: TrpcCaller): TRPCOptionsProxy<AppRouter> {
  const utilities = (path: string[], [first, second]: unknown[]) => {
    const dotted = path.join('.')
    const trpc = { path: dotted }
    const key = (type: KeyType) => trpcQueryKey(path, first, type)
    return {
      pathKey: () => key('any'),
      pathFilter: () => ({ ...(first as Options), queryKey: trpcQueryKey(path, undefined, 'any') }),
      queryKey: () => key('query'),
      queryFilter: () => ({ ...(second as Options), queryKey: key('query') }),
      infiniteQueryKey: () => key('infinite'),
      infiniteQueryFilter: () => ({ ...(second as Options), queryKey: key('infinite') }),
      mutationKey: () => [path],
      queryOptions: () => ({
        ...(second as Options),
        queryKey: key('query'),
        queryFn: first === skipToken ? skipToken : () => caller.query(dotted, first),
        trpc,
      }),
      infiniteQueryOptions: () => {
        const opts = second as Options
        const queryKey = key('infinite')
        // The key's input lacks the cursor; each page asks with its own, as tRPC's client does.
        const keyed = (queryKey[1] as { input?: unknown }).input
        return {
          ...opts,
          queryKey,
          queryFn:
            first === skipToken
              ? skipToken
              : ({ pageParam, direction }: { pageParam?: unknown; direction?: string }) =>
                  caller.query(dotted, {
                    ...(keyed as Options),
                    ...(pageParam !== undefined ? { cursor: pageParam } : {}),
                    direction,
                  }),
          initialPageParam: opts?.initialCursor ?? (first as { cursor?: unknown } | undefined)?.cursor,
          trpc,
        }
      },
      mutationOptions: () => {
        const opts = first as (Options & { onSuccess?: (...args: unknown[]) => unknown }) | undefined
        const mutationKey = [path]
        const defaults = queryClient.defaultMutationOptions(queryClient.getMutationDefaults(mutationKey)) as {
          onSuccess?: (...args: unknown[]) => unknown
        }
        return {
          ...opts,
          mutationKey,
          mutationFn: (input: unknown) => caller.mutation(dotted, input),
          onSuccess: (...args: unknown[]) => opts?.onSuccess?.(...args) ?? defaults.onSuccess?.(...args),
          trpc,
        }
      },
    }
  }
  const node = (path: string[]): unknown =>
    new Proxy(() => {}, {
      get: (_target, name) => (typeof name === 'string' && name !== 'then' ? node([...path, name]) : undefined),
      apply: (_target, _this, args: unknown[]) => {
        const utility = path.at(-1) as keyof ReturnType<typeof utilities>
        const make = utilities(path.slice(0, -1), args)[utility]
        if (!make) throw new Error(`tRPC options: ${path.join('.')}() is not supported here`)
        return make()
      },
    })
  return node([]) as TRPCOptionsProxy<AppRouter>
}

/** The `data.code` of a tRPC error (`NOT_FOUND`, `BAD_REQUEST`, …), from the client or from a read. */
export function trpcErrorCode(error: unknown): string | undefined {
  if (!(error instanceof Error) || error.name !== 'TRPCClientError') return undefined
  const code = (error as Error & { data?: { code?: unknown } }).data?.code
  return typeof code === 'string' ? code : undefined
}
