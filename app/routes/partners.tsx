import { createFileRoute } from '@tanstack/react-router'
import { ContentPage, NamedCards, type NamedCard } from '../components/ui/Prose'
import { pageTitle } from '../lib/seo'

export const Route = createFileRoute('/partners')({
  head: () => ({ meta: [{ title: pageTitle('Partners') }] }),
  component: PartnersPage,
})

const PARTNERS: NamedCard[] = [
  { name: 'Seaport', line: 'The audited order protocol that settles every trade.' },
  { name: 'OpenZeppelin', line: 'The contract library behind our ERC-721 collections.' },
  { name: 'Turso', line: 'libSQL databases replicated close to the edge.' },
  { name: 'Cloudflare', line: 'Workers that render every page near you.' },
  { name: 'Summit Conference', line: 'Proof-of-attendance badges for 40,000 attendees.' },
  { name: 'Arcane Duelists', line: 'A card game whose cards trade on Vitrine.' },
  { name: 'Salt & Silver', line: 'A photography archive published by lazy minting.' },
  { name: 'Builder Guild', line: 'Co-working keys in nine cities.' },
]

function PartnersPage() {
  return (
    <ContentPage title="Partners" lead="The protocols, platforms and communities Vitrine builds with.">
      <NamedCards cards={PARTNERS} markClassName="rounded-full bg-accent" />
    </ContentPage>
  )
}
