/**
 * The Workers build's chain followers (server/trading/follower.ts), as the rest of the server sees
 * them: one Durable Object per chain, named by its chain id, reached through the CHAIN_FOLLOWER
 * binding. Absent on Node, where `npm run dev` and `npm start` index in a loop of their own.
 */

/** What a follower knows of itself; /api/health shows it. */
export interface FollowerReport {
  chainId: number
  /** How often it runs a round. */
  intervalMs: number
  /** When its current stretch of rounds began (the first start, or the last restart); null: never started. */
  startedAt: string | null
  /** The last round: when it started, how long it took, and how it ended. */
  lastRound: { at: string; ms: number; outcome: 'indexed' | 'idle' | 'busy' | 'failed'; block?: number } | null
  /** The last failure, kept after rounds succeed again; `failures` says whether it is still failing. */
  lastError: { at: string; message: string } | null
  /** Rounds failed in a row. */
  failures: number
  /** When its next round is due (null: none is set). */
  nextRoundAt: string | null
  /** A round is under way right now. */
  running: boolean
  /** No round has run or is due for too long: its alarm is lost or overdue (the Cron Trigger restarts it). */
  stalled: boolean
  /** How many times the Cron Trigger found it stalled and restarted it. */
  restarts: number
}

/** How long a follower may go without a round before it counts as stalled. */
export const stallAfterMs = (intervalMs: number) => 3 * intervalMs + 30_000

/** Stalled: not running, and its next round is missing or long overdue, or its last one is long past. */
export function followerStalled(
  { running, nextRoundAt, lastRoundAt }: { running: boolean; nextRoundAt: number | null; lastRoundAt: number | null },
  intervalMs: number,
  now: number,
): boolean {
  if (running) return false
  const limit = stallAfterMs(intervalMs)
  if (nextRoundAt === null || nextRoundAt < now - limit) return true
  return lastRoundAt !== null && lastRoundAt < now - limit && nextRoundAt < now
}

export interface Followers {
  /** Starts chainId's follower, or restarts it when stalled; answers what it knows. */
  ensure(chainId: number): Promise<FollowerReport>
  /** What chainId's follower knows, without starting it. */
  report(chainId: number): Promise<FollowerReport>
}

/** The few members of a Durable Object namespace binding this uses. */
interface NamespaceLike {
  idFromName(name: string): unknown
  get(id: unknown): { fetch(url: string, init?: RequestInit): Promise<Response> }
}

/** The follower's own paths, reachable only through the binding (never from the Internet). */
export const FOLLOWER_PATHS = { ensure: '/ensure', report: '/report' } as const
const ORIGIN = 'https://chain-follower.internal'

export function followersOf(binding: unknown): Followers | undefined {
  const namespace = binding as NamespaceLike | undefined
  if (typeof namespace?.idFromName !== 'function' || typeof namespace.get !== 'function') return undefined
  const call = async (chainId: number, path: string) => {
    // Named by the chain id: one follower per chain, wherever it is asked from.
    const stub = namespace.get(namespace.idFromName(String(chainId)))
    const response = await stub.fetch(`${ORIGIN}${path}?chain=${chainId}`, {
      method: path === FOLLOWER_PATHS.ensure ? 'POST' : 'GET',
    })
    if (!response.ok) throw new Error(`chain ${chainId} follower: ${response.status} ${await response.text()}`)
    return response.json() as Promise<FollowerReport>
  }
  return {
    ensure: (chainId) => call(chainId, FOLLOWER_PATHS.ensure),
    report: (chainId) => call(chainId, FOLLOWER_PATHS.report),
  }
}
