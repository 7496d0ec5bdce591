import { Link } from '@tanstack/react-router'
import type { RouterOutputs } from '../../../server/trpc/root'
import { relativeTime } from '../../lib/format'
import { useWallet } from '../../wallet/WalletProvider'

type Indexing = NonNullable<RouterOutputs['collection']['byIdOrSlug']['indexing']>

const STATUS: Record<Indexing['status'], string> = {
  pending: 'Waiting to read its history from the chain',
  backfilling: 'Reading its history from the chain',
  following: 'Up to date with the chain',
  failed: 'Reading the chain failed',
  paused: 'Indexing paused',
}

/**
 * An imported collection's backfill: how far its transfers have been read, and how many tokens
 * were found. A paused one says why, and tells its owner (signed in) what to do.
 */
export function IndexingProgress({ indexing, owner }: { indexing: Indexing; owner: string | null }) {
  const { session } = useWallet()
  const isOwner =
    owner !== null && session.address !== undefined && session.address.toLowerCase() === owner.toLowerCase()
  const { fromBlock, indexedBlock, headBlock } = indexing
  const span = fromBlock !== null && headBlock !== null ? headBlock - fromBlock + 1 : null
  const done = span && indexedBlock !== null && fromBlock !== null ? Math.max(0, indexedBlock - fromBlock + 1) : 0
  const percent = span ? Math.min(100, Math.floor((done / span) * 100)) : 0
  const busy = indexing.status === 'pending' || indexing.status === 'backfilling'
  return (
    <section
      aria-label="Indexing"
      data-testid="indexing"
      data-status={indexing.status}
      className="mt-6 max-w-3xl rounded-xl border border-jacarta-100 p-4 text-sm dark:border-jacarta-700"
    >
      <p className="font-semibold">{STATUS[indexing.status]}</p>
      {indexing.status === 'failed' && (
        <p className="mt-2" data-testid="indexing-failure">
          {indexing.error && <span className="font-semibold">{indexing.error}</span>}{' '}
          {indexing.retryAt ? (
            <>Its next read is due {relativeTime(indexing.retryAt)}; the waits double while it fails.</>
          ) : (
            <>
              No more tries are planned:{' '}
              <Link to="/add-collection" className="font-semibold text-accent underline">
                add it again by its address
              </Link>{' '}
              to try now.
            </>
          )}
        </p>
      )}
      {indexing.status === 'paused' && (
        <div className="mt-2" data-testid="indexing-paused">
          <p className="font-semibold">{indexing.error}</p>
          <p className="mt-1">
            Owners, listings and sales here stay as they were at block{' '}
            {indexing.indexedBlock?.toLocaleString('en-US') ?? '?'} until it is read again.
          </p>
          {isOwner && (
            <p className="mt-1" data-testid="indexing-paused-owner">
              You own this contract. Vitrine reads it no further for the reason above; once that is behind it,{' '}
              <Link to="/add-collection" className="font-semibold text-accent underline">
                add it again by its address
              </Link>{' '}
              to resume.
            </p>
          )}
        </div>
      )}
      {busy && (
        <progress className="mt-2 h-2 w-full accent-accent" max={100} value={percent} aria-label="Blocks read">
          {percent}%
        </progress>
      )}
      <p className="mt-2 text-jacarta-500 dark:text-jacarta-200">
        Blocks {fromBlock?.toLocaleString('en-US') ?? '?'} to {headBlock?.toLocaleString('en-US') ?? '?'}
        {indexedBlock !== null && <> · read up to {indexedBlock.toLocaleString('en-US')}</>} ·{' '}
        {indexing.tokens.toLocaleString('en-US')} token{indexing.tokens === 1 ? '' : 's'} found
      </p>
    </section>
  )
}
