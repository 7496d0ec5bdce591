import { useQuery, useQueryClient } from '@tanstack/react-query'
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router'
import { useId, useState } from 'react'
import { marketplaceContracts } from '../../chain/marketplace'
import { networkName } from '../../chain/networks'
import { MediaField } from '../components/create/MediaField'
import { NewCollectionModal } from '../components/create/NewCollectionModal'
import { PropertiesModal, type Property } from '../components/create/PropertiesModal'
import { TradeStatus } from '../components/trade/TradeStatus'
import { useTrade } from '../components/trade/use-trade'
import { Field } from '../components/ui/Field'
import { PageHeading } from '../components/ui/states'
import { useSchemaForm } from '../lib/form'
import { pageTitle } from '../lib/seo'
import { useTRPC } from '../lib/trpc-react'
import { useWallet } from '../wallet/WalletProvider'
import { createItemForm } from '../../server/inputs/create'

export const Route = createFileRoute('/create')({
  head: () => ({ meta: [{ title: pageTitle('Create') }] }),
  component: CreatePage,
})

const VOUCHER_DAYS = 180

/** Sends the file to POST /api/media; answers its content-addressed key. */
async function uploadMedia(file: File): Promise<string> {
  const form = new FormData()
  form.set('file', file)
  const response = await fetch('/api/media', { method: 'POST', body: form })
  const body = (await response.json()) as { data?: { key: string }; error?: { message: string } }
  if (!body.data) throw new Error(body.error?.message ?? `The upload failed (HTTP ${response.status}).`)
  return body.data.key
}

function CreatePage() {
  const trpc = useTRPC()
  const wallet = useWallet()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const trade = useTrade()
  const session = useQuery(trpc.session.queryOptions())
  const signedIn = !!session.data
  const mine = useQuery({ ...trpc.create.myCollections.queryOptions(), enabled: signedIn })
  const chainIds = wallet.supportedChainIds.filter((id) => marketplaceContracts(id))
  const [chainId, setChainId] = useState<number | undefined>(undefined)
  const chain = chainId ?? chainIds[0]
  const [collection, setCollection] = useState('')
  const [properties, setProperties] = useState<Property[]>([])
  const [mode, setMode] = useState<'lazy' | 'mint'>('lazy')
  const [modal, setModal] = useState<'properties' | 'collection' | null>(null)
  const id = useId()
  const form = useSchemaForm({
    schema: createItemForm(mode === 'lazy'),
    // The server names a refused price by the voucher's field.
    serverFields: { minPriceWei: 'price' },
    onValid: ({ media: file, poster: posterFile, price, collection: slug, ...fields }) => {
      const picked = collections.find((c) => c.slug === slug)
      if (!picked) return form.setError('collection', 'Pick one of your collections, or create one.')
      const token = {
        ...fields,
        collection: { slug: picked.slug, chainId: picked.chainId, contract: picked.contract as `0x${string}` },
        attributes: properties.map((p) => ({ trait_type: p.type, value: p.value })),
      }
      void trade.run(
        async (_trading, onStep) => {
          onStep('submitting')
          // The poster first: a picture the server refuses leaves nothing stored.
          const poster = posterFile && (await uploadMedia(posterFile).catch(besideField('poster')))
          const media = await uploadMedia(file).catch(besideField('media'))
          const creating = await wallet.creating()
          const item = { ...token, media, poster }
          const published = await (
            price !== undefined
              ? creating.lazyMint(item, price, new Date(Date.now() + VOUCHER_DAYS * 86_400_000), onStep)
              : creating.mintNow(item, onStep)
          ).catch((error: unknown) => {
            form.fromServer(error)
            throw error
          })
          await navigate({ to: '/item/$id', params: { id: String(published.nftId) } })
        },
        { signIn: true, done: 'Published.' },
      )
    },
  })
  const { errors } = form
  /** An upload refused by the server: its reason beside the file's field, and the publishing stops. */
  const besideField = (name: string) => (error: unknown) => {
    form.setError(name, error instanceof Error ? error.message.replace(/^file: /, '') : String(error))
    throw error
  }
  const collections = (mine.data ?? []).filter((c) => c.chainId === chain)

  return (
    <section className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <PageHeading
        title="Create"
        lead="Publish an item: mint it for free (lazy minting) or pay the gas and own it right away."
      />
      <p className="-mt-4 mb-8 text-sm text-jacarta-500 dark:text-jacarta-200">
        Your tokens are in a collection Vitrine does not show yet?{' '}
        <Link to="/add-collection" className="font-semibold text-accent underline">
          Add a collection
        </Link>{' '}
        by its contract address.
      </p>
      {!signedIn && (
        <p role="note" className="mb-8 rounded-xl bg-accent/10 p-4 text-sm">
          You need a signed-in wallet to publish.{' '}
          <Link to="/login" search={{ callbackUrl: '/create' }} className="font-semibold text-accent underline">
            Sign in
          </Link>
          ; you can fill in the form meanwhile.
        </p>
      )}
      <form className="space-y-6" {...form.props}>
        <MediaField errors={errors} setError={form.setError} />
        <Field name="name" label="Name" required maxLength={100} error={errors.name} />
        <Field name="externalUrl" label="External link" type="url" error={errors.externalUrl} />
        <Field name="description" label="Description" multiline maxLength={2000} error={errors.description} />

        <div className="rounded-2xl border border-jacarta-100 p-4 dark:border-jacarta-700">
          <div className="flex items-center justify-between">
            <div>
              <p className="font-semibold">Properties</p>
              <p className="text-sm text-jacarta-500 dark:text-jacarta-200">
                Traits shown on the item and used for filters.
              </p>
            </div>
            <button
              type="button"
              onClick={() => setModal('properties')}
              className="rounded-full border border-accent px-4 py-2 text-sm font-semibold text-accent dark:text-white"
            >
              Edit
            </button>
          </div>
          {properties.length > 0 && (
            <ul className="mt-3 flex flex-wrap gap-2 text-sm">
              {properties.map((p) => (
                <li key={p.type} className="rounded-lg bg-accent/10 px-3 py-1">
                  {p.type}: {p.value}
                </li>
              ))}
            </ul>
          )}
        </div>

        <div>
          <label htmlFor={`${id}-chain`} className="text-sm font-semibold">
            Blockchain
          </label>
          <select
            id={`${id}-chain`}
            name="chain"
            value={chain ?? ''}
            onChange={(e) => {
              setChainId(Number(e.target.value))
              setCollection('')
            }}
            className="mt-1 h-12 w-full rounded-xl border border-jacarta-100 bg-white px-3 dark:border-jacarta-600 dark:bg-jacarta-800"
          >
            {chainIds.map((chainOption) => (
              <option key={chainOption} value={chainOption}>
                {networkName(chainOption)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-collection`} className="text-sm font-semibold">
            Collection
          </label>
          <div className="mt-1 flex gap-2">
            <select
              id={`${id}-collection`}
              name="collection"
              value={collection}
              onChange={(e) => setCollection(e.target.value)}
              aria-invalid={!!errors.collection}
              aria-describedby={errors.collection ? `${id}-collection-error` : undefined}
              className="h-12 min-w-0 flex-1 rounded-xl border border-jacarta-100 bg-white px-3 dark:border-jacarta-600 dark:bg-jacarta-800"
            >
              <option value="">Choose one of your collections</option>
              {collections.map((c) => (
                <option key={c.slug} value={c.slug}>
                  {c.name}
                </option>
              ))}
            </select>
            <button
              type="button"
              onClick={() => setModal('collection')}
              className="shrink-0 rounded-xl border border-accent px-4 text-sm font-semibold text-accent dark:text-white"
            >
              New collection
            </button>
          </div>
          {errors.collection && (
            <p id={`${id}-collection-error`} className="mt-1 text-sm text-red-700 dark:text-red-400">
              {errors.collection}
            </p>
          )}
        </div>
        <p className="text-sm">
          <span className="font-semibold">Supply:</span> 1 (each ERC-721 token is unique)
        </p>

        <fieldset className="space-y-2">
          <legend className="text-sm font-semibold">How to mint</legend>
          <label className="flex items-start gap-2 text-sm">
            <input
              type="radio"
              name="mode"
              checked={mode === 'lazy'}
              onChange={() => setMode('lazy')}
              className="mt-1"
            />
            <span>
              Lazy mint, free: you sign a voucher and the item is listed at once; the first buyer mints it and pays you
              the price minus the platform fee.
            </span>
          </label>
          <label className="flex items-start gap-2 text-sm">
            <input
              type="radio"
              name="mode"
              checked={mode === 'mint'}
              onChange={() => setMode('mint')}
              className="mt-1"
            />
            <span>Mint now: you pay the gas and own the token, then you may list it.</span>
          </label>
        </fieldset>
        {mode === 'lazy' && <Field name="price" label="Price (ETH)" error={errors.price} />}
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" name="freeze" defaultChecked className="mt-1" />
          <span>Freeze metadata: the token URI points at content-addressed files that can never change.</span>
        </label>
        <TradeStatus state={trade.state} chainId={chain ?? 1} />
        <button
          type="submit"
          disabled={trade.busy}
          className="rounded-full bg-accent px-8 py-3 font-semibold text-white hover:bg-accent-dark disabled:opacity-50"
        >
          {trade.busy ? 'Publishing…' : 'Create'}
        </button>
      </form>

      <PropertiesModal
        open={modal === 'properties'}
        onClose={() => setModal(null)}
        initial={properties}
        onSave={setProperties}
      />
      {chain !== undefined && (
        <NewCollectionModal
          open={modal === 'collection'}
          onClose={() => setModal(null)}
          chainId={chain}
          onCreated={(slug) => {
            void queryClient.invalidateQueries(trpc.create.myCollections.queryFilter())
            setCollection(slug)
          }}
        />
      )}
    </section>
  )
}
