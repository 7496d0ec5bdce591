/**
 * Token metadata (ERC-721 JSON) at the URLs vouchers and contracts carry: frozen documents by
 * their SHA-256, and a token's current metadata by chain, contract and token id; a collection's
 * own metadata (ERC-7572, the contract's `contractURI`) by chain and contract.
 */
import { and, eq } from 'drizzle-orm'
import { Hono, type Context } from 'hono'
import { getAddress } from 'viem'
import { tokenMetadataJson } from '../../chain/voucher'
import { collections, nfts, tokenMetadata } from '../../db/schema'
import type { AppEnv } from '../http/app-env'
import { ApiError } from '../http/errors'
import { untrustedHeaders } from '../media/untrusted'

const json = (body: string, immutable: boolean) =>
  new Response(body, {
    // Names, descriptions and links are the creator's words: the document is inert if opened.
    headers: untrustedHeaders({
      'content-type': 'application/json',
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=60',
      'access-control-allow-origin': '*',
    }),
  })

/** Stored paths (our own drawn art, uploads) are relative; a wallet reading the chain needs absolute URLs. */
function absoluteOn(c: Context<AppEnv>) {
  const origin = c.env.env.PUBLIC_URL ?? new URL(c.req.url).origin
  return (url: string | null) => (url && url.startsWith('/') ? origin + url : url)
}

export const metadata = new Hono<AppEnv>()
  .get('/:file{[0-9a-f]{64}\\.json}', async (c) => {
    const sha256 = c.req.param('file').slice(0, 64)
    const [row] = await c.env.db.select().from(tokenMetadata).where(eq(tokenMetadata.sha256, sha256))
    if (!row) throw new ApiError(404, 'NOT_FOUND', `no metadata ${sha256}`)
    return json(row.json, true)
  })
  .get('/:chainId{\\d+}/:contract{0x[0-9a-fA-F]{40}}/:tokenId{\\d+}', async (c) => {
    const [nft] = await c.env.db
      .select()
      .from(nfts)
      .where(
        and(
          eq(nfts.chainId, Number(c.req.param('chainId'))),
          eq(nfts.contract, c.req.param('contract').toLowerCase()),
          eq(nfts.tokenId, c.req.param('tokenId')),
        ),
      )
    if (!nft) throw new ApiError(404, 'NOT_FOUND', 'no such token on Vitrine')
    const absolute = absoluteOn(c)
    return json(
      tokenMetadataJson({
        name: nft.name,
        description: nft.description,
        image: absolute(nft.image)!,
        animationUrl: absolute(nft.animationUrl),
        externalUrl: nft.externalUrl,
        attributes: nft.attributes,
      }),
      false,
    )
  })
  .get('/:chainId{\\d+}/:contract{0x[0-9a-fA-F]{40}}', async (c) => {
    const [collection] = await c.env.db
      .select()
      .from(collections)
      .where(
        and(
          eq(collections.chainId, Number(c.req.param('chainId'))),
          eq(collections.contract, c.req.param('contract').toLowerCase()),
        ),
      )
    if (!collection) throw new ApiError(404, 'NOT_FOUND', 'no such collection on Vitrine')
    const absolute = absoluteOn(c)
    // ERC-7572's suggested fields, in a fixed order.
    return json(
      JSON.stringify({
        name: collection.name,
        description: collection.description,
        image: absolute(collection.logoUrl),
        banner_image: absolute(collection.bannerUrl),
        external_link: absolute(`/collection/${collection.slug}`),
        collaborators: [getAddress(collection.creator)],
      }),
      false,
    )
  })
