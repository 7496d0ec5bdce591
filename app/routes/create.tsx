import { useQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { useEffect, useId, useState } from 'react'
import { Field } from '../components/ui/Field'
import { Modal } from '../components/ui/Modal'
import { PageHeading } from '../components/ui/states'
import { CATEGORY_OPTIONS } from '../lib/browse'
import { pageTitle } from '../lib/seo'
import { useTRPC } from '../lib/trpc-react'

export const Route = createFileRoute('/create')({
  head: () => ({ meta: [{ title: pageTitle('Create') }] }),
  component: CreatePage,
})

/** The form's stated limit; the upload itself is checked again by content on the server. */
export const MAX_MEDIA_MB = 32
const ACCEPTED = 'image/png,image/jpeg,image/gif,image/webp,video/mp4'

type Property = { type: string; value: string }

function CreatePage() {
  const trpc = useTRPC()
  const session = useQuery(trpc.session.queryOptions())
  const [preview, setPreview] = useState<{ url: string; video: boolean } | null>(null)
  const [mediaError, setMediaError] = useState<string | null>(null)
  const [properties, setProperties] = useState<Property[]>([])
  const [modal, setModal] = useState<'properties' | 'collection' | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const id = useId()

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview.url)), [preview])

  return (
    <section className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <PageHeading
        title="Create"
        lead="Publish an item: mint it for free (lazy minting) or pay the gas and own it right away."
      />
      {!session.data && (
        <p role="note" className="mb-8 rounded-xl bg-accent/10 p-4 text-sm">
          You need a signed-in wallet to publish.{' '}
          <Link to="/login" className="font-semibold text-accent underline">
            Sign in
          </Link>
          ; you can fill in the form meanwhile.
        </p>
      )}
      <form
        noValidate
        className="space-y-6"
        onSubmit={(event) => {
          event.preventDefault()
          setNotice(
            session.data
              ? 'Publishing (upload, lazy mint or mint) is not enabled on this deployment yet: nothing was published.'
              : 'Sign in with your wallet to publish: nothing was published.',
          )
        }}
      >
        <div>
          <label htmlFor={`${id}-media`} className="text-sm font-semibold">
            Image, video or animation
          </label>
          <p className="text-xs text-jacarta-500 dark:text-jacarta-200">
            PNG, JPEG, GIF, WebP or MP4, up to {MAX_MEDIA_MB} MB.
          </p>
          <input
            id={`${id}-media`}
            name="media"
            type="file"
            accept={ACCEPTED}
            aria-describedby={mediaError ? `${id}-media-error` : undefined}
            className="mt-2 block w-full max-w-full min-w-0 rounded-xl border border-dashed border-jacarta-200 p-6 text-sm dark:border-jacarta-600"
            onChange={(e) => {
              const file = e.target.files?.[0]
              setMediaError(null)
              if (!file) return setPreview(null)
              if (!ACCEPTED.split(',').includes(file.type))
                return setMediaError(`${file.name} is not a PNG, JPEG, GIF, WebP or MP4 file.`)
              if (file.size > MAX_MEDIA_MB * 1024 * 1024)
                return setMediaError(`${file.name} is larger than ${MAX_MEDIA_MB} MB.`)
              setPreview({ url: URL.createObjectURL(file), video: file.type === 'video/mp4' })
            }}
          />
          {mediaError && (
            <p id={`${id}-media-error`} className="mt-1 text-sm text-red-700 dark:text-red-400">
              {mediaError}
            </p>
          )}
          {preview &&
            (preview.video ? (
              <video src={preview.url} controls className="mt-4 max-h-80 rounded-xl" />
            ) : (
              <img src={preview.url} alt="Preview of your item" className="mt-4 max-h-80 rounded-xl" />
            ))}
        </div>
        <Field name="name" label="Name" required maxLength={100} />
        <Field name="externalLink" label="External link" type="url" />
        <Field name="description" label="Description" multiline maxLength={2000} />

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
          <label htmlFor={`${id}-collection`} className="text-sm font-semibold">
            Collection
          </label>
          <div className="mt-1 flex gap-2">
            <select
              id={`${id}-collection`}
              name="collection"
              className="h-12 min-w-0 flex-1 rounded-xl border border-jacarta-100 bg-white px-3 dark:border-jacarta-600 dark:bg-jacarta-800"
            >
              <option value="">Choose one of your collections</option>
            </select>
            <button
              type="button"
              onClick={() => setModal('collection')}
              className="shrink-0 rounded-xl border border-accent px-4 text-sm font-semibold text-accent dark:text-white"
            >
              New collection
            </button>
          </div>
        </div>
        <Field name="supply" label="Supply" type="number" defaultValue="1" />
        <div>
          <label htmlFor={`${id}-chain`} className="text-sm font-semibold">
            Blockchain
          </label>
          <select
            id={`${id}-chain`}
            name="chain"
            className="mt-1 h-12 w-full rounded-xl border border-jacarta-100 bg-white px-3 dark:border-jacarta-600 dark:bg-jacarta-800"
          >
            <option value="1">Ethereum</option>
            <option value="8453">Base</option>
            <option value="11155111">Sepolia (testnet)</option>
          </select>
        </div>
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" name="freeze" className="mt-1" />
          <span>Freeze metadata: the token URI points at content-addressed files that can never change.</span>
        </label>
        {notice && (
          <p role="status" className="rounded-xl bg-accent/10 p-4 text-sm">
            {notice}
          </p>
        )}
        <button
          type="submit"
          className="rounded-full bg-accent px-8 py-3 font-semibold text-white hover:bg-accent-dark"
        >
          Create
        </button>
      </form>

      <PropertiesModal
        open={modal === 'properties'}
        onClose={() => setModal(null)}
        initial={properties}
        onSave={setProperties}
      />
      <NewCollectionModal open={modal === 'collection'} onClose={() => setModal(null)} signedIn={!!session.data} />
    </section>
  )
}

function PropertiesModal({
  open,
  onClose,
  initial,
  onSave,
}: {
  open: boolean
  onClose: () => void
  initial: Property[]
  onSave: (p: Property[]) => void
}) {
  const [rows, setRows] = useState<Property[]>(initial.length ? initial : [{ type: '', value: '' }])
  const set = (i: number, patch: Partial<Property>) =>
    setRows((r) => r.map((row, j) => (j === i ? { ...row, ...patch } : row)))
  return (
    <Modal open={open} onClose={onClose} title="Add properties" testId="properties-modal">
      <p className="mb-4 text-sm text-jacarta-500 dark:text-jacarta-200">
        Properties appear as ERC-721 attributes (trait type and value).
      </p>
      <ul className="space-y-2">
        {rows.map((row, i) => (
          <li key={i} className="flex gap-2">
            <input
              aria-label={`Trait type ${i + 1}`}
              placeholder="Type, e.g. Background"
              value={row.type}
              onChange={(e) => set(i, { type: e.target.value })}
              className="h-11 min-w-0 flex-1 rounded-xl border border-jacarta-100 px-3 dark:border-jacarta-600 dark:bg-jacarta-700"
            />
            <input
              aria-label={`Trait value ${i + 1}`}
              placeholder="Value, e.g. Blue"
              value={row.value}
              onChange={(e) => set(i, { value: e.target.value })}
              className="h-11 min-w-0 flex-1 rounded-xl border border-jacarta-100 px-3 dark:border-jacarta-600 dark:bg-jacarta-700"
            />
          </li>
        ))}
      </ul>
      <button
        type="button"
        onClick={() => setRows((r) => [...r, { type: '', value: '' }])}
        className="mt-3 text-sm font-semibold text-accent"
      >
        Add more
      </button>
      <button
        type="button"
        onClick={() => {
          onSave(rows.filter((r) => r.type.trim() && r.value.trim()))
          onClose()
        }}
        className="mt-6 w-full rounded-full bg-accent py-3 font-semibold text-white"
      >
        Save
      </button>
    </Modal>
  )
}

function NewCollectionModal({ open, onClose, signedIn }: { open: boolean; onClose: () => void; signedIn: boolean }) {
  const [notice, setNotice] = useState<string | null>(null)
  return (
    <Modal open={open} onClose={onClose} title="New collection" testId="collection-modal">
      <form
        noValidate
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault()
          setNotice(
            signedIn
              ? 'Deploying a collection contract from your wallet is not enabled on this deployment yet: nothing was deployed.'
              : 'Sign in with your wallet to deploy a collection: nothing was deployed.',
          )
        }}
      >
        <Field name="name" label="Name" required />
        <Field name="symbol" label="Symbol" required maxLength={11} />
        <Field name="description" label="Description" multiline />
        <label className="block text-sm font-semibold">
          Category
          <select
            name="category"
            className="mt-1 h-11 w-full rounded-xl border border-jacarta-100 px-3 dark:border-jacarta-600 dark:bg-jacarta-700"
          >
            {CATEGORY_OPTIONS.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
        </label>
        <Field name="earnings" label="Creator earnings (%)" type="number" defaultValue="5" />
        {notice && (
          <p role="status" className="rounded-xl bg-accent/10 p-3 text-sm">
            {notice}
          </p>
        )}
        <button type="submit" className="w-full rounded-full bg-accent py-3 font-semibold text-white">
          Create collection
        </button>
      </form>
    </Modal>
  )
}
