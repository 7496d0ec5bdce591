import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { buttonClass, quietButtonClass, SettingsSection } from '../ui/SettingsSection'
import { useState } from 'react'
import { relativeTime } from '../../lib/format'
import { useSchemaForm } from '../../lib/form'
import { useTRPC } from '../../lib/trpc-react'
import { webhookUrlInput } from '../../../server/inputs/notification-webhook'
import { DataTable, rowClass } from '../ui/DataTable'
import { Field, FormError } from '../ui/Field'

/**
 * The signed-in wallet's webhook: where its notifications are posted (signed, as Standard
 * Webhooks says), the secret shown once when made, a test event, and the delivery log. Only the
 * wallet's owner sees it.
 */
export function WebhookSettings({ address }: { address: string }) {
  const trpc = useTRPC()
  const session = useQuery(trpc.session.queryOptions())
  if (session.data?.address.toLowerCase() !== address.toLowerCase()) return null
  return <OwnWebhookSettings />
}

function OwnWebhookSettings() {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const webhook = useQuery(trpc.notifications.webhook.get.queryOptions())
  const [secret, setSecret] = useState<string | null>(null)
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.notifications.webhook.pathKey() })
  const shown = (data: { secret: string }) => {
    setSecret(data.secret)
    void refresh()
  }
  const set = useMutation(trpc.notifications.webhook.set.mutationOptions({ onSuccess: shown }))
  const rotate = useMutation(trpc.notifications.webhook.rotate.mutationOptions({ onSuccess: shown }))
  const remove = useMutation(
    trpc.notifications.webhook.remove.mutationOptions({
      onSuccess: () => {
        setSecret(null)
        void refresh()
      },
    }),
  )
  const test = useMutation(trpc.notifications.webhook.test.mutationOptions({ onSettled: () => void refresh() }))
  const form = useSchemaForm({
    schema: webhookUrlInput,
    onValid: (value) => set.mutate(value, { onError: form.fromServer }),
  })
  const current = webhook.data

  return (
    <SettingsSection
      name="webhook"
      title="Webhook"
      lead="Have each notification posted to your own systems as it happens, signed as the Standard Webhooks specification says, so any of its libraries can check it came from here. A failed delivery is tried again after 5 s, 5 min, 30 min, 2 h, 5 h and 10 h."
    >
      {secret && (
        <div role="status" className="mt-4 rounded-xl bg-green/10 p-4 text-sm">
          <p className="font-semibold">Your signing secret. Store it now: it will not be shown again.</p>
          <input
            readOnly
            aria-label="Signing secret"
            value={secret}
            onFocus={(event) => event.target.select()}
            className="mt-2 w-full rounded-lg border border-jacarta-100 bg-white px-3 py-2 font-mono text-xs dark:border-jacarta-600 dark:bg-jacarta-700"
          />
        </div>
      )}
      {current && (
        <div className="mt-4 rounded-xl border border-jacarta-100 p-4 text-sm dark:border-jacarta-600">
          <p className="break-all">
            Posting to <span className="font-semibold">{current.url}</span>
          </p>
          <div className="mt-4 flex flex-wrap gap-3">
            <button type="button" className={quietButtonClass} disabled={test.isPending} onClick={() => test.mutate()}>
              {test.isPending ? 'Sending…' : 'Send a test event'}
            </button>
            <button
              type="button"
              className={quietButtonClass}
              disabled={rotate.isPending}
              onClick={() => rotate.mutate()}
            >
              New secret
            </button>
            <button
              type="button"
              className={quietButtonClass}
              disabled={remove.isPending}
              onClick={() => remove.mutate()}
            >
              Remove
            </button>
          </div>
          {test.data && (
            <p role="status" className="mt-3">
              {test.data.ok
                ? `The endpoint answered ${test.data.status} in ${test.data.durationMs} ms.`
                : `The test event was not taken: ${test.data.error}.`}
            </p>
          )}
          {[test, rotate, remove].map(
            (action, i) =>
              action.isError && (
                <p key={i} role="alert" className="mt-3 text-red-700 dark:text-red-400">
                  {action.error.message}
                </p>
              ),
          )}
        </div>
      )}
      <form className="mt-6 space-y-5" {...form.props}>
        <fieldset disabled={set.isPending} className="space-y-5 disabled:opacity-60">
          <Field
            name="url"
            label={current ? 'Change the URL' : 'Webhook URL'}
            type="url"
            maxLength={2048}
            error={form.errors.url}
          />
          <button type="submit" className={buttonClass}>
            {set.isPending ? 'Saving…' : current ? 'Save URL (new secret)' : 'Add webhook'}
          </button>
        </fieldset>
        <FormError message={form.formError} />
      </form>
      {current && <DeliveryLog />}
    </SettingsSection>
  )
}

function DeliveryLog() {
  const trpc = useTRPC()
  const log = useInfiniteQuery(
    trpc.notifications.webhook.deliveries.infiniteQueryOptions(
      { limit: 20 },
      { getNextPageParam: (page) => page.nextCursor ?? undefined },
    ),
  )
  const rows = log.data?.pages.flatMap((page) => page.data) ?? []
  return (
    <div className="mt-8">
      <h3 className="font-display font-semibold">Deliveries</h3>
      {rows.length === 0 ? (
        <p className="mt-2 text-sm text-jacarta-500 dark:text-jacarta-300">None yet.</p>
      ) : (
        <div className="mt-3">
          <DataTable columns={['Event', 'Status', 'Attempts', 'Last answer', 'When']}>
            {rows.map((row) => (
              <tr key={row.id} className={rowClass}>
                <td className="px-4 py-3">{row.title}</td>
                <td className="px-4 py-3">
                  {row.status}
                  {row.nextAttemptAt && ` (next ${relativeTime(row.nextAttemptAt)})`}
                </td>
                <td className="px-4 py-3">{row.attempts}</td>
                <td className="px-4 py-3 break-all">
                  {row.lastError ?? (row.lastStatus ? `HTTP ${row.lastStatus}` : '—')}
                  {row.durationMs !== null && ` · ${row.durationMs} ms`}
                </td>
                <td className="px-4 py-3 whitespace-nowrap">{relativeTime(row.lastAttemptAt ?? row.createdAt)}</td>
              </tr>
            ))}
          </DataTable>
        </div>
      )}
      {log.hasNextPage && (
        <button
          type="button"
          className="mt-3 text-sm font-semibold text-accent"
          onClick={() => void log.fetchNextPage()}
        >
          Show older
        </button>
      )}
    </div>
  )
}
