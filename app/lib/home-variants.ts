/** The twelve home pages: one set of sections, each variant with its own words and order. */
export type HomeSection = 'trending' | 'collections' | 'auctions' | 'categories' | 'how' | 'newsletter'

export interface HomeVariant {
  n: number
  name: string
  eyebrow: string
  title: string
  lead: string
  sections: HomeSection[]
  tone: 'violet' | 'sunset' | 'ocean' | 'night'
}

const base: HomeSection[] = ['trending', 'collections', 'auctions', 'categories', 'how', 'newsletter']

export const HOME_PAGES: HomeVariant[] = [
  {
    n: 1,
    name: 'Home',
    eyebrow: 'Open-source NFT marketplace',
    title: 'Discover, collect and sell extraordinary NFTs',
    lead: 'Vitrine is a digital marketplace for crypto collectibles and non-fungible tokens. Buy, sell and discover exclusive digital items.',
    sections: base,
    tone: 'violet',
  },
  {
    n: 2,
    name: 'Home 2',
    eyebrow: 'Curated every day',
    title: 'The home of generative art and rare collectibles',
    lead: 'Hand-picked drops from independent artists, settled on chain.',
    sections: ['collections', 'trending', 'auctions', 'how', 'categories', 'newsletter'],
    tone: 'sunset',
  },
  {
    n: 3,
    name: 'Home 3',
    eyebrow: 'Live auctions',
    title: 'Bid on the pieces everyone is watching',
    lead: 'English auctions with reserve prices, ending every hour.',
    sections: ['auctions', 'trending', 'collections', 'categories', 'newsletter'],
    tone: 'night',
  },
  {
    n: 4,
    name: 'Home 4',
    eyebrow: 'For collectors',
    title: 'Build a collection you are proud of',
    lead: 'Track floors, volumes and owners of every collection.',
    sections: ['collections', 'categories', 'trending', 'how', 'newsletter'],
    tone: 'ocean',
  },
  {
    n: 5,
    name: 'Home 5',
    eyebrow: 'For creators',
    title: 'Mint without gas, sell to the world',
    lead: 'Lazy minting, creator earnings on every sale, your own contract.',
    sections: ['how', 'trending', 'collections', 'newsletter'],
    tone: 'violet',
  },
  {
    n: 6,
    name: 'Home 6',
    eyebrow: 'Photography, sports and more',
    title: 'Every kind of digital item, one marketplace',
    lead: 'Art, photography, sports moments, trading cards, domains and virtual land.',
    sections: ['categories', 'trending', 'auctions', 'collections', 'newsletter'],
    tone: 'sunset',
  },
  {
    n: 7,
    name: 'Crypto Consultant',
    eyebrow: 'Advisory',
    title: 'Guidance for your first on-chain collection',
    lead: 'Learn how wallets, fees and royalties work before you buy.',
    sections: ['how', 'collections', 'trending', 'newsletter'],
    tone: 'ocean',
  },
  {
    n: 8,
    name: 'NFT Game',
    eyebrow: 'Play and own',
    title: 'Game items you truly own',
    lead: 'Trading cards, mecha kittens and fleets: trade them like any NFT.',
    sections: ['trending', 'auctions', 'categories', 'newsletter'],
    tone: 'night',
  },
  {
    n: 9,
    name: 'DAO Platform',
    eyebrow: 'Community owned',
    title: 'Passes and badges for your DAO',
    lead: 'Membership NFTs with on-chain proof of attendance.',
    sections: ['collections', 'how', 'trending', 'newsletter'],
    tone: 'violet',
  },
  {
    n: 10,
    name: 'Crypto App',
    eyebrow: 'In your pocket',
    title: 'A marketplace that fits in your hand',
    lead: 'Every page is fast on a phone, every wallet just works.',
    sections: ['trending', 'how', 'categories', 'newsletter'],
    tone: 'ocean',
  },
  {
    n: 11,
    name: 'Crypto Trading',
    eyebrow: 'Markets',
    title: 'Floors, volumes and rankings in real time',
    lead: 'Sales indexed from the chain, ranked by period, category and chain.',
    sections: ['collections', 'trending', 'auctions', 'newsletter'],
    tone: 'night',
  },
  {
    n: 12,
    name: 'ICO Landing',
    eyebrow: 'Launchpad',
    title: 'Launch your collection on Vitrine',
    lead: 'Deploy an ERC-721 contract from your wallet and sell from day one.',
    sections: ['how', 'categories', 'collections', 'newsletter'],
    tone: 'sunset',
  },
]
