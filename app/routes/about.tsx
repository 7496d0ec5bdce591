import { createFileRoute, Link } from '@tanstack/react-router'
import { cardClass, ContentPage } from '../components/ui/Prose'
import { pageTitle } from '../lib/seo'

export const Route = createFileRoute('/about')({
  head: () => ({
    meta: [{ title: pageTitle('About') }, { name: 'description', content: 'Who builds Vitrine and why.' }],
  }),
  component: AboutPage,
})

const VALUES: [string, string][] = [
  [
    'Your keys, your items',
    'Vitrine never holds your NFTs or your money. Orders are signed in your wallet and settled on chain.',
  ],
  ['Fast everywhere', 'Pages render at the edge, close to you, and stay light on a phone.'],
  ['Open by default', 'The code, its tests and its decisions are public. Anyone can audit or run it.'],
]

function AboutPage() {
  return (
    <ContentPage title="About Vitrine" lead="An open-source NFT marketplace people choose over the big ones.">
      <p>
        Vitrine is where collectors discover, buy and sell digital items, and where creators publish them. Every trade
        is settled on chain by Seaport, an audited protocol, and every page is rendered close to you at the edge.
      </p>
      <h2>What we believe</h2>
      <ul className="grid gap-4 sm:grid-cols-3">
        {VALUES.map(([title, text]) => (
          <li key={title} className={cardClass}>
            <h3 className="font-display font-semibold">{title}</h3>
            <p className="mt-2 text-sm text-jacarta-500 dark:text-jacarta-200">{text}</p>
          </li>
        ))}
      </ul>
      <h2>Work with us</h2>
      <p>
        We are a small, remote team. See the{' '}
        <Link to="/careers" className="text-accent underline">
          open roles
        </Link>{' '}
        or{' '}
        <Link to="/contact" className="text-accent underline">
          write to us
        </Link>
        .
      </p>
    </ContentPage>
  )
}
