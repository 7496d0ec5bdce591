import { lazy, Suspense, useState } from 'react'

// The sweep form, its query and the checkout load when it is first opened.
const SweepPanel = lazy(() => import('./SweepPanel'))

/** "Sweep" on a collection page: buy its n cheapest listings within a maximum in one transaction. */
export function SweepButton({ collection, name, chainId }: { collection: string; name: string; chainId: number }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="rounded-full border border-accent px-5 py-2 text-sm font-semibold text-accent hover:bg-accent hover:text-white dark:text-white"
        data-testid="sweep-button"
      >
        Sweep
      </button>
      {open && (
        <Suspense fallback={null}>
          <SweepPanel collection={collection} name={name} chainId={chainId} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  )
}
