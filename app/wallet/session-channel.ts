/** Tabs tell each other when the visitor signs in or out (BroadcastChannel). */
const CHANNEL = 'vitrine-session'

/** Other tabs refresh their session when this one signs in or out. */
export function announceSessionChange() {
  if (typeof BroadcastChannel === 'undefined') return
  const channel = new BroadcastChannel(CHANNEL)
  channel.postMessage('changed')
  channel.close()
}

export function onSessionChangeElsewhere(callback: () => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => {}
  const channel = new BroadcastChannel(CHANNEL)
  channel.onmessage = callback
  return () => channel.close()
}
