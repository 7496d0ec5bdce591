/**
 * The Workers build's chain follower: one Durable Object per chain (named by its chain id, so
 * there is exactly one), whose alarm runs one indexer round (`followChain`) about once per block
 * and sets the next. Each alarm is an invocation of its own, with its own subrequest and CPU
 * limits, so a round stays small however long the follower lives. The Cron Trigger only makes
 * sure every follower is alive (`keepFollowing`): it starts one that never ran and restarts one
 * whose alarm was lost. The database lease in ./indexing.ts still keeps any other process (a
 * Node server on the same database) from indexing the chain at the same time. ADR 23.
 *
 * A plain class (no `cloudflare:workers` import), so the Node build, which never runs it, still
 * bundles the same entry.
 */
import { marketplaceContracts } from '../../chain/marketplace'
import { followerStalled, FOLLOWER_PATHS, type FollowerReport } from '../platform/followers'
import { createRuntime, type Runtime } from '../platform/runtime'
import { followChain } from './indexing'

/** What the follower keeps in its own storage (the cursor itself is in the database). */
interface FollowerRecord {
  chainId: number
  startedAt: number
  lastRound: { at: number; ms: number; outcome: 'indexed' | 'idle' | 'busy' | 'failed'; block?: number } | null
  lastError: { at: number; message: string } | null
  failures: number
  restarts: number
}

/** The members of the Durable Object state this uses. */
interface FollowerState {
  storage: {
    get<T>(key: string): Promise<T | undefined>
    put<T>(key: string, value: T): Promise<void>
    getAlarm(): Promise<number | null>
    setAlarm(at: number): Promise<void>
  }
}

const RECORD = 'follower'
/** Failed rounds in a row wait longer each time, up to this (a database or RPC that is down). */
const MAX_BACKOFF_MS = 10_000

export class ChainFollower {
  readonly #state: FollowerState
  readonly #bindings: Record<string, unknown>
  #runtime: Runtime | undefined
  /** A round under way in this instance: an alarm that fires meanwhile does not start another. */
  #running = false

  constructor(state: FollowerState, bindings: Record<string, unknown>) {
    this.#state = state
    this.#bindings = bindings
  }

  async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url)
    const chainId = Number(url.searchParams.get('chain'))
    if (!Number.isSafeInteger(chainId) || chainId <= 0) return new Response('chain: a chain id', { status: 400 })
    const record = await this.#record()
    if (record && record.chainId !== chainId) {
      return new Response(`this follower follows chain ${record.chainId}`, { status: 409 })
    }
    if (url.pathname === FOLLOWER_PATHS.report && request.method === 'GET') {
      return Response.json(await this.#report(record ?? null, chainId))
    }
    if (url.pathname === FOLLOWER_PATHS.ensure && request.method === 'POST') {
      return Response.json(await this.#ensure(record, chainId))
    }
    return new Response('not found', { status: 404 })
  }

  /** One round, then the next alarm (set first, so a round that dies with its isolate still has one). */
  async alarm(): Promise<void> {
    const record = await this.#record()
    if (!record) return
    const started = Date.now()
    const intervalMs = this.#intervalMs(record.chainId)
    await this.#state.storage.setAlarm(started + intervalMs)
    if (this.#running) return
    this.#running = true
    try {
      const round = await this.#round(record.chainId)
      const ms = Date.now() - started
      // Read again: a restart may have been recorded while the round ran.
      const now = (await this.#record()) ?? record
      const failed = round.outcome === 'failed'
      await this.#save({
        ...now,
        lastRound: {
          at: started,
          ms,
          outcome: round.outcome,
          ...(round.block !== undefined ? { block: round.block } : {}),
        },
        lastError: failed ? { at: started, message: round.error! } : now.lastError,
        failures: failed ? now.failures + 1 : 0,
      })
      if (failed) {
        console.error(`chain ${record.chainId} follower: ${round.error}`)
        const backoff = Math.min(intervalMs * 2 ** Math.min(now.failures + 1, 10), MAX_BACKOFF_MS)
        await this.#state.storage.setAlarm(started + Math.max(intervalMs, backoff))
      }
    } finally {
      this.#running = false
    }
  }

  /**
   * Never throws: whatever stops a round is its outcome, and the alarm goes on. The follower takes
   * the chain's lease under one name per chain (there is one follower per chain): a lease it could
   * not give back, its isolate gone mid-round, does not hold its successor back for a minute.
   */
  async #round(
    chainId: number,
  ): Promise<{ outcome: NonNullable<FollowerRecord['lastRound']>['outcome']; block?: number; error?: string }> {
    try {
      const result = await followChain(this.#runtimeOrThrow(), chainId, `chain-follower:${chainId}`)
      if (result === undefined)
        return { outcome: 'failed', error: `chain ${chainId} is not indexed by this deployment` }
      if (result === null) return { outcome: 'idle' }
      if ('busy' in result) return { outcome: 'busy' }
      if ('error' in result) return { outcome: 'failed', error: result.error }
      return { outcome: 'indexed', block: Number(result.to) }
    } catch (error) {
      return { outcome: 'failed', error: ((error as Error).message ?? String(error)).split('\n')[0]! }
    }
  }

  async #ensure(record: FollowerRecord | undefined, chainId: number): Promise<FollowerReport> {
    const now = Date.now()
    if (!record) {
      const fresh: FollowerRecord = {
        chainId,
        startedAt: now,
        lastRound: null,
        lastError: null,
        failures: 0,
        restarts: 0,
      }
      await this.#save(fresh)
      await this.#state.storage.setAlarm(now)
      return this.#report(fresh)
    }
    if (await this.#stalled(record, now)) {
      console.warn(
        `chain ${chainId} follower: stalled (last round ${new Date(record.lastRound?.at ?? record.startedAt).toISOString()}), restarted`,
      )
      const restarted = { ...record, startedAt: now, restarts: record.restarts + 1 }
      await this.#save(restarted)
      await this.#state.storage.setAlarm(now)
      return this.#report(restarted)
    }
    return this.#report(record)
  }

  async #stalled(record: FollowerRecord, now: number) {
    const nextRoundAt = await this.#state.storage.getAlarm()
    const lastRoundAt = record.lastRound?.at ?? record.startedAt
    return followerStalled({ running: this.#running, nextRoundAt, lastRoundAt }, this.#intervalMs(record.chainId), now)
  }

  /** What it knows; a follower that never started (no record) is stalled until the Cron Trigger starts it. */
  async #report(record: FollowerRecord | null, chainId = record?.chainId ?? 0): Promise<FollowerReport> {
    const next = await this.#state.storage.getAlarm()
    const iso = (ms: number) => new Date(ms).toISOString()
    if (!record) {
      return {
        chainId,
        intervalMs: this.#intervalMs(chainId),
        startedAt: null,
        lastRound: null,
        lastError: null,
        failures: 0,
        nextRoundAt: null,
        running: false,
        stalled: true,
        restarts: 0,
      }
    }
    return {
      chainId: record.chainId,
      intervalMs: this.#intervalMs(record.chainId),
      startedAt: iso(record.startedAt),
      lastRound: record.lastRound && { ...record.lastRound, at: iso(record.lastRound.at) },
      lastError: record.lastError && { ...record.lastError, at: iso(record.lastError.at) },
      failures: record.failures,
      nextRoundAt: next === null ? null : iso(next),
      running: this.#running,
      stalled: await this.#stalled(record, Date.now()),
      restarts: record.restarts,
    }
  }

  #record = () => this.#state.storage.get<FollowerRecord>(RECORD)
  #save = (record: FollowerRecord) => this.#state.storage.put(RECORD, record)

  #runtimeOrThrow(): Runtime {
    this.#runtime ??= createRuntime(this.#bindings)
    return this.#runtime
  }

  /** The configured interval; a follower whose configuration cannot be read retries at the slowest pace. */
  #intervalMs(chainId: number): number {
    try {
      return this.#runtimeOrThrow().env.followIntervalMs[chainId] ?? MAX_BACKOFF_MS
    } catch {
      return MAX_BACKOFF_MS
    }
  }
}

/**
 * The Cron Trigger's part: every configured chain that Vitrine indexes has a live follower
 * (started if it never ran, restarted if its alarm stalled). Answers each one's report, or why it
 * could not be reached.
 */
export async function keepFollowing(runtime: Runtime): Promise<Record<number, FollowerReport | { error: string }>> {
  const { followers } = runtime
  const reports: Record<number, FollowerReport | { error: string }> = {}
  if (!followers) return reports
  for (const chain of followedChains(runtime)) {
    reports[chain] = await followers.ensure(chain).catch((error: Error) => ({ error: error.message }))
  }
  return reports
}

/** Each followed chain's report, or why its follower could not be reached (health). */
export async function followerReports(
  runtime: Runtime,
): Promise<(FollowerReport | { chainId: number; error: string })[]> {
  const { followers } = runtime
  if (!followers) return []
  return Promise.all(
    followedChains(runtime).map((chainId) =>
      followers.report(chainId).catch((error: Error) => ({ chainId, error: error.message })),
    ),
  )
}

/** The chains a follower runs for: configured, with marketplace contracts. */
export const followedChains = ({ env }: Runtime): number[] =>
  env.chains.filter(({ id }) => marketplaceContracts(id)).map(({ id }) => id)
