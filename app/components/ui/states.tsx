export function EmptyState({ title, detail }: { title: string; detail?: string }) {
  return (
    <div className="rounded-2xl border border-dashed border-jacarta-200 p-12 text-center dark:border-jacarta-600">
      <p className="font-display text-lg font-semibold">{title}</p>
      {detail && <p className="mt-2 text-sm text-jacarta-500 dark:text-jacarta-200">{detail}</p>}
    </div>
  )
}

export function ErrorState({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div role="alert" className="rounded-2xl border border-red/30 bg-red/5 p-8 text-center">
      <p className="font-semibold">This could not be loaded.</p>
      <p className="mt-1 text-sm text-jacarta-500 dark:text-jacarta-200">{message}</p>
      {onRetry && (
        <button
          type="button"
          onClick={onRetry}
          className="mt-4 rounded-full bg-accent px-5 py-2 text-sm font-semibold text-white"
        >
          Try again
        </button>
      )}
    </div>
  )
}

export function GridSkeleton({ count = 8 }: { count?: number }) {
  return (
    <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" aria-label="Loading items">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className="animate-pulse rounded-2xl border border-jacarta-100 p-3 dark:border-jacarta-700">
          <div className="aspect-square rounded-xl bg-jacarta-100 dark:bg-jacarta-700" />
          <div className="mt-3 h-4 w-2/3 rounded bg-jacarta-100 dark:bg-jacarta-700" />
          <div className="mt-2 h-4 w-1/3 rounded bg-jacarta-100 dark:bg-jacarta-700" />
        </li>
      ))}
    </ul>
  )
}

export function PageHeading({ title, lead }: { title: string; lead?: string }) {
  return (
    <div className="mb-10">
      <h1 className="font-display text-3xl font-bold md:text-4xl">{title}</h1>
      {lead && <p className="mt-3 max-w-2xl text-jacarta-500 dark:text-jacarta-200">{lead}</p>}
    </div>
  )
}
