/**
 * Pages that update themselves: a page names the tags of what it shows (the edge cache's, from
 * db/cache-tags.ts), and when one changes its queries are refetched, without a reload.
 */
import { useQueryClient, type Query } from '@tanstack/react-query'
import { useEffect } from 'react'
import type { LiveTransport } from './live-connection'

declare global {
  interface ImportMetaEnv {
    /** Set by vite.config.ts: how this build's server streams changes. */
    readonly LIVE_TRANSPORT?: LiveTransport
  }
}

/** Several changes in a moment (a round's writes) are one refetch. */
const SETTLE_MS = 150
/** Queries that no market change moves: the session, the wallet's setup, the site's settings. */
const UNMOVED = new Set(['session', 'wallet', 'site'])

const movedByMarket = (query: Query) => {
  const [path] = query.queryKey as [unknown]
  return !(Array.isArray(path) && UNMOVED.has(String(path[0])))
}

export function useLivePage(tags: readonly (string | false | null | undefined)[]) {
  const queryClient = useQueryClient()
  const key = tags.filter(Boolean).join(',')
  useEffect(() => {
    if (!key) return
    let stop: (() => void) | undefined
    let cancelled = false
    let settle: ReturnType<typeof setTimeout> | undefined
    const refetch = () => {
      clearTimeout(settle)
      settle = setTimeout(() => void queryClient.invalidateQueries({ predicate: movedByMarket }), SETTLE_MS)
    }
    void import('./live-connection').then(({ connectLive }) => {
      if (!cancelled) stop = connectLive(key.split(','), refetch, import.meta.env.LIVE_TRANSPORT ?? 'events')
    })
    return () => {
      cancelled = true
      stop?.()
      clearTimeout(settle)
    }
  }, [key, queryClient])
}
