import { createFileRoute } from '@tanstack/react-router'
import { cardClass, ContentPage } from '../components/ui/Prose'
import { pageTitle } from '../lib/seo'

export const Route = createFileRoute('/careers')({
  head: () => ({ meta: [{ title: pageTitle('Careers') }] }),
  component: CareersPage,
})

const ROLES: [string, string, string][] = [
  ['Senior Frontend Engineer', 'Web', 'React, TanStack and a taste for fast, accessible interfaces.'],
  ['Smart Contract Engineer', 'Protocol', 'Solidity, Seaport orders and a healthy fear of reentrancy.'],
  ['Backend Engineer, Indexing', 'Data', 'Turn chain events into reliable rows, fast, at the edge.'],
  ['Product Designer', 'Design', 'Make wallets, signatures and fees feel obvious.'],
  ['Community Lead', 'Community', 'Be the voice of collectors and creators inside the team.'],
]

function CareersPage() {
  return (
    <ContentPage title="Careers" lead="Help build the marketplace collectors trust. Everyone works remotely.">
      <ul className="space-y-4">
        {ROLES.map(([title, team, blurb]) => (
          <li key={title} className={`${cardClass} flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between`}>
            <div>
              <h2 className="!mt-0 font-display text-lg font-semibold">{title}</h2>
              <p className="text-sm text-jacarta-500 dark:text-jacarta-200">
                {team} · Remote · {blurb}
              </p>
            </div>
            <a
              href={`mailto:careers@vitrine.example?subject=${encodeURIComponent(title)}`}
              className="shrink-0 rounded-full bg-accent px-5 py-2 text-center text-sm font-semibold text-white"
            >
              Apply for {title}
            </a>
          </li>
        ))}
      </ul>
    </ContentPage>
  )
}
