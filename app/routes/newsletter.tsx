import { useMutation } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { Field, FormError } from '../components/ui/Field'
import { PageHeading } from '../components/ui/states'
import { useSchemaForm } from '../lib/form'
import { pageTitle } from '../lib/seo'
import { useTRPC } from '../lib/trpc-react'
import { strictSearch } from '../lib/search-params'
import { newsletterInput } from '../../server/inputs/site'

export const Route = createFileRoute('/newsletter')({
  validateSearch: strictSearch<{ topic?: 'status' }>((raw) => (raw.topic === 'status' ? { topic: 'status' } : {})),
  head: () => ({ meta: [{ title: pageTitle('Newsletter') }] }),
  component: NewsletterPage,
})

function NewsletterPage() {
  const topic = Route.useSearch().topic ?? 'news'
  const trpc = useTRPC()
  const subscribe = useMutation(trpc.site.subscribe.mutationOptions())
  const form = useSchemaForm({
    schema: newsletterInput,
    onValid: (signUp) => subscribe.mutate(signUp, { onError: form.fromServer }),
  })
  return (
    <section className="mx-auto max-w-xl px-4 py-16 sm:px-6">
      <PageHeading
        title={topic === 'status' ? 'Status updates' : 'Newsletter'}
        lead={
          topic === 'status'
            ? 'An email when the platform has an incident or planned maintenance.'
            : 'One email a week: new collections, auctions ending soon and creator stories.'
        }
      />
      <form className="space-y-4" {...form.props}>
        <input type="hidden" name="topic" value={topic} />
        <Field name="email" label="Email" type="email" autoComplete="email" required error={form.errors.email} />
        <button
          type="submit"
          disabled={subscribe.isPending}
          className="rounded-full bg-accent px-8 py-3 font-semibold text-white hover:bg-accent-dark disabled:opacity-60"
        >
          {subscribe.isPending ? 'Subscribing…' : 'Subscribe'}
        </button>
        <FormError message={form.formError} />
        {subscribe.isSuccess && (
          <p role="status" className="rounded-xl bg-green/10 p-4 font-semibold">
            {subscribe.data.message}
          </p>
        )}
      </form>
    </section>
  )
}
