import { NftCard, type NftSummary } from './NftCard'

export function NftGrid({ items, eager = 0, testId }: { items: NftSummary[]; eager?: number; testId?: string }) {
  return (
    <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" data-testid={testId}>
      {items.map((nft, i) => (
        <li key={nft.id}>
          <NftCard nft={nft} priority={i < eager} />
        </li>
      ))}
    </ul>
  )
}
