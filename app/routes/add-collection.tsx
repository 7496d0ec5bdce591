import { useMutation, useQuery } from '@tanstack/react-query'
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { networkName } from '../../chain/networks'
import { Field, FormError } from '../components/ui/Field'
import { Select } from '../components/ui/Select'
import { PageHeading } from '../components/ui/states'
import { useSchemaForm } from '../lib/form'
import { pageTitle } from '../lib/seo'
import { useTRPC } from '../lib/trpc-react'
import { useWallet } from '../wallet/WalletProvider'
import { importCollectionInput } from '../../server/inputs/collections'

export const Route = createFileRoute('/add-collection')({
  head: () => ({ meta: [{ title: pageTitle('Add a collection') }] }),
  component: AddCollectionPage,
})

function AddCollectionPage() {
  const trpc = useTRPC()
  const wallet = useWallet()
  const navigate = useNavigate()
  const session = useQuery(trpc.session.queryOptions())
  const [chainId, setChainId] = useState<number | undefined>(undefined)
  const chain = chainId ?? wallet.supportedChainIds[0]
  const add = useMutation(
    trpc.collection.import.mutationOptions({
      onSuccess: ({ collection }) => navigate({ to: '/collection/$slug', params: { slug: collection.slug } }),
    }),
  )
  // The server names the field at fault in its refusals too (`contract: there is no contract at …`).
  const form = useSchemaForm({
    schema: importCollectionInput,
    onValid: (collection) => add.mutate(collection, { onError: form.fromServer }),
  })
  const { errors } = form
  return (
    <section className="mx-auto max-w-2xl px-4 py-12 sm:px-6">
      <PageHeading
        title="Add a collection"
        lead="Any ERC-721 or ERC-1155 contract on a network Vitrine supports: give its address, and Vitrine reads its tokens and owners from the chain."
      />
      {!session.data && (
        <p role="note" className="mb-8 rounded-xl bg-accent/10 p-4 text-sm">
          You need a signed-in wallet to add a collection.{' '}
          <Link to="/login" search={{ callbackUrl: '/add-collection' }} className="font-semibold text-accent underline">
            Sign in
          </Link>
          .
        </p>
      )}
      <form className="space-y-6" {...form.props}>
        <div>
          <Select
            label="Network"
            name="chainId"
            value={chain}
            options={wallet.supportedChainIds.map((id) => ({ value: id, label: networkName(id) ?? `Chain ${id}` }))}
            onChange={setChainId}
            error={errors.chainId}
          />
        </div>
        <Field name="contract" label="Contract address" required autoComplete="off" error={errors.contract} />
        <FormError message={form.formError} />
        <button
          type="submit"
          disabled={add.isPending || !session.data}
          className="rounded-full bg-accent px-8 py-3 font-semibold text-white hover:bg-accent-dark disabled:opacity-60"
        >
          {add.isPending ? 'Reading the contract…' : 'Add collection'}
        </button>
      </form>
      <p className="mt-10 text-sm text-jacarta-500 dark:text-jacarta-200">
        The collection starts unverified. Its tokens appear as its history is read from the chain, from the block the
        contract was deployed in; its page shows how far that has got.
      </p>
    </section>
  )
}
