import { useQuery } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { moderatorInput } from '../../../server/inputs/moderation'
import { useTRPC } from '../../lib/trpc-react'
import { AddressLink } from '../AddressLink'
import { dialogControl } from '../ui/DialogField'
import { ErrorState } from '../ui/states'
import { actionButton, dangerButton, Panel, Time } from './parts'
import type { Role } from './rules'
import { useModerationWrite } from './use-moderation-write'

/** Who moderates: operators (configuration) and moderators, granted and revoked here by operators. */
export function ModeratorsPanel({ role }: { role: Role }) {
  const trpc = useTRPC()
  const write = useModerationWrite()
  const list = useQuery(trpc.moderation.moderators.queryOptions())
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const run = (work: () => Promise<unknown>) => {
    setBusy(true)
    setProblem(null)
    return work()
      .catch((error: unknown) => setProblem(error instanceof Error ? error.message : String(error)))
      .finally(() => setBusy(false))
  }
  const grant = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = event.currentTarget
    const parsed = moderatorInput.safeParse({ address: new FormData(form).get('address') })
    if (!parsed.success) return setProblem('Write the wallet address (0x and 40 hexadecimal digits).')
    void run(async () => {
      await write((client) => client.moderation.grantModerator.mutate(parsed.data))
      form.reset()
    })
  }
  return (
    <Panel
      title="Moderators"
      lead="Operators are named in OPERATORS; they grant and revoke the moderator role here."
      testId="moderators"
    >
      {list.isError ? (
        <ErrorState message={list.error.message} onRetry={() => void list.refetch()} />
      ) : !list.data ? (
        <p className="text-sm text-jacarta-500">Loading…</p>
      ) : (
        <ul className="divide-y divide-jacarta-100 text-sm dark:divide-jacarta-700">
          {list.data.operators.map((address) => (
            <li key={address} className="flex flex-wrap items-center gap-2 py-2">
              <AddressLink address={address} />
              <span className="rounded-full bg-accent/10 px-2 text-xs text-accent">operator</span>
            </li>
          ))}
          {list.data.moderators.map((m) => (
            <li key={m.address} data-testid="moderator" className="flex flex-wrap items-center gap-2 py-2">
              <AddressLink address={m.address} />
              <span className="text-xs text-jacarta-500 dark:text-jacarta-300">
                moderator, granted <Time iso={m.grantedAt} /> by <AddressLink address={m.grantedBy} />
              </span>
              {role === 'operator' && (
                <button
                  type="button"
                  disabled={busy}
                  className={`${dangerButton} ml-auto`}
                  onClick={() =>
                    void run(() => write((client) => client.moderation.revokeModerator.mutate({ address: m.address })))
                  }
                >
                  Revoke
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {role === 'operator' && (
        <form onSubmit={grant} className="mt-4 flex flex-wrap items-end gap-2" noValidate>
          <div className="min-w-0 flex-1">
            <label htmlFor="grant-address" className="block text-sm font-semibold">
              Make a wallet a moderator
            </label>
            <input id="grant-address" name="address" placeholder="0x…" className={dialogControl} />
          </div>
          <button type="submit" disabled={busy} className={`${actionButton} h-12 px-5`}>
            Grant
          </button>
        </form>
      )}
      {problem && (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
          {problem}
        </p>
      )}
    </Panel>
  )
}
