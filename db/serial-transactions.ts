/**
 * An embedded database (`file:` or `:memory:`) is reached through synchronous native calls.
 * While one of a client's interactive transactions is open (awaiting between statements), a
 * statement sent on another of its pooled connections fails at once with SQLITE_BUSY (the
 * `:memory:` client, with one connection, answers TRANSACTION_ACTIVE), and a busy wait there
 * would block the very event loop the transaction needs to finish. So here every operation of
 * the client waits its turn behind an open transaction, first come first served, for at most
 * `waitMs` (then it fails as SQLite would, with SQLITE_BUSY). Remote clients (sqld, Turso) need
 * none of this: the server queues their transactions.
 *
 * Another process's write lock is waited for here too, and not by SQLite: its busy timeout is a
 * sleep inside the native call, which would stall every request of this process for as long.
 * The client is opened with no busy timeout; a write refused with SQLITE_BUSY (which changed
 * nothing) is tried again every few ms until `busyWaitMs` has passed, then its error is thrown.
 */
import { LibsqlError, type Client, type Transaction, type TransactionMode } from '@libsql/client'
import { isDatabaseBusy } from './errors'

export interface SerialOptions {
  /** How long an operation waits for this client's own open transaction. */
  waitMs?: number
  /** How long a write retries while another connection holds the write lock (the client must not wait itself). */
  busyWaitMs?: number
  /**
   * Whether a connection that met SQLITE_BUSY is closed (not for `:memory:`, whose one
   * connection is the database).
   */
  discardBusyConnections?: boolean
}

/** Between tries while another connection holds the lock: short, as SQLite's own busy handler. */
const BUSY_RETRY_MS = [2, 5, 10, 15, 20, 25] as const

export function serialTransactions(
  client: Client,
  { waitMs = 5_000, busyWaitMs = 0, discardBusyConnections = true }: SerialOptions = {},
): Client {
  let held = false
  const waiting: (() => void)[] = []

  const acquire = () =>
    new Promise<void>((resolve, reject) => {
      if (!held) {
        held = true
        return resolve()
      }
      const turn = () => (clearTimeout(timer), resolve())
      const timer = setTimeout(() => {
        waiting.splice(waiting.indexOf(turn), 1)
        reject(new LibsqlError(`database is locked: a transaction held it for ${waitMs} ms`, 'SQLITE_BUSY'))
      }, waitMs)
      waiting.push(turn)
    })
  const release = () => {
    const next = waiting.shift()
    if (next) next()
    else held = false
  }

  // libsql leaves the statement that met SQLITE_BUSY open: its connection keeps a stale snapshot,
  // and its next write would keep the write lock after "committing", blocking every other
  // process. So its connections are closed (the pool opens new ones). Only during this client's
  // turn, when no transaction of it holds a connection.
  const discard = () => {
    if (discardBusyConnections && !client.closed) void client.reconnect()
  }

  /**
   * `run` again while another connection holds the lock: safe for what SQLITE_BUSY rolls back
   * whole. The wait counts from `since`, the call: one queued behind another that waited for the
   * lock has waited already.
   */
  async function retryingBusy<R>(run: () => Promise<R>, since: number): Promise<R> {
    const deadline = since + busyWaitMs
    for (let attempt = 0; ; attempt++) {
      try {
        return await run()
      } catch (error) {
        if (!isDatabaseBusy(error)) throw error
        discard()
        const left = deadline - Date.now()
        if (left <= 0) throw error
        const pause = Math.min(left, BUSY_RETRY_MS[Math.min(attempt, BUSY_RETRY_MS.length - 1)]!)
        await new Promise((resolve) => setTimeout(resolve, pause))
      }
    }
  }

  /** One operation in its turn; `retry`: an operation that SQLITE_BUSY leaves undone (one statement, a batch). */
  const serial =
    <A extends unknown[], R>(run: (...args: A) => Promise<R>, retry: boolean) =>
    async (...args: A): Promise<R> => {
      const since = Date.now()
      await acquire()
      try {
        if (retry) return await retryingBusy(() => run(...args), since)
        try {
          return await run(...args)
        } catch (error) {
          if (isDatabaseBusy(error)) discard()
          throw error
        }
      } finally {
        release()
      }
    }

  async function transaction(mode?: TransactionMode): Promise<Transaction> {
    const since = Date.now()
    await acquire()
    let open = true
    let metBusy = false
    const end = () => {
      if (!open) return
      open = false
      // After commit or rollback: the transaction's connection is back in the pool by now.
      if (metBusy) discard()
      release()
    }
    let tx: Transaction
    try {
      // BEGIN IMMEDIATE (the default, `write`) takes the lock first: refused, nothing has run.
      tx = await retryingBusy(() => client.transaction(mode), since)
    } catch (error) {
      end()
      throw error
    }
    const noteBusy = (error: unknown) => {
      if (isDatabaseBusy(error)) metBusy = true
      throw error
    }
    return new Proxy(tx, {
      get(target, property) {
        const value: unknown = Reflect.get(target, property, target)
        if (typeof value !== 'function') return value
        if (property === 'commit' || property === 'rollback') {
          return async () => {
            try {
              await (value as () => Promise<void>).call(target).catch(noteBusy)
            } finally {
              end()
            }
          }
        }
        if (property === 'close') return () => ((value as () => void).call(target), end())
        return (...args: unknown[]) => {
          const result: unknown = value.apply(target, args)
          return result instanceof Promise ? result.catch(noteBusy) : result
        }
      },
    })
  }

  const wrapped: Partial<Client> = {
    execute: serial(client.execute.bind(client) as (...args: unknown[]) => ReturnType<Client['execute']>, true),
    // A batch runs in a transaction of its own: refused, it is rolled back whole.
    batch: serial(client.batch.bind(client) as (...args: unknown[]) => ReturnType<Client['batch']>, true),
    migrate: serial(client.migrate.bind(client), true),
    // Its statements commit one by one: one refused half way cannot be run again from the start.
    executeMultiple: serial(client.executeMultiple.bind(client), false),
    transaction,
  }
  return new Proxy(client, {
    get(target, property) {
      if (Object.hasOwn(wrapped, property)) return wrapped[property as keyof Client]
      const value: unknown = Reflect.get(target, property, target)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}
