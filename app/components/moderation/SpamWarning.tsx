import { spamWord, type DecisionNotice } from '../../lib/moderation'

/**
 * The warning a collection marked spam or a scam (and its items) shows before its page
 * (./notices.tsx decides when): why, and a button to go on.
 */
export function SpamWarning({ notice, what, onGoOn }: { notice: DecisionNotice; what: string; onGoOn: () => void }) {
  return (
    <section className="mx-auto max-w-2xl px-4 py-20 sm:px-6" role="alert" data-testid="spam-warning">
      <h1 className="font-display text-3xl font-bold">{`This marketplace marked this collection as ${spamWord(notice)}`}</h1>
      <p className="mt-4 whitespace-pre-line text-jacarta-500 dark:text-jacarta-200">{notice.reason}</p>
      <p className="mt-4 text-sm text-jacarta-500 dark:text-jacarta-200">
        {notice.categoryLabel}, decided <time dateTime={notice.decidedAt}>{notice.decidedAt.slice(0, 10)}</time>. It is
        left out of browsing and search. Think twice before you buy, offer or connect anything here.
      </p>
      <button type="button" onClick={onGoOn} className="mt-8 rounded-full bg-accent px-6 py-3 font-semibold text-white">
        {`Show this ${what} anyway`}
      </button>
    </section>
  )
}
