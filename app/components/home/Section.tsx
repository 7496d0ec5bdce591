import type { ReactNode } from 'react'

export function Section({
  title,
  id,
  action,
  children,
}: {
  title: string
  id: string
  action?: ReactNode
  children: ReactNode
}) {
  return (
    <section aria-labelledby={id} className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:px-8">
      <div className="mb-8 flex flex-wrap items-end justify-between gap-4">
        <h2 id={id} className="font-display text-2xl font-bold md:text-3xl">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  )
}
