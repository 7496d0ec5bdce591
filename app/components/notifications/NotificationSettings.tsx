import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { SettingsSection } from '../ui/SettingsSection'
import { useState } from 'react'
import { NOTIFICATION_CHANNELS, NOTIFICATION_KINDS } from '../../../db/notification-kinds'
import { useTRPC } from '../../lib/trpc-react'
import { CHANNEL_LABELS, KIND_LABELS } from './kinds'

/** Per kind and channel: what the signed-in wallet is told where. Saved as each box changes. */
export function NotificationSettings() {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const preferences = useQuery(trpc.notifications.preferences.queryOptions())
  // What was just clicked shows at once, before the save answers (a failed save puts it back).
  const [clicked, setClicked] = useState<Record<string, boolean>>({})
  const save = useMutation(
    trpc.notifications.savePreferences.mutationOptions({
      onSuccess: (saved) => queryClient.setQueryData(trpc.notifications.preferences.queryKey(), saved),
      onSettled: () => setClicked({}),
    }),
  )

  return (
    <SettingsSection
      name="notifications"
      title="Notifications"
      id="notifications"
      lead="Choose what you are told, and where. Emails are grouped: at most one every five minutes, with everything that happened meanwhile in it. Webhooks get every event as it happens, each signed."
    >
      {preferences.isError ? (
        <p role="alert" className="mt-4 text-sm text-red-700 dark:text-red-400">
          {preferences.error.message}
        </p>
      ) : (
        <div className="mt-4 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead>
              <tr>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Event
                </th>
                {NOTIFICATION_CHANNELS.map((channel) => (
                  <th key={channel} scope="col" className="px-2 py-2 text-center font-semibold">
                    {CHANNEL_LABELS[channel]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {NOTIFICATION_KINDS.map((kind) => (
                <tr key={kind} className="border-t border-jacarta-100 dark:border-jacarta-600">
                  <th scope="row" className="py-2 pr-4 font-normal">
                    {KIND_LABELS[kind]}
                  </th>
                  {NOTIFICATION_CHANNELS.map((channel) => {
                    const checked = clicked[`${kind}.${channel}`] ?? preferences.data?.[kind][channel] ?? false
                    return (
                      <td key={channel} className="px-2 py-2 text-center">
                        <input
                          type="checkbox"
                          className="h-4 w-4 accent-accent"
                          aria-label={`${KIND_LABELS[kind]}: ${CHANNEL_LABELS[channel]}`}
                          checked={checked}
                          disabled={!preferences.data}
                          onChange={(event) => {
                            const on = event.target.checked
                            setClicked((now) => ({ ...now, [`${kind}.${channel}`]: on }))
                            save.mutate({ [kind]: { [channel]: on } })
                          }}
                        />
                      </td>
                    )
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {save.isError && (
        <p role="alert" className="mt-3 text-sm text-red-700 dark:text-red-400">
          {save.error.message}
        </p>
      )}
      {save.isSuccess && (
        <p role="status" className="mt-3 text-sm">
          Saved.
        </p>
      )}
    </SettingsSection>
  )
}
