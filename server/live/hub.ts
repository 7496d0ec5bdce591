/**
 * Open pages inside one Node process: who watches which tags, and one fan-out per change. Each
 * watcher holds a callback, nothing of the database. Processes of one server (ADR 10) relay each
 * change to the others through the first process (scripts/serve.ts), so a visitor hears of a change
 * whichever process indexed it. The Workers build uses the LivePages Durable Object instead.
 */

type Watcher = (tags: string[]) => void

/** How many pages may be open at once: per client (an address), and in this process in all. */
export interface WatchLimits {
  perClient: number
  perProcess: number
}

/** A page now watched (`stop` ends it), or refused because its client's or the process's pages are full. */
export type Watching = { stop: () => void } | { full: 'client' | 'process' }

export class LiveHub {
  readonly #byTag = new Map<string, Set<Watcher>>()
  readonly #byClient = new Map<string, number>()
  #open = 0
  /** Set by the server that runs several processes: sends a change to the others. */
  relay: ((tags: string[]) => void) | undefined

  /** Watches `tags` for one client, within `limits`. */
  watch(tags: readonly string[], client: string, limits: WatchLimits, watcher: Watcher): Watching {
    if (this.#open >= limits.perProcess) return { full: 'process' }
    const open = this.#byClient.get(client) ?? 0
    if (open >= limits.perClient) return { full: 'client' }
    this.#byClient.set(client, open + 1)
    this.#open++
    for (const tag of tags) {
      const watchers = this.#byTag.get(tag) ?? new Set()
      watchers.add(watcher)
      this.#byTag.set(tag, watchers)
    }
    let stopped = false
    const stop = () => {
      if (stopped) return
      stopped = true
      this.#open--
      const left = (this.#byClient.get(client) ?? 1) - 1
      if (left > 0) this.#byClient.set(client, left)
      else this.#byClient.delete(client)
      for (const tag of tags) {
        const watchers = this.#byTag.get(tag)
        watchers?.delete(watcher)
        if (watchers?.size === 0) this.#byTag.delete(tag)
      }
    }
    return { stop }
  }

  /** Tells every page that watches one of `tags`, once each; answers how many were told. */
  publish(tags: readonly string[], { relayed = false } = {}): number {
    const told = new Map<Watcher, string[]>()
    for (const tag of tags) {
      for (const watcher of this.#byTag.get(tag) ?? []) told.set(watcher, [...(told.get(watcher) ?? []), tag])
    }
    for (const [watcher, theirs] of told) watcher(theirs)
    if (!relayed && tags.length) this.relay?.([...tags])
    return told.size
  }

  /** Pages open in this process. */
  get watching(): number {
    return this.#open
  }
}

/**
 * The process's hub, kept on globalThis: the production server (scripts/serve.ts) and the built
 * handler it loads are bundled apart, and must share one.
 */
export function liveHub(): LiveHub {
  const key = Symbol.for('vitrine.live-hub')
  const holder = globalThis as { [key]?: LiveHub }
  holder[key] ??= new LiveHub()
  return holder[key]
}
