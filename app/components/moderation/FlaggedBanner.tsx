import { flaggedBanner } from '../../lib/flagged'

/** Above an item this marketplace flagged stolen: why nothing of it can be traded here. */
export function FlaggedBanner({ flag }: { flag: { decidedAt: string; reason: string } }) {
  return (
    <p
      role="alert"
      data-testid="flagged-banner"
      className="mt-4 rounded-xl border border-red/30 bg-red/5 px-4 py-3 text-sm font-semibold text-red-700 dark:text-red-400"
    >
      {flaggedBanner(flag)}
    </p>
  )
}
