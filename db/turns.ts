/**
 * Turns of the event loop for an embedded database. Its native calls answer synchronously, so
 * `await db…` resumes in a microtask and a loop of statements (a thousand tokens' metadata, a
 * ranking's pages) never lets the event loop turn: every request, timer and socket of the
 * process would wait for the whole loop. Here a statement sent once the current turn has run
 * TURN_MS first waits for the next turn. A single statement is not cut: callers keep each one
 * bounded (pages, chunks). A server (sqld, Turso) needs none of this: each statement is I/O.
 */
import type { Client, Transaction } from '@libsql/client'

/** How long a turn may run statements before the next one waits for the event loop. */
export const TURN_MS = 10

/** The timer as the process started with it: a test's fake timers must not hold statements back. */
const schedule = globalThis.setTimeout

/** Lets whatever else waits on the event loop (a request, a timer) run before going on. */
export const nextTurn = () => new Promise<void>((resolve) => schedule(resolve, 0))

/**
 * A gate before each statement: null while the current turn is young, else a promise of the next
 * turn. A turn begins with its first statement; a timer set then fires once the loop has turned,
 * so a new turn's first statement starts the count again. After its wait a statement goes ahead
 * whatever the turn: none waits twice, so none starves behind a busy neighbour.
 */
function turnGate(turnMs = TURN_MS): () => Promise<void> | null {
  let since: number | null = null
  const gate = (): Promise<void> | null => {
    const now = performance.now()
    if (since === null) {
      since = now
      schedule(() => (since = null), 0)
      return null
    }
    return now - since < turnMs ? null : nextTurn().then(() => void gate())
  }
  return gate
}

const CLIENT_CALLS = new Set<PropertyKey>(['execute', 'batch', 'executeMultiple', 'migrate', 'transaction'])
const TRANSACTION_CALLS = new Set<PropertyKey>(['execute', 'batch', 'executeMultiple'])

/** `target` with each call named in `calls` sent through `gate` (and a transaction's statements too). */
function gated<T extends object>(target: T, calls: Set<PropertyKey>, gate: () => Promise<void> | null): T {
  return new Proxy(target, {
    get(object, property) {
      const value: unknown = Reflect.get(object, property, object)
      if (typeof value !== 'function') return value
      if (!calls.has(property)) return value.bind(object)
      const call = (...args: unknown[]): unknown => {
        const result: unknown = value.apply(object, args)
        return property === 'transaction'
          ? (result as Promise<Transaction>).then((tx) => gated(tx, TRANSACTION_CALLS, gate))
          : result
      }
      return (...args: unknown[]) => {
        const wait = gate()
        return wait ? wait.then(() => call(...args)) : call(...args)
      }
    },
  })
}

/** The embedded `client`, its statements taking turns with the rest of the event loop. */
export function takingTurns(client: Client, turnMs = TURN_MS): Client {
  return gated(client, CLIENT_CALLS, turnGate(turnMs))
}
