import { lazy, Suspense, useState, type ReactNode } from 'react'
import type { DecisionNotice } from '../../lib/moderation'

// Rare on any page: their words load only where a decision shows (first-load budget, ADR 29).
const Hidden = lazy(() => import('./HiddenNotice').then((m) => ({ default: m.HiddenNotice })))
const Warning = lazy(() => import('./SpamWarning').then((m) => ({ default: m.SpamWarning })))

/** What a hidden item, collection or profile's page shows instead of it. */
export function HiddenPage({ notice, what }: { notice: DecisionNotice; what: string }) {
  return (
    <Suspense fallback={null}>
      <Hidden notice={notice} what={what} />
    </Suspense>
  )
}

/**
 * A collection marked spam or a scam (and its items) shows its warning first, and the page only
 * once the visitor chooses to go on; the server's HTML holds the warning alone.
 */
export function SpamGate({
  notice,
  what,
  children,
}: {
  notice: DecisionNotice | null
  what: string
  children: ReactNode
}) {
  const [goOn, setGoOn] = useState(false)
  if (!notice || goOn) return children
  return (
    <Suspense fallback={null}>
      <Warning notice={notice} what={what} onGoOn={() => setGoOn(true)} />
    </Suspense>
  )
}
