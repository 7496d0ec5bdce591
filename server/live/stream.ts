/**
 * GET /api/live?tags=nft-12,lists: an open page hears when what it shows changes. On Workers, a
 * WebSocket held by the LivePages Durable Object (the Worker only checks and hands it on); on Node,
 * a server-sent event stream from this process's hub. Either way a message is `{ "tags": [...] }`,
 * the page's tags that changed; the page refetches what shows them. Nothing here reads the database.
 */
import type { Context } from 'hono'
import type { AppEnv } from '../http/app-env'
import { clientAddress } from '../http/client-address'
import { ApiError, toApiError } from '../http/errors'
import { liveHub } from './hub'
import { FULL_RETRY_AFTER_S, KEEPALIVE_MS, MAX_PAGES_PER_CLIENT } from './limits'
import { watchedTags } from './tags'

export const LIVE_PATH = '/api/live'

export async function handleLive(c: Context<AppEnv>): Promise<Response> {
  const watched = watchedTags(c.req.query('tags'))
  if ('problem' in watched) throw new ApiError(400, 'BAD_REQUEST', watched.problem)
  const client = clientAddress(c.req.raw, c.env.env)
  if (c.env.live) {
    if (c.req.header('upgrade')?.toLowerCase() !== 'websocket') {
      throw new ApiError(
        426,
        'UPGRADE_REQUIRED',
        'Changes stream over a WebSocket here: connect with Upgrade: websocket.',
      )
    }
    return c.env.live.connect(c.req.raw, watched.tags, client)
  }
  // HEAD (answered from this GET route) gets the headers only: a stream nobody reads would hold a place.
  if (c.req.method === 'HEAD') return new Response(null, { headers: STREAM_HEADERS })
  const stream = eventStream(watched.tags, client, c.env.env.liveStreamsPerProcess)
  if (stream !== 'full') return stream
  // The process holds all the streams it may: the page polls (and tries again later).
  const message =
    'This server holds as many live pages as it can: read again from time to time, or retry after Retry-After seconds.'
  const { body } = toApiError(new ApiError(503, 'SERVICE_UNAVAILABLE', message))
  return c.json(body, 503, { 'retry-after': String(FULL_RETRY_AFTER_S) })
}

const STREAM_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-store',
  'x-accel-buffering': 'no',
}

/** The page's stream, or 'full' when this process holds LIVE_STREAMS_PER_PROCESS already. */
function eventStream(tags: string[], client: string, perProcess: number): Response | 'full' {
  const encoder = new TextEncoder()
  let stop: (() => void) | undefined
  let full: 'client' | 'process' | undefined
  let keepalive: ReturnType<typeof setInterval> | undefined
  const end = () => {
    stop?.()
    clearInterval(keepalive)
  }
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text))
        } catch {
          end() // the page went away
        }
      }
      const watching = liveHub().watch(tags, client, { perClient: MAX_PAGES_PER_CLIENT, perProcess }, (changed) =>
        send(`event: change\ndata: ${JSON.stringify({ tags: changed })}\n\n`),
      )
      if ('full' in watching) {
        full = watching.full
        return
      }
      stop = watching.stop
      send(`retry: 3000\n: watching ${tags.join(',')}\n\n`)
      keepalive = setInterval(() => send(': keep-alive\n\n'), KEEPALIVE_MS)
    },
    cancel: end,
  })
  if (full === 'process') return 'full'
  if (full === 'client') {
    throw new ApiError(429, 'TOO_MANY_REQUESTS', `At most ${MAX_PAGES_PER_CLIENT} live pages a client; close some.`)
  }
  return new Response(stream, { headers: STREAM_HEADERS })
}
