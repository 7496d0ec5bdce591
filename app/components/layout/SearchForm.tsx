import { Icon } from '../icons'

/** A form with action "search"; it submits to /search?q=… (works without JavaScript too). */
export function SearchForm({ id, autoFocus = false }: { id: string; autoFocus?: boolean }) {
  return (
    <form action="/search" method="get" role="search" className="relative w-full">
      <label htmlFor={id} className="sr-only">
        Search items, collections and accounts
      </label>
      <input
        id={id}
        type="search"
        name="q"
        placeholder="Search"
        autoFocus={autoFocus}
        className="h-10 w-full rounded-xl border border-jacarta-100 bg-white py-2 pr-3 pl-10 text-sm text-jacarta-700 placeholder:text-jacarta-500 focus:border-accent focus:ring-2 focus:ring-accent/30 focus:outline-none dark:border-white/15 dark:bg-white/10 dark:text-white dark:placeholder:text-jacarta-200"
      />
      <span className="pointer-events-none absolute inset-y-0 left-3 grid place-items-center text-jacarta-500 dark:text-jacarta-200">
        <Icon name="search" className="h-4 w-4" />
      </span>
    </form>
  )
}
