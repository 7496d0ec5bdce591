/**
 * The Workers build's notification sender (server/notify/sender-object.ts) as the rest of the
 * server sees it: one Durable Object whose alarm sends what is due, woken when something may be.
 * Absent on Node, where each process runs its own (server/notify/wake.ts).
 */

export interface Notifier {
  /** Asks for a run now (a run under way is followed by another). */
  wake(): Promise<void>
}

interface NamespaceLike {
  idFromName(name: string): unknown
  get(id: unknown): { fetch(input: string, init?: RequestInit): Promise<Response> }
}

export const NOTIFIER_WAKE_PATH = '/wake'

export function notifierOf(binding: unknown): Notifier | undefined {
  const namespace = binding as NamespaceLike | undefined
  if (typeof namespace?.idFromName !== 'function' || typeof namespace.get !== 'function') return undefined
  return {
    async wake() {
      const stub = namespace.get(namespace.idFromName('sender'))
      const response = await stub.fetch(`https://notifier.internal${NOTIFIER_WAKE_PATH}`, { method: 'POST' })
      if (!response.ok) throw new Error(`notifier: ${response.status} ${await response.text()}`)
    },
  }
}
