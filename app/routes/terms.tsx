import { createFileRoute } from '@tanstack/react-router'
import { ContentPage } from '../components/ui/Prose'
import { pageTitle } from '../lib/seo'

export const Route = createFileRoute('/terms')({
  head: () => ({ meta: [{ title: pageTitle('Terms of Service') }] }),
  component: TermsPage,
})

const SECTIONS: [string, string][] = [
  [
    'Who may use Vitrine',
    'You must be old enough to form a binding contract where you live and not be barred from using services like this one.',
  ],
  [
    'Your wallet',
    'Vitrine is non-custodial. You alone control your wallet, its keys and its recovery phrase; we cannot recover them or reverse a transaction.',
  ],
  [
    'Fees',
    'Each sale pays a platform fee (1% by default) and the creator earnings set by the collection. Both are part of the signed order and shown before you sign. Network (gas) fees are paid to the blockchain, not to us.',
  ],
  [
    'Listings and sales',
    'A listing is an order you sign. Sales are settled on chain by the Seaport protocol; once confirmed, they are final.',
  ],
  [
    'Content',
    'Do not list items that infringe rights, deceive buyers, or are illegal. We may hide such items from Vitrine; they stay on chain.',
  ],
  [
    'Intellectual property',
    'Buying an NFT gives you the token, not the copyright in the artwork, unless its creator grants more.',
  ],
  [
    'No warranties',
    'Vitrine is provided as is. Blockchains, wallets and smart contracts carry risks, including loss of value.',
  ],
  [
    'Limitation of liability',
    'To the extent the law allows, we are not liable for losses from transactions you sign, third-party contracts, or network failures.',
  ],
  [
    'Changes',
    'We may update these terms; the date of the latest version is shown here, and continued use means acceptance.',
  ],
  ['Contact', 'Questions about these terms: use the Contact page.'],
]

function TermsPage() {
  return (
    <ContentPage title="Terms of Service" lead="Last updated 22 November 2026.">
      <ol className="space-y-6">
        {SECTIONS.map(([title, text], i) => (
          <li key={title} id={`section-${i + 1}`}>
            <h2>
              {i + 1}. {title}
            </h2>
            <p className="mt-2">{text}</p>
          </li>
        ))}
      </ol>
    </ContentPage>
  )
}
