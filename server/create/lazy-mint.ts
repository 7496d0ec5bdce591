/**
 * Publishing a lazy mint: the creator has uploaded the media and signed a voucher for a token
 * of their own Vitrine collection. The server checks the collection on chain (its owner and
 * platform fee), the media, the token id, the voucher's URI (rebuilt from the metadata) and
 * signature, then shows the item at once with its price; the first buyer redeems the voucher.
 */
import { and, eq } from 'drizzle-orm'
import { z } from 'zod'
import { hashTypedData, recoverTypedDataAddress, type Address, type Hex, type PublicClient } from 'viem'
import { vitrineCollectionAbi } from '../../chain/artifacts/VitrineCollection'
import { marketplaceContracts } from '../../chain/marketplace'
import {
  sha256OfText,
  tokenMediaUrls,
  tokenMetadataJson,
  tokenUri,
  voucherToJson,
  voucherTypedData,
  type MintVoucher,
} from '../../chain/voucher'
import type { Database } from '../../db/client'
import { recordLazyMint, type TokenRecord } from '../../db/market'
import { collections, nfts } from '../../db/schema'
import type { Env } from '../platform/env'
import { refuse } from '../../db/errors'
import type { MediaStore } from '../media/store'
import { MEDIA_KEY, PICTURE_KEY } from '../media/keys'
import { tokenFieldsInput } from '../inputs/create'
import { chainClient, unlessUnavailable } from '../platform/clients'
import { checkPrice } from '../trading/price-floor'

const uint = (what: string) =>
  z
    .string()
    .regex(/^\d{1,78}$/, `must be ${what} as a whole number in decimal`)
    .transform((v) => BigInt(v))

/** The token's fields as the Create form checks them, plus what only the wallet and the upload supply. */
export const lazyMintInput = tokenFieldsInput.extend({
  media: z.string().regex(MEDIA_KEY, 'must be the key of an uploaded file (POST /api/media)'),
  /** An MP4's picture: shown on cards and until the video plays (the metadata's `image`). */
  poster: z
    .string()
    .regex(PICTURE_KEY, 'must be the key of a PNG, JPEG, GIF, WebP or AVIF picture uploaded with POST /api/media')
    .optional(),
  tokenId: uint('a token id'),
  minPriceWei: uint('a price in wei').refine((v) => v > 0n, 'must be more than zero'),
  expiresAt: uint('a time in seconds'),
  signature: z
    .string()
    .max(8194, 'must be at most 4,096 bytes')
    .regex(/^0x([0-9a-fA-F]{2})+$/, 'must be a hex signature'),
})
export type LazyMintInput = z.infer<typeof lazyMintInput>

interface Context {
  db: Database
  env: Env
  media?: MediaStore
  origin: string
  now?: Date
}

/** The creator's Vitrine collection, checked on chain: owned by them, taking this platform's fee. */
export async function creatorCollection({ db, env }: { db: Database; env: Env }, creator: Address, idOrSlug: string) {
  const [collection] = await db
    .select()
    .from(collections)
    .where(/^\d+$/.test(idOrSlug) ? eq(collections.id, Number(idOrSlug)) : eq(collections.slug, idOrSlug.toLowerCase()))
  if (!collection) return refuse(`collection: no collection ${idOrSlug}`, 'not_found')
  if (collection.creator !== creator) refuse('collection: only its creator can mint in it', 'forbidden')
  const client = chainClient(env, collection.chainId)
  if (!client || !marketplaceContracts(collection.chainId)) {
    return refuse(`collection: Vitrine does not trade on chain ${collection.chainId}`)
  }
  const contract = collection.contract as Address
  const read = <T>(functionName: 'owner' | 'platformFeeRecipient' | 'platformFeeBps') =>
    client
      .readContract({ address: contract, abi: vitrineCollectionAbi, functionName })
      .catch(unlessUnavailable(null)) as Promise<T | null>
  const [owner, feeRecipient, feeBps] = await Promise.all([
    read<Address>('owner'),
    read<Address>('platformFeeRecipient'),
    read<bigint>('platformFeeBps'),
  ])
  if (!owner || owner.toLowerCase() !== creator) refuse('collection: its contract is not owned by your wallet')
  if (feeRecipient?.toLowerCase() !== env.platformFee.recipient || feeBps !== BigInt(env.platformFee.bps)) {
    refuse("collection: its contract does not pay this marketplace's platform fee")
  }
  return { collection, client, contract }
}

type TokenFields = Pick<
  LazyMintInput,
  'name' | 'description' | 'externalUrl' | 'media' | 'poster' | 'attributes' | 'freeze'
>

/** The media and its poster are files this site stores, and only a video has a poster. */
export async function checkTokenMedia(store: MediaStore | undefined, input: Pick<TokenFields, 'media' | 'poster'>) {
  if (!store || !(await store.has(input.media))) refuse('media: upload the file first (POST /api/media)')
  if (input.poster === undefined) return
  if (!input.media.endsWith('.mp4')) refuse('poster: only an MP4 video takes a poster (a picture is shown as itself)')
  if (!(await store!.has(input.poster))) refuse('poster: upload the picture first (POST /api/media)')
}

/** The token's metadata and the URI that carries it (frozen or by token path). */
export async function tokenDocument(
  origin: string,
  token: { chainId: number; contract: Address; tokenId: bigint },
  input: TokenFields,
) {
  const metadata = {
    name: input.name,
    description: input.description,
    ...tokenMediaUrls(origin, input.media, input.poster),
    externalUrl: input.externalUrl ?? null,
    attributes: input.attributes,
  }
  return { metadata, uri: await tokenUri(origin, token, metadata, input.freeze) }
}

/** The token as the market module stores it (with its frozen metadata document, if frozen). */
export async function tokenRecord(
  collection: typeof collections.$inferSelect,
  tokenId: bigint,
  owner: Address,
  input: TokenFields,
  metadata: Awaited<ReturnType<typeof tokenDocument>>['metadata'],
  lazy: boolean,
  now: Date,
): Promise<TokenRecord> {
  const json = input.freeze ? tokenMetadataJson(metadata) : null
  return {
    collection,
    tokenId,
    name: input.name,
    description: input.description,
    ...tokenMediaUrls('', input.media, input.poster),
    externalUrl: input.externalUrl ?? null,
    owner,
    lazyMinted: lazy,
    attributes: input.attributes,
    addDate: now,
    metadata: json === null ? undefined : { sha256: await sha256OfText(json), json },
  }
}

/** The token id is free: not in the database and, when `client` is given, not minted on chain. */
export async function ensureTokenIdFree(
  db: Database,
  collection: typeof collections.$inferSelect,
  tokenId: bigint,
  client?: PublicClient,
) {
  const [taken] = await db
    .select({ id: nfts.id })
    .from(nfts)
    .where(
      and(
        eq(nfts.chainId, collection.chainId),
        eq(nfts.contract, collection.contract),
        eq(nfts.tokenId, tokenId.toString()),
      ),
    )
  const minted = client
    ? await client
        .readContract({
          address: collection.contract as Address,
          abi: vitrineCollectionAbi,
          functionName: 'ownerOf',
          args: [tokenId],
        })
        .then(() => true, unlessUnavailable(false))
    : false
  if (taken || minted) refuse(`tokenId: token ${tokenId} already exists in this collection`, 'conflict')
}

export async function publishLazyMint(
  { db, env, media, origin, now = new Date() }: Context,
  creator: Address,
  input: LazyMintInput,
) {
  // The creator is the seller here: the platform fee is the only cut taken from the price.
  checkPrice(env, 'minPriceWei', input.minPriceWei, [{ label: 'the platform fee', bps: env.platformFee.bps }])
  const { collection, client, contract } = await creatorCollection({ db, env }, creator, input.collection)
  await checkTokenMedia(media, input)
  const t = BigInt(Math.floor(now.getTime() / 1000))
  if (input.expiresAt <= t + 60n) refuse('expiresAt: the voucher has expired or ends within a minute')
  if (input.expiresAt > t + 366n * 86_400n) refuse('expiresAt: a voucher may run for at most a year')
  await ensureTokenIdFree(db, collection, input.tokenId, client)

  const { metadata, uri } = await tokenDocument(
    origin,
    { chainId: collection.chainId, contract, tokenId: input.tokenId },
    input,
  )
  const voucher: MintVoucher = {
    tokenId: input.tokenId,
    uri,
    minPrice: input.minPriceWei,
    creator,
    expiresAt: input.expiresAt,
  }
  const typed = voucherTypedData(collection.chainId, contract, voucher)
  const signature = input.signature as Hex
  const signer = await recoverTypedDataAddress({ ...typed, signature }).catch(() => null)
  if (signer?.toLowerCase() !== creator) {
    const valid = await client
      .verifyHash({ address: creator, hash: hashTypedData(typed), signature })
      .catch(unlessUnavailable(false))
    if (!valid) refuse('signature: not a voucher signed by your wallet for exactly this token, URI, price and expiry')
  }

  const digest = hashTypedData(typed)
  const token = await tokenRecord(collection, input.tokenId, creator, input, metadata, true, now)
  const { nftId } = await recordLazyMint(
    db,
    token,
    {
      maker: creator,
      priceWei: input.minPriceWei,
      endsAt: new Date(Number(input.expiresAt) * 1000),
      orderHash: digest,
      orderJson: JSON.stringify(voucherToJson(voucher, contract)),
      signature: input.signature,
    },
    now,
  )
  return { nftId: nftId, uri, voucherHash: digest }
}
