import { lazy } from 'react'

/*
 * The item page's trade modals bring the order forms, zod, viem and the Seaport code: ~60 KB
 * gzipped that a visitor who only looks never needs. They load when a trade starts, or a little
 * before, when the pointer or the focus reaches the market's buttons (preloadTradeModals).
 */
const checkout = () => import('../modals/CheckoutModal')
const bid = () => import('../modals/PlaceBidModal')
const list = () => import('../modals/ListModal')

export const CheckoutModal = lazy(() => checkout().then((m) => ({ default: m.CheckoutModal })))
export const PlaceBidModal = lazy(() => bid().then((m) => ({ default: m.PlaceBidModal })))
export const ListModal = lazy(() => list().then((m) => ({ default: m.ListModal })))
/** The profile's "list several at once": loaded only when a holder opens it. */
export const BulkListModal = lazy(() => import('../modals/BulkListModal').then((m) => ({ default: m.BulkListModal })))

/** Starts fetching the modals' code (once: the module loader keeps each import's promise). */
export function preloadTradeModals(): void {
  // A failed preload is left to the modal's own load when it opens.
  for (const load of [checkout, bid, list]) load().catch(() => {})
}
