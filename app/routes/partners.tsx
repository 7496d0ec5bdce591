import { createFileRoute } from '@tanstack/react-router'
import { cardClass, ContentPage } from '../components/ui/Prose'
import { pageTitle } from '../lib/seo'

export const Route = createFileRoute('/partners')({
  head: () => ({ meta: [{ title: pageTitle('Partners') }] }),
  component: PartnersPage,
})

const PARTNERS: [string, string][] = [
  ['Seaport', 'The audited order protocol that settles every trade.'],
  ['OpenZeppelin', 'The contract library behind our ERC-721 collections.'],
  ['Turso', 'libSQL databases replicated close to the edge.'],
  ['Cloudflare', 'Workers that render every page near you.'],
  ['Summit Conference', 'Proof-of-attendance badges for 40,000 attendees.'],
  ['Arcane Duelists', 'A card game whose cards trade on Vitrine.'],
  ['Salt & Silver', 'A photography archive published by lazy minting.'],
  ['Builder Guild', 'Co-working keys in nine cities.'],
]

function PartnersPage() {
  return (
    <ContentPage title="Partners" lead="The protocols, platforms and communities Vitrine builds with.">
      <ul className="grid gap-4 sm:grid-cols-2">
        {PARTNERS.map(([name, line]) => (
          <li key={name} className={`${cardClass} flex items-center gap-4`}>
            <span
              aria-hidden="true"
              className="grid h-12 w-12 shrink-0 place-items-center rounded-full bg-accent font-display text-lg font-bold text-white"
            >
              {name.charAt(0)}
            </span>
            <span>
              <span className="block font-semibold">{name}</span>
              <span className="text-sm text-jacarta-500 dark:text-jacarta-200">{line}</span>
            </span>
          </li>
        ))}
      </ul>
    </ContentPage>
  )
}
