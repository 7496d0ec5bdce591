export interface Post {
  slug: string
  title: string
  date: string
  author: string
  readMinutes: number
  excerpt: string
  sections: { heading?: string; paragraphs: string[] }[]
}

export const POSTS: Post[] = [
  {
    slug: 'post_1',
    title: 'Why Vitrine settles every trade with Seaport',
    date: '2026-10-28',
    author: 'Maya Okafor',
    readMinutes: 6,
    excerpt:
      'Listings are signed off chain and filled on chain by an audited protocol. Here is what that means for your keys and your money.',
    sections: [
      {
        paragraphs: [
          'A listing on Vitrine is an order you sign with your wallet. Nothing moves until a buyer fills it on chain, and when it moves, it moves through Seaport 1.6, a protocol that has been audited and battle-tested across billions in volume.',
          'We never hold your NFTs or your ETH. The marketplace stores signed orders and shows them; the chain decides who owns what.',
        ],
      },
      {
        heading: 'Fees you can read',
        paragraphs: [
          'The platform fee and the creator earnings are consideration items inside the order itself. Your wallet shows them before you sign, and the contract enforces them when the order is filled.',
        ],
      },
      {
        heading: 'Cancelling for real',
        paragraphs: [
          'Cancelling a listing is an on-chain transaction. It costs a little gas, but afterwards no copy of your signed order can ever be filled, not even one a bot saved earlier.',
        ],
      },
    ],
  },
  {
    slug: 'post_2',
    title: 'Lazy minting, explained',
    date: '2026-10-14',
    author: 'Jonas Lindqvist',
    readMinutes: 4,
    excerpt:
      'Publish without paying gas: you sign a voucher, the first buyer mints the token and pays you in the same transaction.',
    sections: [
      {
        paragraphs: [
          'When you lazy-mint, your item appears on Vitrine at once with a Lazy minted badge, but no token exists on chain yet. What exists is a voucher: a message you signed that says which token, which metadata and the lowest price you accept.',
          'The first buyer redeems the voucher. The contract checks your signature, mints the token straight to the buyer and pays you the price minus the platform fee.',
        ],
      },
      {
        heading: 'Changing your mind',
        paragraphs: ['Vouchers can be revoked before anyone buys. A revoked voucher can never be redeemed.'],
      },
    ],
  },
  {
    slug: 'post_3',
    title: 'Reading a collection page like a pro',
    date: '2026-09-30',
    author: 'Priya Raman',
    readMinutes: 5,
    excerpt: 'Floor, volume, owners, listed percentage: what each number tells you and where it comes from.',
    sections: [
      {
        paragraphs: [
          'Every number on a collection page is computed from sales and listings indexed from the chain. The floor is the cheapest live listing; volume adds up sales over a period; owners counts distinct wallets.',
          'A high listed percentage with a falling floor often means holders are heading for the exit. Many owners per item usually means a healthy, spread-out community.',
        ],
      },
    ],
  },
  {
    slug: 'post_4',
    title: 'Keeping your wallet safe on any marketplace',
    date: '2026-09-12',
    author: 'Maya Okafor',
    readMinutes: 7,
    excerpt: 'Five habits that stop most NFT thefts before they happen.',
    sections: [
      {
        paragraphs: [
          'Read what you sign. Signing in to Vitrine shows a short, human-readable message with our domain in it; a listing shows the items and the amounts. If a signature request looks like gibberish, do not sign it.',
          'Use a separate wallet for minting experiments, revoke approvals you no longer need, and never type your recovery phrase into a website.',
        ],
      },
    ],
  },
]

export const findPost = (slug: string) => POSTS.find((p) => p.slug === slug)
