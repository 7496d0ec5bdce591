import { Section } from './Section'

const STEPS = [
  {
    title: 'Connect your wallet',
    text: 'MetaMask, Rabby, Coinbase Wallet or any browser wallet. Sign in by signing a message: no password.',
  },
  {
    title: 'Create a collection',
    text: 'Deploy your own ERC-721 contract with creator earnings, or mint into an existing one.',
  },
  {
    title: 'Mint for free',
    text: 'Lazy minting signs a voucher instead of sending a transaction; the first buyer mints it.',
  },
  {
    title: 'List and sell',
    text: 'Fixed price or timed auction, settled on chain by Seaport, with fees shown up front.',
  },
]

export function HowItWorks() {
  return (
    <Section title="Create and sell your NFTs" id="how-it-works">
      <ol className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {STEPS.map((step, i) => (
          <li
            key={step.title}
            className="rounded-2xl border border-jacarta-100 bg-white p-6 dark:border-jacarta-700 dark:bg-jacarta-800"
          >
            <span className="grid h-10 w-10 place-items-center rounded-full bg-accent font-bold text-white">
              {i + 1}
            </span>
            <h3 className="mt-4 font-display text-lg font-semibold">{step.title}</h3>
            <p className="mt-2 text-sm text-jacarta-500 dark:text-jacarta-200">{step.text}</p>
          </li>
        ))}
      </ol>
    </Section>
  )
}
