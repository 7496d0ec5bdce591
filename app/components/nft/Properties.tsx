import { Link } from '@tanstack/react-router'
import type { RouterOutputs } from '../../../server/trpc/root'
import { traitFilter, traitRange } from '../../../server/inputs/trait-syntax'

type Nft = RouterOutputs['nft']['byId']
type Trait = Nft['attributes'][number]

/** A trait's value as people read it: a date, a boost, a number or text. */
function shown(trait: Trait): string {
  switch (trait.display_type) {
    case 'date':
      return new Date(Number(trait.value) * 1000).toLocaleDateString('en-US', { dateStyle: 'medium', timeZone: 'UTC' })
    case 'boost_percentage':
      return `${Number(trait.value) >= 0 ? '+' : ''}${trait.value}%`
    case 'boost_number':
      return `${Number(trait.value) >= 0 ? '+' : ''}${trait.value}`
    default:
      return trait.value
  }
}

/**
 * The token's rarity and traits; each trait links to its collection filtered by it (a numeric
 * one by its exact number).
 */
export function Properties({ nft }: { nft: Nft }) {
  if (nft.attributes.length === 0 && !nft.rarity) return null
  return (
    <>
      <h2 className="mt-8 mb-4 font-display text-xl font-semibold">Properties</h2>
      {nft.rarity && (
        <p className="mb-4 text-sm" data-testid="rarity">
          <span className="font-semibold">
            Rarity rank {nft.rarity.rank.toLocaleString('en-US')} of {nft.rarity.of.toLocaleString('en-US')}
          </span>{' '}
          <span className="text-jacarta-500 dark:text-jacarta-200">
            · score {nft.rarity.score.toFixed(2)} (OpenRarity: rarer traits score higher)
          </span>
        </p>
      )}
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {nft.attributes.map((a) => (
          <li key={a.trait_type}>
            <Link
              to="/collection/$slug"
              params={{ slug: nft.collection.slug }}
              search={
                a.display_type
                  ? { traitRange: [traitRange(a.trait_type, Number(a.value), Number(a.value))] }
                  : { trait: [traitFilter(a.trait_type, a.value)] }
              }
              className="block rounded-xl border border-accent/30 bg-accent/5 p-3 text-center hover:border-accent"
              title={`See the collection's items with ${a.trait_type}: ${shown(a)}`}
            >
              <p className="text-xs text-accent uppercase dark:text-accent-lighter">{a.trait_type}</p>
              <p className="mt-1 truncate font-semibold">{shown(a)}</p>
            </Link>
          </li>
        ))}
      </ul>
    </>
  )
}
