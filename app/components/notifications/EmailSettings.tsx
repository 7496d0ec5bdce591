import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { buttonClass, quietButtonClass, SettingsSection } from '../ui/SettingsSection'
import { useSearch } from '@tanstack/react-router'
import { Field, FormError } from '../ui/Field'
import { useSchemaForm } from '../../lib/form'
import { useTRPC } from '../../lib/trpc-react'
import { notificationEmailInput } from '../../../server/inputs/notification-email'

/** What the mailed confirmation link reports when it brings its owner back here (`?email=`). */
const OUTCOMES: Record<string, { text: string; ok: boolean }> = {
  confirmed: { text: 'Your email address is confirmed: notifications you chose will be mailed to it.', ok: true },
  expired: { text: 'That confirmation link has expired. Send a new one below.', ok: false },
  invalid: { text: 'That confirmation link is not valid (already used, or replaced by a newer one).', ok: false },
}

/**
 * The address the signed-in wallet's notifications are mailed to: its state (waiting for the
 * confirmation link, confirmed, bouncing), a form to set or change it (a confirmation mail goes at
 * once), and a button to remove it. Only the wallet's owner sees it.
 */
export function EmailSettings({ address }: { address: string }) {
  const trpc = useTRPC()
  const session = useQuery(trpc.session.queryOptions())
  const isOwner = session.data?.address.toLowerCase() === address.toLowerCase()
  if (!isOwner) return null
  return <OwnEmailSettings />
}

function OwnEmailSettings() {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const search = useSearch({ strict: false }) as { email?: unknown }
  const outcome = typeof search.email === 'string' ? OUTCOMES[search.email] : undefined
  const settings = useQuery(trpc.notifications.email.get.queryOptions())
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.notifications.email.get.queryKey() })
  const set = useMutation(trpc.notifications.email.set.mutationOptions({ onSuccess: refresh }))
  const remove = useMutation(trpc.notifications.email.remove.mutationOptions({ onSuccess: refresh }))
  const form = useSchemaForm({
    schema: notificationEmailInput,
    onValid: (value) => set.mutate(value, { onError: form.fromServer }),
  })
  const state = settings.data

  return (
    <SettingsSection
      name="email"
      title="Email notifications"
      lead="Get an email when something happens to what you hold, list or bid on. Several at once come as one mail."
    >
      {outcome && (
        <p
          role="status"
          className={`mt-4 rounded-xl p-4 text-sm font-semibold ${outcome.ok ? 'bg-green/10' : 'bg-red-500/10'}`}
        >
          {outcome.text}
        </p>
      )}
      {settings.isError && (
        <p role="alert" className="mt-4 text-sm text-red-700 dark:text-red-400">
          {settings.error.message}
        </p>
      )}
      {state && !state.available && (
        <p role="note" className="mt-4 rounded-xl bg-accent/10 p-4 text-sm">
          This server does not send email (its operator has not configured mail), so none can be set up here.
        </p>
      )}
      {state?.email && (
        <div className="mt-4 rounded-xl border border-jacarta-100 p-4 text-sm dark:border-jacarta-600">
          <p>
            <span className="font-semibold">{state.email}</span>{' '}
            <EmailState confirmed={state.confirmed} pending={state.pending} bouncing={state.bouncing} />
          </p>
          {state.bouncing && (
            <p className="mt-2 text-jacarta-500 dark:text-jacarta-300">
              A mail to this address bounced{state.bouncing.reason ? ` (${state.bouncing.reason})` : ''}, so nothing
              more is sent to it. Check the address and send the confirmation again.
            </p>
          )}
          {state.pending && !state.bouncing && (
            <p className="mt-2 text-jacarta-500 dark:text-jacarta-300">
              Check your inbox: open the link we mailed to confirm this address. Nothing else is mailed until then.
            </p>
          )}
          <button
            type="button"
            disabled={remove.isPending}
            onClick={() => remove.mutate()}
            className={`${quietButtonClass} mt-4`}
          >
            {remove.isPending ? 'Removing…' : 'Remove this address'}
          </button>
          {remove.isError && (
            <p role="alert" className="mt-3 text-sm text-red-700 dark:text-red-400">
              {remove.error.message}
            </p>
          )}
        </div>
      )}
      {state?.available && (
        <form className="mt-6 space-y-5" {...form.props}>
          <fieldset disabled={set.isPending} className="space-y-5 disabled:opacity-60">
            <Field
              name="email"
              label={state.email ? 'Change the address' : 'Email address'}
              type="email"
              autoComplete="email"
              maxLength={254}
              defaultValue={state.bouncing || state.pending ? (state.email ?? '') : ''}
              error={form.errors.email}
            />
            <button type="submit" className={buttonClass}>
              {set.isPending ? 'Sending…' : 'Send confirmation link'}
            </button>
          </fieldset>
          {set.isSuccess && (
            <p role="status" className="rounded-xl bg-green/10 p-4 font-semibold">
              {set.data.mailed
                ? `We mailed a confirmation link to ${set.data.email}. It works for 24 hours.`
                : 'This address is already confirmed.'}
            </p>
          )}
          <FormError message={form.formError} />
        </form>
      )}
    </SettingsSection>
  )
}

function EmailState({
  confirmed,
  pending,
  bouncing,
}: {
  confirmed: boolean
  pending: boolean
  bouncing: { at: string; reason: string | null } | null
}) {
  const [label, tone] = bouncing
    ? ['bouncing', 'bg-red-500/10 text-red-700 dark:text-red-400']
    : confirmed
      ? ['confirmed', 'bg-green/10 text-green']
      : pending
        ? ['waiting for confirmation', 'bg-accent/10 text-accent']
        : ['not confirmed', 'bg-jacarta-100 dark:bg-jacarta-600']
  return <span className={`ml-2 rounded-full px-2 py-0.5 text-xs font-semibold ${tone}`}>{label}</span>
}
