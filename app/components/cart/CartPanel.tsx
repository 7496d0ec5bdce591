import { useState } from 'react'
import { cart, useCart } from '../../lib/cart'
import { NETWORKS } from '../../../chain/networks'
import { Modal } from '../ui/Modal'
import { CartCheckout } from './CartCheckout'

/** The cart: its listings, one checkout per network (a transaction is on one chain). */
export default function CartPanel({ onClose }: { onClose: () => void }) {
  const entries = useCart()
  // A network's checkout stays while the panel is open, to show its result once its items have left.
  const [chains, setChains] = useState<number[]>([])
  const added = [...new Set(entries.map((e) => e.chainId))].filter((id) => !chains.includes(id))
  if (added.length) setChains([...chains, ...added].sort((a, b) => a - b))
  return (
    <Modal open onClose={onClose} title="Your cart" testId="cart-panel">
      {chains.length === 0 && (
        <p className="py-4 text-sm text-jacarta-500 dark:text-jacarta-200" data-testid="cart-empty">
          Your cart is empty. Add listed items from their pages.
        </p>
      )}
      {chains.map((chainId) => (
        <section key={chainId} className="mt-2">
          {chains.length > 1 && (
            <h3 className="font-display font-semibold">{NETWORKS[chainId]?.name ?? `Chain ${chainId}`}</h3>
          )}
          <CartCheckout
            chainId={chainId}
            testId={`cart-checkout-${chainId}`}
            lines={entries.filter((e) => e.chainId === chainId)}
            onBought={(hashes) => cart.remove(chainId, hashes)}
            onRemove={(hash) => cart.remove(chainId, [hash])}
            onUnits={(hash, units) => {
              const entry = entries.find((e) => e.orderHash === hash)
              if (entry) cart.add({ ...entry, units })
            }}
          />
        </section>
      ))}
    </Modal>
  )
}
