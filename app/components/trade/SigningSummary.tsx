import type { SigningSummary as Summary } from '../../../chain/signing'

/**
 * What the wallet is about to give and get, in words decoded from the very order or calls it will
 * sign or send (chain/signing.ts: describeOrder, describeOrders, describeFill, describeFills,
 * describeCancel, then summarize). Props:
 * - `summary`: the decoder's answer; its warnings are shown first, loudly.
 * - `onConfirm`: when given, two buttons: go on to the wallet (true) or stop (false). TradeStatus
 *   passes it while a summary with warnings waits; a new dialog that runs its own flow may too.
 * Plain text only, so it costs the eager bundle almost nothing.
 */
export function SigningSummary({ summary, onConfirm }: { summary: Summary; onConfirm?: (go: boolean) => void }) {
  return (
    <section data-testid="signing-summary" aria-label="What you sign" className="mb-3 text-jacarta-700 dark:text-white">
      <p className="font-semibold">{summary.action}</p>
      {summary.warnings.length > 0 && (
        <ul
          role="alert"
          data-testid="signing-warnings"
          className="mt-2 list-disc space-y-1 rounded-lg bg-red-50 py-2 pr-2 pl-6 text-red-800 dark:bg-red-950 dark:text-red-200"
        >
          {summary.warnings.map((warning) => (
            <li key={warning}>{warning}</li>
          ))}
        </ul>
      )}
      {summary.orders.map((order, i) => (
        <div key={i} className="mt-2" data-testid="signing-order">
          <p>
            <span className="font-semibold">You give:</span> {order.give}.
          </p>
          <p>
            <span className="font-semibold">You get:</span> {order.get}
            {order.detail ? ` — ${order.detail}` : ''}.
          </p>
          {order.note && <p className="text-jacarta-500 dark:text-jacarta-200">{order.note}.</p>}
        </div>
      ))}
      {summary.total && (
        <p className="mt-2 font-semibold" data-testid="signing-total">
          In all: you give {summary.total.give}; you get {summary.total.get}.
        </p>
      )}
      {onConfirm && (
        <div className="mt-3 flex gap-2">
          <button
            type="button"
            onClick={() => onConfirm(true)}
            className="rounded-full bg-red-700 px-4 py-1.5 font-semibold text-white hover:bg-red-800"
          >
            Continue to the wallet anyway
          </button>
          <button
            type="button"
            onClick={() => onConfirm(false)}
            className="rounded-full border border-jacarta-200 px-4 py-1.5 font-semibold hover:border-accent"
          >
            Stop
          </button>
        </div>
      )}
    </section>
  )
}
