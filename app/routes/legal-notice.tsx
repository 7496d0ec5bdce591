import { useMutation } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { Field, FormError } from '../components/ui/Field'
import { buttonClass } from '../components/ui/SettingsSection'
import { PageHeading } from '../components/ui/states'
import { useSchemaForm } from '../lib/form'
import { oneOf, strictSearch } from '../lib/search-params'
import { pageTitle } from '../lib/seo'
import { useTRPC } from '../lib/trpc-react'
import { LEGAL_NOTICE_REASON_LABELS, LEGAL_NOTICE_REASONS } from '../../db/legal-notice-kinds'
import { legalNoticeInput } from '../../server/inputs/legal-notices'

/** What the confirmation link's redirect says (`?notice=`). */
const OUTCOMES = {
  confirmed: 'Your notice is confirmed: it is now in the moderators’ queue. You will hear from us by email.',
  used: 'This notice was confirmed already: it is in the moderators’ queue.',
  expired: 'This link expired (it works for 24 hours): send the notice again.',
  invalid: 'This link is not one we sent: send the notice again.',
} as const
type Outcome = keyof typeof OUTCOMES
const OUTCOME_NAMES = ['confirmed', 'used', 'expired', 'invalid'] as const satisfies readonly Outcome[]

export const Route = createFileRoute('/legal-notice')({
  validateSearch: strictSearch<{ notice?: Outcome }>((raw) => ({
    // A name of the list, never `in` (which `?notice=toString` passes).
    notice: oneOf(raw.notice, OUTCOME_NAMES),
  })),
  head: () => ({ meta: [{ title: pageTitle('Legal notice') }] }),
  component: LegalNoticePage,
})

const control =
  'mt-1 w-full rounded-xl border border-jacarta-100 bg-white px-4 py-3 text-sm dark:border-jacarta-600 dark:bg-jacarta-800'

/** The notice anyone sends without a wallet about content on this site; confirmed by a mailed link. */
function LegalNoticePage() {
  const { notice } = Route.useSearch()
  const trpc = useTRPC()
  const send = useMutation(trpc.legalNotices.submit.mutationOptions())
  const form = useSchemaForm({
    schema: legalNoticeInput,
    onValid: (input) => send.mutate(input, { onError: form.fromServer }),
  })
  const { errors } = form
  return (
    <section className="mx-auto max-w-2xl px-4 py-16 sm:px-6">
      <PageHeading
        title="Send a legal notice"
        lead="Content on this marketplace breaks the law or infringes your rights? Tell us; no wallet is needed. We confirm your email address first, then our moderators decide and tell you."
      />
      {notice && (
        <p role="status" className="mb-6 rounded-2xl bg-accent/10 p-4 font-semibold">
          {OUTCOMES[notice]}
        </p>
      )}
      {send.isSuccess ? (
        <p role="status" className="rounded-2xl bg-green/10 p-6 font-semibold">
          Notice {send.data.id} received. Open the link we mailed you within 24 hours to confirm it: only then does it
          reach our moderators.
        </p>
      ) : (
        <form className="space-y-5" {...form.props}>
          <Field name="name" label="Your name" autoComplete="name" required error={errors.name} />
          <Field name="email" label="Your email" type="email" autoComplete="email" required error={errors.email} />
          <Field
            name="content"
            label="The content (its address on this site, e.g. /item/12)"
            required
            maxLength={500}
            error={errors.content}
          />
          <div>
            <label htmlFor="notice-reason" className="text-sm font-semibold">
              What is wrong
            </label>
            <select id="notice-reason" name="reason" required className={control} aria-invalid={!!errors.reason}>
              {LEGAL_NOTICE_REASONS.map((reason) => (
                <option key={reason} value={reason}>
                  {LEGAL_NOTICE_REASON_LABELS[reason]}
                </option>
              ))}
            </select>
          </div>
          <Field
            name="infringed"
            label="The right infringed or the law broken"
            multiline
            required
            maxLength={1000}
            error={errors.infringed}
          />
          <Field name="statement" label="Explain (optional)" multiline maxLength={5000} error={errors.statement} />
          <div>
            <label className="flex items-start gap-3 text-sm">
              <input type="checkbox" name="goodFaith" required className="mt-1" aria-invalid={!!errors.goodFaith} />
              <span>I state in good faith that the information in this notice is accurate and complete.</span>
            </label>
            {errors.goodFaith && (
              <p className="mt-1 text-sm text-red-700 dark:text-red-400">Statement of good faith: {errors.goodFaith}</p>
            )}
          </div>
          <FormError message={form.formError} />
          <button type="submit" disabled={send.isPending} className={buttonClass}>
            {send.isPending ? 'Sending…' : 'Send notice'}
          </button>
        </form>
      )}
    </section>
  )
}
