import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { RouterOutputs } from '../../../server/trpc/root'
import { relativeTime } from '../../lib/format'
import { useTRPC } from '../../lib/trpc-react'

type Metadata = RouterOutputs['nft']['byId']['metadata']

/**
 * An imported token's metadata as read from its own URI: why it is missing (the last read's
 * reason, the next try), and a "Refresh metadata" button that puts it back in the queue.
 */
export function MetadataStatus({ nftId, metadata }: { nftId: number; metadata: Metadata }) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const refresh = useMutation(
    trpc.nft.refreshMetadata.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.nft.byId.queryKey({ id: nftId }) }),
    }),
  )
  if (!metadata.refreshable) return null
  return (
    <div className="mt-6 rounded-xl border border-jacarta-100 p-4 text-sm dark:border-jacarta-600">
      {metadata.status === 'pending' && !metadata.error && <p>Metadata is being read from the token&apos;s URI.</p>}
      {metadata.error && (
        <p>
          {metadata.status === 'failed' ? 'Metadata could not be read' : 'The last read of its metadata failed'}:{' '}
          <span className="font-semibold">{metadata.error}</span>
          {metadata.status === 'pending' && metadata.nextAttemptAt && (
            <> (next try {relativeTime(metadata.nextAttemptAt)})</>
          )}
        </p>
      )}
      <button
        type="button"
        onClick={() => refresh.mutate({ id: nftId })}
        disabled={refresh.isPending}
        className="mt-2 rounded-full border border-jacarta-100 px-4 py-1.5 font-semibold hover:border-accent hover:text-accent disabled:opacity-60 dark:border-jacarta-600"
      >
        {refresh.isPending ? 'Queuing…' : 'Refresh metadata'}
      </button>
      {refresh.isSuccess && (
        <p role="status" className="mt-2 font-semibold text-green-700 dark:text-green-400">
          Queued: its metadata will be read again within a minute.
        </p>
      )}
      {refresh.error && (
        <p role="alert" className="mt-2 text-red-700 dark:text-red-400">
          {refresh.error.message}
        </p>
      )}
    </div>
  )
}
