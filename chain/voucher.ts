/**
 * Lazy minting: the creator signs an EIP-712 voucher that the first buyer redeems on the
 * collection contract (chain/contracts/VitrineCollection.sol), and the token's metadata as
 * ERC-721 JSON. Pure functions, shared by the browser (sign) and the server (check, serve).
 */
import type { Address } from 'viem'

export interface MintVoucher {
  tokenId: bigint
  uri: string
  minPrice: bigint
  creator: Address
  expiresAt: bigint
}

export const VOUCHER_TYPES = {
  MintVoucher: [
    { name: 'tokenId', type: 'uint256' },
    { name: 'uri', type: 'string' },
    { name: 'minPrice', type: 'uint256' },
    { name: 'creator', type: 'address' },
    { name: 'expiresAt', type: 'uint256' },
  ],
} as const

/** A voucher as the server stores and serves it: bigints as decimal text, with its collection. */
export type VoucherJson = ReturnType<typeof voucherToJson>

export const voucherToJson = (voucher: MintVoucher, collection: Address) => ({
  tokenId: voucher.tokenId.toString(),
  uri: voucher.uri,
  minPrice: voucher.minPrice.toString(),
  creator: voucher.creator,
  expiresAt: voucher.expiresAt.toString(),
  collection,
})

export const voucherFromJson = (json: VoucherJson): { voucher: MintVoucher; collection: Address } => ({
  voucher: {
    tokenId: BigInt(json.tokenId),
    uri: json.uri,
    minPrice: BigInt(json.minPrice),
    creator: json.creator,
    expiresAt: BigInt(json.expiresAt),
  },
  collection: json.collection,
})

export const voucherTypedData = (chainId: number, collection: Address, voucher: MintVoucher) => ({
  domain: { name: 'Vitrine', version: '1', chainId, verifyingContract: collection },
  types: VOUCHER_TYPES,
  primaryType: 'MintVoucher' as const,
  message: voucher,
})

export interface TokenMetadataInput {
  name: string
  description: string
  image: string
  animationUrl?: string | null
  externalUrl?: string | null
  attributes: { trait_type: string; value: string }[]
}

/**
 * Where a created token's files go in its metadata (the ERC-721 / OpenSea convention): an MP4 is
 * its `animation_url` and its poster, when it has one, the `image` wallets and cards show; any
 * other file is the image itself. `base` is the site's origin, or '' for paths.
 */
export function tokenMediaUrls(base: string, media: string, poster?: string) {
  const url = (key: string) => `${base}/api/media/${key}`
  const video = media.endsWith('.mp4')
  return { image: url(video && poster ? poster : media), animationUrl: video ? url(media) : null }
}

/** The ERC-721 metadata JSON, byte for byte the same wherever it is built (keys in a fixed order). */
export function tokenMetadataJson(m: TokenMetadataInput): string {
  return JSON.stringify({
    name: m.name,
    description: m.description,
    image: m.image,
    ...(m.animationUrl ? { animation_url: m.animationUrl } : {}),
    ...(m.externalUrl ? { external_url: m.externalUrl } : {}),
    attributes: m.attributes.map((a) => ({ trait_type: a.trait_type, value: a.value })),
  })
}

export async function sha256OfText(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)))
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('')
}

/**
 * The token URI a voucher carries. Frozen: the SHA-256 of the metadata itself, so it can never
 * change. Not frozen: the token's own path, which follows later edits.
 */
export async function tokenUri(
  origin: string,
  token: { chainId: number; contract: string; tokenId: bigint },
  metadata: TokenMetadataInput,
  freeze: boolean,
): Promise<string> {
  return freeze
    ? `${origin}/api/metadata/${await sha256OfText(tokenMetadataJson(metadata))}.json`
    : `${tokenMetadataBaseUri(origin, token)}${token.tokenId}`
}

/** Where a collection's tokens' current metadata lives, the token id following (a contract's base URI). */
export const tokenMetadataBaseUri = (origin: string, c: { chainId: number; contract: string }) =>
  `${collectionMetadataUri(origin, c)}/`

/** The collection's own metadata (ERC-7572 contractURI). */
export const collectionMetadataUri = (origin: string, c: { chainId: number; contract: string }) =>
  `${origin}/api/metadata/${c.chainId}/${c.contract.toLowerCase()}`
