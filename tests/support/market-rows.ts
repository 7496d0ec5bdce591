/** Rows for market tests that need a collection and its tokens in the database, not on a chain. */
import type { Database } from '../../db/client'
import { collections, type Trait } from '../../db/schema'

/** The "Atoms" collection by `creator`, and a maker of its token rows (owned by the creator). */
export async function atomsCollection(db: Database, creator: string, now: Date) {
  const [collection] = await db
    .insert(collections)
    .values({
      slug: 'atoms',
      chainId: 31337,
      contract: '0x00000000000000000000000000000000000000cc',
      name: 'Atoms',
      logoUrl: '/logo.svg',
      bannerUrl: '/banner.svg',
      category: 'art',
      creator,
    })
    .returning()
  const token = (tokenId: string, lazyMinted = false) => ({
    collectionId: collection!.id,
    chainId: 31337,
    contract: collection!.contract,
    tokenId,
    name: `Atom ${tokenId}`,
    image: '/a.svg',
    owner: creator,
    creator,
    category: 'art' as const,
    addDate: now,
    lazyMinted,
  })
  return { collection: collection!, token }
}

/** Token metadata that changes nothing but the traits (applyTokenMetadata's record). */
export const withTraits = (attributes: Trait[]) => ({
  name: null,
  description: '',
  image: '',
  animationUrl: null,
  externalUrl: null,
  tokenUri: null,
  attributes,
})
