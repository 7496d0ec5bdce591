export interface CaseStudy {
  slug: string
  title: string
  client: string
  summary: string
  results: { label: string; value: string }[]
  story: string[]
}

export const CASE_STUDIES: CaseStudy[] = [
  {
    slug: 'case_study_1',
    title: 'A photography archive that pays its photographers',
    client: 'Salt & Silver',
    summary: 'Forty years of coastal negatives, minted lazily and sold to collectors in 31 countries.',
    results: [
      { label: 'Items published', value: '1,200' },
      { label: 'Gas paid by the studio', value: '0 ETH' },
      { label: 'Creator earnings paid', value: '5% of every resale' },
    ],
    story: [
      'Salt & Silver had an archive of hand-developed plates and no budget to mint them. Lazy minting let them publish the whole archive in an afternoon: each plate became a signed voucher, and the first collector of each one paid the gas.',
      'Because creator earnings are part of every order, the photographers keep earning when their prints change hands.',
    ],
  },
  {
    slug: 'case_study_2',
    title: 'Season tickets that work at the gate and on chain',
    client: 'Harvest Season Tickets',
    summary: 'A regenerative farm collective replaced paper passes with NFTs that members can resell safely.',
    results: [
      { label: 'Members', value: '2,400' },
      { label: 'Fraudulent resales', value: '0' },
      { label: 'Average checkout', value: 'under 30 s' },
    ],
    story: [
      'Members buy a season pass on Vitrine and show it at the gate by signing a message. When a member cannot come, they list the pass; the buyer receives it on chain, and the collective receives its earnings automatically.',
    ],
  },
  {
    slug: 'case_study_3',
    title: 'Launching a card game economy',
    client: 'Arcane Duelists',
    summary: 'A living card game put every card on chain and let players trade freely from day one.',
    results: [
      { label: 'Cards traded in month one', value: '38,000' },
      { label: 'Average listing to sale', value: '4 hours' },
      { label: 'Support tickets about trades', value: '−72%' },
    ],
    story: [
      'Arcane Duelists deployed their own ERC-721 contract from the studio wallet and listed starter packs as timed auctions. Rankings and activity feeds gave players a live view of the market without any extra tooling.',
    ],
  },
]

export const findCaseStudy = (slug: string) => CASE_STUDIES.find((c) => c.slug === slug)
