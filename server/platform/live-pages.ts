/**
 * The Workers build's open pages (server/live/pages-object.ts), as the rest of the server sees
 * them: one Durable Object that holds every page's WebSocket, hibernating between changes, reached
 * through the LIVE_PAGES binding. Absent on Node, where each process keeps its own (server/live/hub.ts).
 */

export interface LivePages {
  /** Hands a WebSocket upgrade for `tags` to the Durable Object; `client` bounds its open pages. */
  connect(request: Request, tags: string[], client: string): Promise<Response>
  /** Tells every open page that watches one of `tags`; answers how many were told. */
  publish(tags: string[]): Promise<number>
}

interface NamespaceLike {
  idFromName(name: string): unknown
  get(id: unknown): { fetch(input: Request | string, init?: RequestInit): Promise<Response> }
}

/** The object's own paths, reachable only through the binding. */
export const LIVE_PAGES_PATHS = { connect: '/connect', publish: '/publish' } as const
export const LIVE_CLIENT_HEADER = 'x-vitrine-live-client'
const ORIGIN = 'https://live-pages.internal'

export function livePagesOf(binding: unknown): LivePages | undefined {
  const namespace = binding as NamespaceLike | undefined
  if (typeof namespace?.idFromName !== 'function' || typeof namespace.get !== 'function') return undefined
  // One object for every page: a change is one request, fanned out where the sockets are.
  const stub = () => namespace.get(namespace.idFromName('pages'))
  return {
    async connect(request, tags, client) {
      const url = `${ORIGIN}${LIVE_PAGES_PATHS.connect}?tags=${encodeURIComponent(tags.join(','))}`
      const headers = new Headers(request.headers)
      headers.set(LIVE_CLIENT_HEADER, client)
      return stub().fetch(new Request(url, { method: 'GET', headers }))
    },
    async publish(tags) {
      const response = await stub().fetch(`${ORIGIN}${LIVE_PAGES_PATHS.publish}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ tags }),
      })
      if (!response.ok) throw new Error(`live pages: ${response.status} ${await response.text()}`)
      return ((await response.json()) as { told: number }).told
    },
  }
}
