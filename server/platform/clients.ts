/** Read-only viem clients for the configured chains (one per chain and RPC URL). */
import { createPublicClient, http, HttpRequestError, TimeoutError, type PublicClient } from 'viem'
import { VIEM_CHAINS } from '../../chain/viem-chains'
import { DomainError } from '../../db/errors'
import type { Env } from './env'

/**
 * A request waits for an answer at most this long, and is tried twice: an RPC that accepts
 * connections and never answers must not hold a request (or the indexer) for long, and a caller
 * is told within RPC_BUDGET_MS that the chain is down.
 */
export const RPC_ATTEMPT_TIMEOUT_MS = 2_000
export const RPC_RETRY_COUNT = 1
/** The most one chain call may take, retries and their pauses included (a Retry-After may ask more). */
export const RPC_BUDGET_MS = 4_500

/** The chain's RPC does not answer (refused, timed out, or a 4xx/5xx from its gateway): a 503. */
export class ChainUnavailableError extends DomainError {
  constructor(
    readonly chainId: number,
    options?: { cause?: unknown },
  ) {
    super('unavailable', `The chain (id ${chainId}) is not answering; try again in a minute.`, options)
  }
}

/** A `.catch` for checks that treat a failed call as "no": a chain that does not answer is still a 503. */
export const unlessUnavailable =
  <T>(fallback: T) =>
  (error: unknown): T => {
    if (error instanceof ChainUnavailableError) throw error
    return fallback
  }

const cache = new Map<string, PublicClient>()

export function chainClient(env: Env, chainId: number): PublicClient | null {
  const chain = env.chains.find((c) => c.id === chainId)
  if (!chain) return null
  const key = `${chainId} ${chain.rpcUrl}`
  let client = cache.get(key)
  if (!client) {
    const transport = http(chain.rpcUrl, { timeout: RPC_ATTEMPT_TIMEOUT_MS, retryCount: RPC_RETRY_COUNT })
    client = reportingUnavailability(
      createPublicClient({ chain: VIEM_CHAINS[chainId], transport: withDeadline(transport, chainId) }),
      chainId,
    )
    cache.set(key, client)
  }
  return client
}

/** Bounds each request, retries included, to RPC_BUDGET_MS. */
function withDeadline(transport: ReturnType<typeof http>, chainId: number): ReturnType<typeof http> {
  return (params) => {
    const inner = transport(params)
    const request = (args: Parameters<typeof inner.request>[0], options?: Parameters<typeof inner.request>[1]) => {
      let timer: ReturnType<typeof setTimeout> | undefined
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new ChainUnavailableError(chainId)), RPC_BUDGET_MS)
      })
      return Promise.race([inner.request(args, options), deadline]).finally(() => clearTimeout(timer))
    }
    return { ...inner, request: request as typeof inner.request }
  }
}

/**
 * viem wraps a transport's failure in its own errors (a contract call error around a call error
 * around …); every call of the client answers a chain that does not answer with one
 * ChainUnavailableError instead, so that callers and the error mapping can tell it apart.
 */
function reportingUnavailability(client: PublicClient, chainId: number): PublicClient {
  return new Proxy(client, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver)
      if (typeof value !== 'function' || key === 'extend') return value
      return (...args: unknown[]) => {
        const result: unknown = value.apply(target, args)
        if (!(result instanceof Promise)) return result
        return result.catch((error: unknown) => {
          throw unanswered(error) ? new ChainUnavailableError(chainId, { cause: error }) : error
        })
      }
    },
  })
}

function unanswered(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if (e instanceof ChainUnavailableError || e instanceof TimeoutError) return true
    // No status: the connection failed. A status: the RPC's gateway refused (rate limit, key, outage).
    if (e instanceof HttpRequestError) return true
  }
  return false
}
