import { lazy, Suspense } from 'react'
import type { ReportTargetInput } from '../../../server/inputs/moderation'
import { useWallet } from '../../wallet/WalletProvider'

// The button and its form (zod, the tRPC client) load only for a signed-in wallet: a visitor
// who is not signed in downloads none of it (ADR 29).
const ReportControl = lazy(() => import('./ReportControl'))

/**
 * "Report" on an item, a collection or a profile page (ADR 44): shown to a signed-in wallet only,
 * it opens a small dialog to send a report to this marketplace's moderators.
 */
export function ReportButton(props: { target: ReportTargetInput; what: string }) {
  const { session } = useWallet()
  if (session.status !== 'authenticated') return null
  return (
    <Suspense fallback={null}>
      <ReportControl {...props} />
    </Suspense>
  )
}
