/**
 * The open page's line to /api/live (server/live/stream.ts): a WebSocket on Workers, server-sent
 * events on Node, polling where neither works. Loaded on demand, once a page asks to be live.
 */

export type LiveTransport = 'websocket' | 'events'

/** Without a working stream, what the page shows is refetched this often. */
const POLL_MS = 20_000
/** Failed connections in a row before the page settles for polling. */
const MAX_FAILURES = 3
const PING_MS = 30_000

/** Calls `onChange` when one of `tags` changes (and after a reconnection, which may have missed one). */
export function connectLive(tags: string[], onChange: () => void, transport: LiveTransport): () => void {
  const url = `/api/live?tags=${encodeURIComponent(tags.join(','))}`
  let stopped = false
  let failures = 0
  let everOpen = false
  let poll: ReturnType<typeof setInterval> | undefined
  let retry: ReturnType<typeof setTimeout> | undefined
  let close: (() => void) | undefined

  const opened = () => {
    if (everOpen) onChange()
    everOpen = true
    failures = 0
  }
  const failed = () => {
    close?.()
    if (stopped) return
    failures += 1
    if (failures >= MAX_FAILURES) poll = setInterval(onChange, POLL_MS)
    else retry = setTimeout(open, 1_000 * 2 ** failures)
  }

  function open() {
    if (stopped) return
    if (transport === 'websocket' && typeof WebSocket === 'function') {
      const socket = new WebSocket(new URL(url, location.href.replace(/^http/, 'ws')))
      let ping: ReturnType<typeof setInterval> | undefined
      let wasOpen = false
      socket.onopen = () => {
        wasOpen = true
        opened()
        ping = setInterval(() => socket.send('ping'), PING_MS)
      }
      socket.onmessage = (event) => {
        if (event.data !== 'pong') onChange()
      }
      socket.onclose = () => {
        clearInterval(ping)
        // A socket that was open is reopened at once; one that never opened counts as a failure.
        if (stopped) return
        if (wasOpen) retry = setTimeout(open, 1_000)
        else failed()
      }
      close = () => socket.close()
    } else if (typeof EventSource === 'function') {
      const source = new EventSource(url)
      source.onopen = opened
      source.addEventListener('change', onChange)
      // The browser reconnects a dropped stream by itself; a refused one is closed for good.
      source.onerror = () => {
        if (source.readyState === EventSource.CLOSED) failed()
      }
      close = () => source.close()
    } else {
      poll = setInterval(onChange, POLL_MS)
    }
  }

  open()
  return () => {
    stopped = true
    close?.()
    clearInterval(poll)
    clearTimeout(retry)
  }
}
