/**
 * An embedded database (`file:` or `:memory:`) is reached through synchronous native calls.
 * While one of a client's interactive transactions is open (awaiting between statements), a
 * statement sent on another of its pooled connections fails at once with SQLITE_BUSY (the
 * `:memory:` client, with one connection, answers TRANSACTION_ACTIVE), and a busy wait there
 * would block the very event loop the transaction needs to finish. So here every operation of
 * the client waits its turn behind an open transaction, first come first served, for at most
 * `waitMs` (then it fails as SQLite would, with SQLITE_BUSY). Remote clients (sqld, Turso) need
 * none of this: the server queues their transactions.
 */
import { LibsqlError, type Client, type Transaction, type TransactionMode } from '@libsql/client'

export function serialTransactions(client: Client, waitMs = 5_000): Client {
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
  const serial =
    <A extends unknown[], R>(run: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      await acquire()
      try {
        return await run(...args)
      } finally {
        release()
      }
    }

  async function transaction(mode?: TransactionMode): Promise<Transaction> {
    await acquire()
    let open = true
    const end = () => {
      if (!open) return
      open = false
      release()
    }
    let tx: Transaction
    try {
      tx = await client.transaction(mode)
    } catch (error) {
      end()
      throw error
    }
    return new Proxy(tx, {
      get(target, property) {
        const value: unknown = Reflect.get(target, property, target)
        if (typeof value !== 'function') return value
        if (property === 'commit' || property === 'rollback') {
          return async () => {
            try {
              await (value as () => Promise<void>).call(target)
            } finally {
              end()
            }
          }
        }
        if (property === 'close') return () => ((value as () => void).call(target), end())
        return value.bind(target)
      },
    })
  }

  const wrapped: Partial<Client> = {
    execute: serial(client.execute.bind(client) as (...args: unknown[]) => ReturnType<Client['execute']>),
    batch: serial(client.batch.bind(client) as (...args: unknown[]) => ReturnType<Client['batch']>),
    migrate: serial(client.migrate.bind(client)),
    executeMultiple: serial(client.executeMultiple.bind(client)),
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
