/**
 * When the sender (./send.ts) runs: after a write or an indexer round that may have filed a
 * notification (`wakeSender`), and again when the next delivery is due, at least every
 * IDLE_RUN_MS (auctions reach their last hour and their end with no write to wake anyone). On
 * Workers the runs are the alarms of one Durable Object (./sender-object.ts); on Node each process
 * runs its own loop (deliveries are claimed one statement at a time, so two never send the same).
 * Either way a run is apart from the request or round that woke it: it never holds either.
 */
import type { Runtime } from '../platform/runtime'
import { emailChannelOf } from './email'
import { webhookChannel } from './webhook'
import { sendNotifications, type NotifyChannels, type SendReport } from './send'

/** The longest a sender waits between runs. */
export const IDLE_RUN_MS = 60_000

/** The channels this deployment sends on. */
export function channelsOf({ env }: Pick<Runtime, 'env'>): NotifyChannels {
  return { email: emailChannelOf(env), webhook: webhookChannel({ allowHosts: env.metadataFetch.allowHosts }) }
}

/**
 * Whether the runtime's database was closed: its process is done with it (a script that indexed,
 * then handed the database to the dev server; a test's runtime). Its sender stops there.
 */
const closed = ({ db }: Pick<Runtime, 'db'>) => db.$client.closed

/** One run; never throws (what stopped it is logged, and the next run tries again). */
export async function runSender(runtime: Pick<Runtime, 'db' | 'env'>, now = new Date()): Promise<SendReport | null> {
  try {
    return await sendNotifications(runtime, channelsOf(runtime), now)
  } catch (error) {
    if (!closed(runtime)) console.warn(`notifications: ${reasonOf(error)}`)
    return null
  }
}

/** A database error's reason first (Drizzle's message is the query; the driver's is its cause). */
function reasonOf(error: unknown): string {
  const first = (e: unknown) => (e instanceof Error ? e.message : String(e)).split('\n')[0]!
  const cause = error instanceof Error && error.cause !== undefined ? first(error.cause) : undefined
  return cause ? `${cause} (${first(error).slice(0, 200)})` : first(error)
}

/** When the run after one that ended at `now` is due. */
export const nextRunAt = (report: SendReport | null, now: number): number =>
  Math.max(now, Math.min(report?.nextDueAt?.getTime() ?? Infinity, now + IDLE_RUN_MS))

interface NodeLoop {
  running: boolean
  again: boolean
  /** The runtime of the latest wake: the next run uses it (an earlier one may have been closed). */
  runtime: Pick<Runtime, 'db' | 'env'>
  timer?: ReturnType<typeof setTimeout>
}
const LOOP = Symbol.for('vitrine.notification-sender')

/**
 * Asks for a run soon. On Workers it resolves once the object has the request (hand it to
 * `waitUntil`); on Node at once. Never rejects. A Node loop ends when its database is closed, and
 * the next wake on an open one starts it again.
 */
export async function wakeSender(runtime: Pick<Runtime, 'db' | 'env' | 'notifier'>): Promise<void> {
  if (runtime.notifier) {
    await runtime.notifier.wake().catch((error: unknown) => console.warn(`notifications: ${(error as Error).message}`))
    return
  }
  if (closed(runtime)) return
  const slots = globalThis as Record<symbol, unknown>
  const loop = ((slots[LOOP] as NodeLoop | undefined) ??= { running: false, again: false, runtime })
  loop.runtime = runtime
  if (loop.running) {
    loop.again = true
    return
  }
  clearTimeout(loop.timer)
  loop.running = true
  void runSender(runtime).then((report) => {
    loop.running = false
    const again = loop.again
    loop.again = false
    const next = loop.runtime
    if (closed(next)) return
    const delay = again ? 0 : nextRunAt(report, Date.now()) - Date.now()
    loop.timer = setTimeout(() => void wakeSender(next), delay)
    // The loop never keeps a process alive that is otherwise done (a test, a script).
    loop.timer.unref?.()
  })
}

/** Stops this process's loop (tests). */
export function stopSender(): void {
  const loop = (globalThis as Record<symbol, unknown>)[LOOP] as NodeLoop | undefined
  if (loop) clearTimeout(loop.timer)
  delete (globalThis as Record<symbol, unknown>)[LOOP]
}
