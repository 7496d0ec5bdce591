/**
 * An NFT's JSON is kept in three places: the columns its rows select (nftRowColumns), the mapper
 * that builds it (toNftJson) and the shape openapi.json describes (nftShape). The compiler ties
 * the mapper to the shape (server/rest/shapes.ts) and the mapper to the columns it reads; this
 * holds the rest: every selected column is shown, and the JSON has exactly the shape's keys.
 */
import { describe, expect, it } from 'vitest'
import { nftRowColumns, toNftJson, type NftRow } from '../../server/queries/nfts'
import { nftShape } from '../../server/rest/shapes'
import { UNRANKED } from '../../db/schema'

const nft: NftRow['nft'] = {
  id: 7,
  chainId: 31337,
  contract: '0x5fbdb2315678afecb367f032d93f642f64180aa3',
  tokenId: '12',
  name: 'Tide',
  description: 'A wave at dawn',
  image: 'https://vitrine.example/media/tide.png',
  animationUrl: null,
  category: 'art',
  owner: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
  creator: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
  priceWei: '1500000000000000000',
  currency: 'ETH',
  bestOfferWei: '1200000000000000000',
  offerCount: 2,
  addDate: new Date('2024-05-01T10:00:00.000Z'),
  auctionEndsAt: null,
  verified: true,
  nsfw: false,
  lazyMinted: false,
  likeCount: 3,
  attributes: [{ trait_type: 'Sea', value: 'Calm' }],
}
const collection: NftRow['collection'] = { id: 2, slug: 'tides', name: 'Tides', verified: true, lookalikeOf: null }
const rarity: NftRow['rarity'] = { rank: 3, score: 1.25, of: 40 }

describe("an NFT's JSON", () => {
  it('shows every column its rows select, so none is read for nothing', () => {
    const read = new Set<string>()
    const recording = new Proxy(nft, {
      get(target, key, receiver) {
        read.add(String(key))
        return Reflect.get(target, key, receiver)
      },
    })
    toNftJson({ nft: recording, collection, rarity })
    expect([...read].sort()).toEqual(Object.keys(nftRowColumns.nft).sort())
  })

  it('has exactly the keys and types of the OpenAPI shape (a strict object: no key more, none less)', () => {
    const json = toNftJson({ nft, collection, rarity })
    expect(nftShape.safeParse(json).error?.issues).toBeUndefined()
    expect(Object.keys(json).sort()).toEqual(Object.keys(nftShape.shape).sort())
    expect(json).toMatchObject({
      contract: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
      price: { wei: '1500000000000000000', eth: '1.5', currency: 'ETH' },
      bestOffer: { wei: '1200000000000000000', eth: '1.2', currency: 'WETH' },
      likes: 3,
      rarity: { rank: 3, score: 1.25, of: 40 },
    })
    expect(toNftJson({ nft, collection, rarity: { rank: UNRANKED, score: null, of: 0 } }).rarity).toBeNull()
  })

  it('is refused by the shape when a key is added or missing', () => {
    const json = toNftJson({ nft, collection, rarity })
    expect(nftShape.safeParse({ ...json, rarityRank: 1 }).success).toBe(false)
    const { likes: _likes, ...withoutLikes } = json
    expect(nftShape.safeParse(withoutLikes).success).toBe(false)
  })
})
