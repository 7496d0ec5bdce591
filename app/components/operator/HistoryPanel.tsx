import { useQuery } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import type { DecisionTargetInput } from '../../../server/inputs/decisions'
import { useTRPC } from '../../lib/trpc-react'
import { dialogControl } from '../ui/DialogField'
import { ErrorState } from '../ui/states'
import { DecisionHistory } from './DecisionHistory'
import { actionButton, Panel } from './parts'
import { targetFromText, targetWord, type Role } from './rules'

/**
 * A target's decisions, found by its page's address or its id: how a decision whose reports are
 * closed (it left the queue) is reversed later.
 */
export function HistoryPanel({ role }: { role: Role }) {
  const trpc = useTRPC()
  const [target, setTarget] = useState<DecisionTargetInput | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const history = useQuery({
    ...trpc.moderation.decisions.queryOptions({ target: target ? targetWord(target) : '' }),
    enabled: target !== null,
  })
  const find = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const text = new FormData(event.currentTarget).get('target')
    const found = targetFromText(typeof text === 'string' ? text : '')
    setProblem(found ? null : 'Paste an item, collection or profile link, or write item 12, collection my-slug or 0x…')
    setTarget(found)
  }
  return (
    <Panel
      title="Find a decision"
      lead="Find what was decided about an item, a collection or a profile, and reverse it."
      testId="history"
    >
      <form onSubmit={find} noValidate>
        <div>
          <label htmlFor="history-target" className="block text-sm font-semibold">
            Item, collection or profile
          </label>
          <input
            id="history-target"
            name="target"
            placeholder="/item/12, collection my-slug, 0x…"
            aria-invalid={!!problem}
            aria-describedby="history-target-error"
            className={dialogControl}
          />
        </div>
        <button type="submit" className={`${actionButton} mt-2 px-5 py-2`}>
          Show decisions
        </button>
      </form>
      <p id="history-target-error" className="mt-1 min-h-5 text-sm text-red-700 dark:text-red-400">
        {problem}
      </p>
      {target &&
        (history.isError ? (
          <ErrorState message={history.error.message} />
        ) : !history.data ? (
          <p className="text-sm text-jacarta-500">Loading…</p>
        ) : history.data.data.length === 0 ? (
          <p className="text-sm text-jacarta-500 dark:text-jacarta-200">No decision was ever taken on it.</p>
        ) : (
          <DecisionHistory decisions={history.data.data} role={role} />
        ))}
    </Panel>
  )
}
