/**
 * The Workers build's notification sender: one Durable Object whose alarm is a sender run
 * (./wake.ts), set again for when the next delivery is due (at most IDLE_RUN_MS away). Each alarm
 * is an invocation of its own, with its own limits, apart from any request or indexer round.
 *
 * A plain class (no `cloudflare:workers` import), so the Node build, which never runs it, still
 * bundles the same entry.
 */
import { NOTIFIER_WAKE_PATH } from '../platform/notifier'
import { createRuntime, type Runtime } from '../platform/runtime'
import { nextRunAt, runSender } from './wake'

interface SenderState {
  storage: { getAlarm(): Promise<number | null>; setAlarm(at: number): Promise<void> }
}

export class NotificationSender {
  readonly #state: SenderState
  readonly #bindings: Record<string, unknown>
  #runtime: Runtime | undefined

  constructor(state: SenderState, bindings: Record<string, unknown>) {
    this.#state = state
    this.#bindings = bindings
  }

  async fetch(request: Request): Promise<Response> {
    if (new URL(request.url).pathname !== NOTIFIER_WAKE_PATH || request.method !== 'POST') {
      return new Response('not found', { status: 404 })
    }
    const now = Date.now()
    const alarm = await this.#state.storage.getAlarm()
    if (alarm === null || alarm > now) await this.#state.storage.setAlarm(now)
    return new Response(null, { status: 202 })
  }

  async alarm(): Promise<void> {
    this.#runtime ??= createRuntime(this.#bindings)
    const report = await runSender(this.#runtime)
    // A wake during the run set an alarm already (now): keep the sooner.
    const next = nextRunAt(report, Date.now())
    const set = await this.#state.storage.getAlarm()
    if (set === null || set > next) await this.#state.storage.setAlarm(next)
  }
}
