export interface Faq {
  question: string
  answer: string
}

export const FAQ: Faq[] = [
  {
    question: 'What do I need to start?',
    answer:
      'A browser wallet such as MetaMask, Rabby or Coinbase Wallet. You sign in by signing a short message: there is no password and no email.',
  },
  { question: 'Does signing in cost gas?', answer: 'No. Signing a message is free and sends no transaction.' },
  {
    question: 'What fees does Vitrine charge?',
    answer:
      'A platform fee of 1% on each sale, plus the creator earnings set by the collection (5% by default). Both are shown before you sign and enforced on chain.',
  },
  {
    question: 'Who holds my NFTs while they are listed?',
    answer: 'You do. A listing is a signed order; the NFT stays in your wallet until a buyer fills the order on chain.',
  },
  {
    question: 'How do I cancel a listing?',
    answer:
      'From the item page, choose Cancel. Cancelling is an on-chain transaction, so no saved copy of your order can be filled afterwards.',
  },
  {
    question: 'What is lazy minting?',
    answer:
      'You publish an item by signing a voucher instead of paying gas. The first buyer mints the token and pays you in the same transaction.',
  },
  {
    question: 'Why are offers in WETH?',
    answer:
      'Offers must be spendable without you being online. WETH (wrapped ETH) can be approved for the marketplace contract; plain ETH cannot.',
  },
  {
    question: 'How do auctions work?',
    answer:
      'Timed English auctions: bidders make WETH offers above the reserve, and after the end the seller accepts the highest bid on chain.',
  },
  {
    question: 'Which blockchains are supported?',
    answer: 'Ethereum, Base and the Sepolia test network. Wallets on retired test networks are asked to switch.',
  },
  {
    question: 'My transaction is pending for a long time. What now?',
    answer:
      'Gas prices may have risen since you sent it. Your wallet can speed it up or cancel it; Vitrine updates as soon as the chain confirms.',
  },
  {
    question: 'How do I report a stolen or infringing item?',
    answer: 'Write to us from the Contact page with the item link. We hide reported items while we review them.',
  },
  {
    question: 'Is Vitrine open source?',
    answer: 'Yes. The marketplace code, its tests and its documentation are public, and anyone can run their own copy.',
  },
]
