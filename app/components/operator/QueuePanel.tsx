import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTRPC } from '../../lib/trpc-react'
import { EmptyState, ErrorState } from '../ui/states'
import { actionButton, Panel } from './parts'
import { QueueRow } from './QueueRow'
import type { Role } from './rules'

/** How often the queue is read again while the page is visible (besides the live page's changes). */
export const QUEUE_POLL_MS = 15_000
const PAGE = 10

/** Open reports grouped by target, most reported and oldest first, a page at a time. */
export function QueuePanel({ role }: { role: Role }) {
  const trpc = useTRPC()
  // The cursors of the pages before this one: "Previous" goes back without a reverse cursor.
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined])
  const cursor = cursors.at(-1)
  const queue = useQuery({
    ...trpc.operator.queue.queryOptions({ cursor, limit: PAGE }),
    refetchInterval: QUEUE_POLL_MS,
  })
  return (
    <Panel
      title="Report queue"
      lead="Most reported first, then the one waiting longest. Media stays blurred until you ask to see it."
      testId="queue"
    >
      {queue.isError ? (
        <ErrorState message={queue.error.message} onRetry={() => void queue.refetch()} />
      ) : !queue.data ? (
        <p className="text-sm text-jacarta-500">Loading the queue…</p>
      ) : queue.data.data.length === 0 ? (
        <EmptyState title="No open reports" detail="Reports appear here as soon as someone files one." />
      ) : (
        <>
          <ul className="space-y-4">
            {queue.data.data.map((row) => (
              <QueueRow key={row.key} row={row} role={role} />
            ))}
          </ul>
          <div className="mt-4 flex gap-2">
            {cursors.length > 1 && (
              <button type="button" className={actionButton} onClick={() => setCursors((c) => c.slice(0, -1))}>
                Previous
              </button>
            )}
            {queue.data.nextCursor && (
              <button
                type="button"
                className={actionButton}
                onClick={() => setCursors((c) => [...c, queue.data.nextCursor!])}
              >
                Next
              </button>
            )}
          </div>
        </>
      )}
    </Panel>
  )
}
