import { lazy, Suspense, useState } from 'react'
import { useCart } from '../../lib/cart'

// The panel, its queries and the checkout load when the cart is first opened.
const CartPanel = lazy(() => import('./CartPanel'))

/** The header's cart: how many listings it holds; opens the cart panel. Hidden while empty. */
export function CartButton() {
  const entries = useCart()
  const [open, setOpen] = useState(false)
  if (entries.length === 0 && !open) return null
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={`Cart: ${entries.length} ${entries.length === 1 ? 'item' : 'items'}`}
        className="relative grid h-10 min-w-10 place-items-center rounded-full border border-jacarta-100 px-3 text-sm font-semibold hover:border-accent dark:border-transparent dark:bg-white/15"
        data-testid="cart-button"
      >
        Cart <span data-testid="cart-count">{entries.length}</span>
      </button>
      {open && (
        <Suspense fallback={null}>
          <CartPanel onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  )
}
