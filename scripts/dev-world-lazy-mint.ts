/**
 * The dev world's lazy mint: an item of Harbour Tarot (chain/local-market.ts) that is listed but
 * not minted, made as the site's create flow makes one. Its picture is uploaded through the
 * upload's own checks into the media store; its creator (anvil test account 3) signs the EIP-712
 * voucher with their key; `publishLazyMint`, the code behind `create.publishLazyMint`, checks the
 * collection on chain, the media and the signature and records it. The first buyer redeems the
 * voucher on the collection contract, which mints the token to them. Idempotent: once the token
 * is in the database (listed, bought or withdrawn), nothing is done again.
 * Node only: scripts/dev-world.ts.
 */
import { and, eq } from 'drizzle-orm'
import { getAddress, parseEther, type Address } from 'viem'
import { accounts, LOCAL_COLLECTIONS } from '../chain/local-market'
import { LOCAL_CHAIN_ID } from '../chain/marketplace'
import { voucherTypedData, type MintVoucher } from '../chain/voucher'
import { collections, nfts } from '../db/schema'
import { drawArt } from '../server/art'
import { lazyMintInput, publishLazyMint, tokenDocument } from '../server/create/lazy-mint'
import { checkMedia } from '../server/media/content'
import { mediaKey } from '../server/media/keys'
import { sha256Hex } from '../server/media/store'
import type { Runtime } from '../server/platform/runtime'

/** What is lazy minted: the collection's next token id after its minted ones, at a price above 0.12 ETH. */
export const DEV_LAZY_MINT = {
  collection: 'Harbour Tarot',
  tokenId: 5n,
  name: 'Card #5 · The Unlit Lamp',
  description: 'The fifth card of Harbour Tarot, signed by its creator and not minted yet: its first buyer mints it.',
  /** ETH. The cheapest buy-now of the dev world stays one of the seeded 0.12 ETH listings. */
  price: '0.25',
  attributes: [
    { trait_type: 'Edition', value: 'Open' },
    { trait_type: 'Palette', value: 'Ink' },
  ],
} as const

const DAY = 86_400_000

/**
 * Publishes the lazy mint unless its token is in the database already. Answers whether it did.
 * The voucher is dated to the world's past (12 days after its collection was seeded, so "Recently
 * added" still starts with the seeded tokens of the other collections) and runs for a year.
 */
export async function lazyMintOnce(runtime: Runtime): Promise<boolean> {
  const plan = DEV_LAZY_MINT
  const entry = LOCAL_COLLECTIONS.find((c) => c.name === plan.collection)
  if (!entry) throw new Error(`no local collection named ${plan.collection}`)
  const [collection] = await runtime.db
    .select()
    .from(collections)
    .where(and(eq(collections.chainId, LOCAL_CHAIN_ID), eq(collections.name, plan.collection)))
  if (!collection) throw new Error(`${plan.collection} is not seeded`)
  const [existing] = await runtime.db
    .select({ id: nfts.id })
    .from(nfts)
    .where(and(eq(nfts.collectionId, collection.id), eq(nfts.tokenId, plan.tokenId.toString())))
  if (existing) return false
  if (!runtime.media) throw new Error('the lazy mint needs a media store for its picture')

  // The upload: the bytes judged as POST /api/media judges them, stored under their SHA-256.
  const picture = new TextEncoder().encode(drawArt('nft', `${collection.slug}/${plan.tokenId}`))
  const verdict = checkMedia(picture, 'card-5.svg')
  if (!verdict.ok) throw new Error(`the lazy mint's picture: ${verdict.message}`)
  const media = mediaKey(await sha256Hex(verdict.bytes), verdict.extension)
  if (!(await runtime.media.has(media))) await runtime.media.put(media, verdict.bytes, verdict.contentType)

  const creator = accounts[entry.creator]!
  const now = new Date(collection.createdAt.getTime() + 12 * DAY)
  const expiresAt = BigInt(Math.floor(now.getTime() / 1000) + 365 * 86_400)
  const origin = runtime.env.siteOrigins[0]!
  const fields = {
    collection: collection.slug,
    name: plan.name,
    description: plan.description,
    attributes: plan.attributes.map((a) => ({ ...a })),
    freeze: true,
    media,
  }
  // What the create form has the wallet sign: the voucher for exactly this token, URI, price and expiry.
  const contract = getAddress(collection.contract) as Address
  const { uri } = await tokenDocument(origin, { chainId: LOCAL_CHAIN_ID, contract, tokenId: plan.tokenId }, fields)
  const voucher: MintVoucher = {
    tokenId: plan.tokenId,
    uri,
    minPrice: parseEther(plan.price),
    creator: creator.address,
    expiresAt,
  }
  const signature = await creator.signTypedData(voucherTypedData(LOCAL_CHAIN_ID, contract, voucher))
  const input = lazyMintInput.parse({
    ...fields,
    tokenId: plan.tokenId.toString(),
    minPriceWei: voucher.minPrice.toString(),
    expiresAt: expiresAt.toString(),
    signature,
  })
  await publishLazyMint(
    { db: runtime.db, env: runtime.env, media: runtime.media, origin, now },
    creator.address.toLowerCase() as Address,
    input,
  )
  return true
}
