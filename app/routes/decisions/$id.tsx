import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { createFileRoute, Link, notFound } from '@tanstack/react-router'
import { Field, FormError } from '../../components/ui/Field'
import { buttonClass } from '../../components/ui/SettingsSection'
import { PageHeading } from '../../components/ui/states'
import { useSchemaForm } from '../../lib/form'
import { pageTitle } from '../../lib/seo'
import { trpcErrorCode } from '../../lib/trpc-options'
import { useTRPC } from '../../lib/trpc-react'
import { appealInput } from '../../../server/inputs/decisions'
import type { RouterOutputs } from '../../../server/trpc/root'

const APPEAL_LABELS = { open: 'Waiting for a decision', upheld: 'Turned down', reversed: 'Granted' } as const

/**
 * A decision's statement of reasons (the link every notification of it carries): what was decided,
 * on what, why; whom it concerns, signed in, appeals it here and follows the appeal.
 */
export const Route = createFileRoute('/decisions/$id')({
  loader: async ({ context, params }) => {
    const id = Number(params.id)
    if (!Number.isSafeInteger(id) || id < 1) throw notFound()
    await context.queryClient
      .ensureQueryData(context.trpc.statements.byDecision.queryOptions({ id }))
      .catch((error: unknown) => {
        if (trpcErrorCode(error) === 'NOT_FOUND') throw notFound()
        throw error
      })
    return { id }
  },
  head: () => ({ meta: [{ title: pageTitle('Statement of reasons') }, { name: 'robots', content: 'noindex' }] }),
  component: DecisionPage,
})

function DecisionPage() {
  const { id } = Route.useLoaderData()
  const trpc = useTRPC()
  const { data } = useQuery(trpc.statements.byDecision.queryOptions({ id }))
  if (!data) return null
  const { decision, subject, viewer } = data
  return (
    <section className="mx-auto max-w-2xl px-4 py-12 sm:px-6">
      <PageHeading title="Statement of reasons" lead={`Decision ${decision.id} of this marketplace’s moderators`} />
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-3 text-sm">
        <dt className="font-semibold">Decision</dt>
        <dd>{decision.actionLabel}</dd>
        <dt className="font-semibold">About</dt>
        <dd>{subject ? <a href={subject.path}>{subject.name}</a> : `${decision.target.kind}`}</dd>
        <dt className="font-semibold">Ground</dt>
        <dd>{decision.categoryLabel}</dd>
        <dt className="font-semibold">Reasons</dt>
        <dd className="whitespace-pre-line">{decision.reason}</dd>
        <dt className="font-semibold">Decided</dt>
        <dd>
          <time dateTime={decision.decidedAt}>{new Date(decision.decidedAt).toUTCString()}</time>
        </dd>
        <dt className="font-semibold">Status</dt>
        <dd>
          {decision.reversedAt
            ? `Reversed on ${new Date(decision.reversedAt).toUTCString()}: ${decision.reversalReason ?? ''}`
            : decision.inForce
              ? 'In force'
              : 'Closed'}
        </dd>
      </dl>
      {viewer ? (
        <Appeals decisionId={decision.id} viewer={viewer} />
      ) : (
        <p className="mt-8 rounded-xl bg-accent/10 p-4 text-sm">
          If this decision concerns you (you own or made what it is about), you can appeal it:{' '}
          <Link
            to="/login"
            search={{ callbackUrl: `/decisions/${decision.id}` }}
            className="font-semibold text-accent underline"
          >
            sign in with your wallet
          </Link>
          .
        </p>
      )}
    </section>
  )
}

type Viewer = NonNullable<RouterOutputs['statements']['byDecision']['viewer']>

function Appeals({ decisionId, viewer }: { decisionId: number; viewer: Viewer }) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const appeal = useMutation(
    trpc.moderation.appeal.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries(trpc.statements.byDecision.queryFilter({ id: decisionId })),
    }),
  )
  const form = useSchemaForm({
    schema: appealInput,
    onValid: (input) => appeal.mutate(input, { onError: form.fromServer }),
  })
  return (
    <section
      aria-labelledby="appeal-heading"
      className="mt-10 border-t border-jacarta-100 pt-8 dark:border-jacarta-600"
    >
      <h2 id="appeal-heading" className="font-display text-lg font-semibold">
        Appeal
      </h2>
      {!viewer.concerned && (
        <p className="mt-2 text-sm">Only whom this decision concerns (the owner or creator) can appeal it.</p>
      )}
      {viewer.appeals.length > 0 && (
        <ul className="mt-4 space-y-3" aria-label="Your appeals">
          {viewer.appeals.map((a) => (
            <li key={a.id} className="rounded-xl border border-jacarta-100 p-4 text-sm dark:border-jacarta-600">
              <p className="font-semibold">{APPEAL_LABELS[a.status]}</p>
              <p className="mt-1 whitespace-pre-line">{a.statement}</p>
              {a.outcome && <p className="mt-2 text-jacarta-500 dark:text-jacarta-300">Moderators: {a.outcome}</p>}
            </li>
          ))}
        </ul>
      )}
      {viewer.mayAppeal && (
        <form className="mt-4 space-y-4" {...form.props}>
          <input type="hidden" name="decisionId" value={decisionId} />
          <Field
            name="statement"
            label="Why this decision is wrong"
            multiline
            required
            maxLength={2000}
            error={form.errors.statement}
          />
          <FormError message={form.formError} />
          <button type="submit" disabled={appeal.isPending} className={buttonClass}>
            {appeal.isPending ? 'Sending…' : 'Appeal'}
          </button>
        </form>
      )}
    </section>
  )
}
