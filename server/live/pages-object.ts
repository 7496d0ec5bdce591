/**
 * The Workers build's open pages: one Durable Object holding every open page's WebSocket through
 * the hibernation API, so an idle page costs no running object and no billed duration. Each socket
 * is filed under the tags its page watches (and its client's, to bound its open pages); a change
 * is one request here, and each socket watching one of its tags gets one message.
 *
 * A plain class (no `cloudflare:workers` import), so the Node build, which never runs it, still
 * bundles the same entry. ADR 28.
 */
import { LIVE_CLIENT_HEADER, LIVE_PAGES_PATHS } from '../platform/live-pages'
import { MAX_PAGES_PER_CLIENT } from './limits'
import { watchedTags } from './tags'

interface SocketLike {
  send(message: string): void
  close(code?: number, reason?: string): void
}

/** The members of the Durable Object state this uses (the WebSocket hibernation API). */
interface PagesState {
  acceptWebSocket(socket: SocketLike, tags: string[]): void
  getWebSockets(tag?: string): SocketLike[]
  setWebSocketAutoResponse(pair: unknown): void
}

declare const WebSocketPair: { new (): Record<0 | 1, SocketLike> }
declare const WebSocketRequestResponsePair: { new (request: string, response: string): unknown }

const CLIENT_TAG = 'client:'

export class LivePages {
  readonly #state: PagesState

  constructor(state: PagesState) {
    this.#state = state
    // A page's keep-alive is answered without waking the object.
    state.setWebSocketAutoResponse(new WebSocketRequestResponsePair('ping', 'pong'))
  }

  async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url)
    if (url.pathname === LIVE_PAGES_PATHS.publish && request.method === 'POST') {
      const body = (await request.json().catch(() => null)) as { tags?: unknown } | null
      const tags = Array.isArray(body?.tags) ? body.tags.filter((tag): tag is string => typeof tag === 'string') : []
      return Response.json({ told: this.#publish(tags) })
    }
    if (url.pathname !== LIVE_PAGES_PATHS.connect) return new Response('not found', { status: 404 })
    if (request.headers.get('upgrade')?.toLowerCase() !== 'websocket')
      return new Response('expected a WebSocket upgrade', { status: 426 })
    const watched = watchedTags(url.searchParams.get('tags') ?? undefined)
    if ('problem' in watched) return new Response(watched.problem, { status: 400 })
    const clientTag = `${CLIENT_TAG}${(request.headers.get(LIVE_CLIENT_HEADER) ?? 'unknown').slice(0, 200)}`
    if (this.#state.getWebSockets(clientTag).length >= MAX_PAGES_PER_CLIENT)
      return new Response(`at most ${MAX_PAGES_PER_CLIENT} live pages a client`, { status: 429 })
    const pair = new WebSocketPair()
    this.#state.acceptWebSocket(pair[1], [...watched.tags, clientTag])
    return new Response(null, { status: 101, webSocket: pair[0] } as ResponseInit)
  }

  #publish(tags: string[]): number {
    const told = new Map<SocketLike, string[]>()
    for (const tag of tags) {
      if (tag.startsWith(CLIENT_TAG)) continue
      for (const socket of this.#state.getWebSockets(tag)) told.set(socket, [...(told.get(socket) ?? []), tag])
    }
    for (const [socket, theirs] of told) {
      try {
        socket.send(JSON.stringify({ tags: theirs }))
      } catch {
        // Closing meanwhile: its close handler forgets it.
      }
    }
    return told.size
  }

  /** A page says nothing but pings, answered above without waking the object; the rest is ignored. */
  webSocketMessage(): void {}

  webSocketClose(socket: SocketLike, code: number, reason: string): void {
    try {
      socket.close(code === 1005 || code === 1006 ? 1000 : code, reason)
    } catch {
      // Already closed.
    }
  }
}
