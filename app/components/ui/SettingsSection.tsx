import type { ReactNode } from 'react'

/** The settings' buttons: the main action, and the others beside it. */
export const buttonClass =
  'rounded-full bg-accent px-8 py-3 font-semibold text-white hover:bg-accent-dark disabled:opacity-60'
export const quietButtonClass =
  'rounded-full border border-jacarta-200 px-6 py-2.5 font-semibold hover:border-accent disabled:opacity-60 dark:border-jacarta-500'

/** One part of the profile's settings, ruled off from the one above: a heading, a lead, its body. */
export function SettingsSection({
  name,
  title,
  lead,
  id,
  children,
}: {
  /** Names the heading (`<name>-heading`), which labels the section. */
  name: string
  title: string
  lead: ReactNode
  /** The section's own anchor, when links lead to it. */
  id?: string
  children: ReactNode
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${name}-heading`}
      className="mt-12 border-t border-jacarta-100 pt-8 dark:border-jacarta-600"
    >
      <h2 id={`${name}-heading`} className="font-display text-lg font-semibold">
        {title}
      </h2>
      <p className="mt-2 text-sm text-jacarta-500 dark:text-jacarta-300">{lead}</p>
      {children}
    </section>
  )
}
