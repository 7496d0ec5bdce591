import type { DecisionNotice } from '../../lib/moderation'

/**
 * What the page of a hidden item, collection or profile shows instead of it: that this
 * marketplace hid it, why and when. No picture, name or text of its own (it may be what broke the law).
 */
export function HiddenNotice({ notice, what }: { notice: DecisionNotice; what: string }) {
  const legal = notice.httpStatus === 451
  return (
    <section className="mx-auto max-w-2xl px-4 py-20 sm:px-6" data-testid="hidden-notice">
      <h1 className="font-display text-3xl font-bold">{`This ${what} was hidden by this marketplace`}</h1>
      <p className="mt-4 text-jacarta-500 dark:text-jacarta-200">
        {legal
          ? 'It is unavailable for legal reasons.'
          : 'It is no longer shown here: it is left out of every list and search.'}
      </p>
      <dl className="mt-8 grid grid-cols-[max-content_1fr] gap-x-6 gap-y-3 text-sm">
        <dt className="font-semibold">Reason</dt>
        <dd>{notice.categoryLabel}</dd>
        <dt className="font-semibold">Statement</dt>
        <dd className="whitespace-pre-line">{notice.reason}</dd>
        <dt className="font-semibold">Decided</dt>
        <dd>
          <time dateTime={notice.decidedAt}>{new Date(notice.decidedAt).toUTCString()}</time>
        </dd>
      </dl>
      <p className="mt-8 text-sm text-jacarta-500 dark:text-jacarta-200">
        If you own it or created it, you were told of this decision and may appeal it.
      </p>
    </section>
  )
}
