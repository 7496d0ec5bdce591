import { Suspense, useState } from 'react'
import { useWallet } from '../../wallet/WalletProvider'
import { NftCard, type NftSummary } from '../nft/NftCard'
import { NftGrid } from '../nft/NftGrid'
import { BulkListModal } from './trade-modals'

/**
 * A profile's Owned tab. Its holder may select several items and list them all with one
 * signature (the dialog loads only when opened); anyone else sees the plain grid.
 */
export function OwnedItems({ address, items }: { address: string; items: NftSummary[] }) {
  const wallet = useWallet()
  const [selecting, setSelecting] = useState(false)
  const [selected, setSelected] = useState<NftSummary[]>([])
  const [open, setOpen] = useState(false)
  const mine = wallet.status === 'connected' && wallet.address?.toLowerCase() === address.toLowerCase()
  if (!mine) return <NftGrid items={items} />

  const isSelected = (nft: NftSummary) => selected.some((s) => s.id === nft.id)
  const toggle = (nft: NftSummary) =>
    setSelected((now) => (isSelected(nft) ? now.filter((s) => s.id !== nft.id) : [...now, nft]))
  const button =
    'rounded-full border border-jacarta-200 px-5 py-2 text-sm font-semibold hover:border-accent disabled:opacity-50 dark:border-jacarta-600'

  return (
    <>
      <div className="mb-6 flex flex-wrap items-center gap-3" role="toolbar" aria-label="List several items">
        <button
          type="button"
          aria-pressed={selecting}
          onClick={() => {
            setSelecting(!selecting)
            setSelected([])
          }}
          className={button}
        >
          {selecting ? 'Stop selecting' : 'Select items to list'}
        </button>
        {selecting && (
          <>
            <span aria-live="polite" className="text-sm">
              {selected.length} selected
            </span>
            <button type="button" onClick={() => setSelected(items)} className={button}>
              Select all shown
            </button>
            <button
              type="button"
              disabled={selected.length === 0}
              onClick={() => setOpen(true)}
              className="rounded-full bg-accent px-5 py-2 text-sm font-semibold text-white hover:bg-accent-dark disabled:cursor-not-allowed disabled:opacity-50"
            >
              List selected
            </button>
          </>
        )}
      </div>
      {selecting ? (
        <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {items.map((nft) => (
            <li key={nft.id} className="relative">
              <NftCard nft={nft} />
              <label className="absolute top-5 left-5 z-10 flex cursor-pointer items-center gap-2 rounded-lg bg-white/95 px-3 py-2 text-sm font-semibold shadow dark:bg-jacarta-900/95">
                <input
                  type="checkbox"
                  checked={isSelected(nft)}
                  onChange={() => toggle(nft)}
                  className="h-5 w-5 accent-accent"
                />
                Select <span className="sr-only">{nft.name}</span>
              </label>
            </li>
          ))}
        </ul>
      ) : (
        <NftGrid items={items} />
      )}
      {open && (
        <Suspense fallback={null}>
          <BulkListModal
            open={open}
            onClose={() => {
              setOpen(false)
              setSelecting(false)
              setSelected([])
            }}
            items={selected}
          />
        </Suspense>
      )}
    </>
  )
}
