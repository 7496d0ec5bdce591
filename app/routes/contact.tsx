import { useMutation } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { Field, FormError } from '../components/ui/Field'
import { PageHeading } from '../components/ui/states'
import { useSchemaForm } from '../lib/form'
import { pageTitle } from '../lib/seo'
import { useTRPC } from '../lib/trpc-react'
import { contactInput } from '../../server/inputs/site'

export const Route = createFileRoute('/contact')({
  head: () => ({ meta: [{ title: pageTitle('Contact') }] }),
  component: ContactPage,
})

function ContactPage() {
  const trpc = useTRPC()
  const send = useMutation(trpc.site.contact.mutationOptions())
  const form = useSchemaForm({
    schema: contactInput,
    onValid: (message) => send.mutate(message, { onError: form.fromServer }),
  })
  const { errors } = form
  return (
    <section className="mx-auto max-w-2xl px-4 py-16 sm:px-6">
      <PageHeading title="Contact us" lead="Questions about a listing, a collection or your account? Write to us." />
      {send.isSuccess ? (
        <p role="status" className="rounded-2xl bg-green/10 p-6 font-semibold">
          {send.data.message}
        </p>
      ) : (
        <form className="space-y-5" {...form.props}>
          <Field name="name" label="Name" autoComplete="name" required error={errors.name} />
          <Field name="email" label="Email" type="email" autoComplete="email" required error={errors.email} />
          <Field name="subject" label="Subject" required error={errors.subject} />
          <Field name="message" label="Message" multiline required maxLength={5000} error={errors.message} />
          <FormError message={form.formError} />
          <button
            type="submit"
            disabled={send.isPending}
            className="rounded-full bg-accent px-8 py-3 font-semibold text-white hover:bg-accent-dark disabled:opacity-60"
          >
            {send.isPending ? 'Sending…' : 'Send message'}
          </button>
        </form>
      )}
    </section>
  )
}
