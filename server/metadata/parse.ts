/**
 * ERC-721 / ERC-1155 metadata JSON, read leniently (a field of the wrong type is ignored, not
 * the whole token) and bounded: text is cleaned of control and bidi characters and cut
 * (server/metadata/text.ts), attributes are capped, and media or links are kept only as URIs
 * that are safe to store (server/metadata/uri.ts).
 */
import { z } from 'zod'
import type { TokenMetadataRecord } from '../../db/market'
import { NUMERIC_DISPLAY_TYPES, type Trait } from '../../db/schema'
import { FetchRefused } from './safe-fetch'
import { cleanLine, cleanParagraphs } from './text'
import { publicUri, type Gateways } from './uri'

export const LIMITS = {
  name: 200,
  description: 5_000,
  traitType: 64,
  traitValue: 200,
  attributes: 50,
  /** An on-chain (data:) image kept in the row: larger ones are dropped, not stored. */
  dataImageBytes: 256 * 1024,
} as const

/** What the token's metadata says, as the market module stores it (without the URI it came from). */
export type TokenMetadata = Omit<TokenMetadataRecord, 'tokenUri'>

const text = z.union([z.string(), z.number().transform(String)])
const optionalText = text.optional().catch(undefined)

const scalar = z.union([
  z.string(),
  z.number().refine(Number.isFinite).transform(String),
  z.boolean().transform(String),
])

/** A numeric trait's value: a finite number, or a string that is one. */
const numeric = (value: string): number | null => {
  const number = value.trim() === '' ? NaN : Number(value)
  return Number.isFinite(number) ? number : null
}

const attribute = z
  .object({ trait_type: scalar, value: scalar, display_type: z.unknown().optional() })
  .transform((a): Trait => {
    const trait = {
      trait_type: cleanLine(a.trait_type, LIMITS.traitType),
      value: cleanLine(a.value, LIMITS.traitValue),
    }
    // A numeric display type counts only with a number: otherwise the trait is plain text.
    const displayType = NUMERIC_DISPLAY_TYPES.find((type) => type === a.display_type)
    const number = displayType ? numeric(a.value) : null
    return displayType && number !== null ? { ...trait, value: String(number), display_type: displayType } : trait
  })

const metadataSchema = z.looseObject({
  name: optionalText,
  description: optionalText,
  image: optionalText,
  image_url: optionalText,
  /** Raw SVG markup (an OpenSea extension). */
  image_data: z.string().optional().catch(undefined),
  animation_url: optionalText,
  external_url: optionalText,
  attributes: z.array(z.unknown()).optional().catch(undefined),
})

/** Traits with a type and a value, the first of each type, at most LIMITS.attributes. */
function traits(entries: unknown[]): Trait[] {
  const seen = new Set<string>()
  const out: Trait[] = []
  for (const entry of entries) {
    const parsed = attribute.safeParse(entry)
    if (!parsed.success || !parsed.data.trait_type || !parsed.data.value || seen.has(parsed.data.trait_type)) continue
    seen.add(parsed.data.trait_type)
    out.push(parsed.data)
    if (out.length === LIMITS.attributes) break
  }
  return out
}

const svgDataUri = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`

/** The JSON document's bytes as metadata; refuses what is not JSON or not a JSON object. */
export function parseTokenMetadata(
  bytes: Uint8Array,
  { gateways, allowHosts }: { gateways: Gateways; allowHosts: readonly string[] },
): TokenMetadata {
  let json: unknown
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: false }).decode(bytes).replace(/^\uFEFF/, ''))
  } catch {
    throw new FetchRefused('not JSON (the document does not parse)')
  }
  const parsed = metadataSchema.safeParse(json)
  if (!parsed.success) throw new FetchRefused('not a JSON object')
  const m = parsed.data
  const media = (value: string | undefined, dataImages: boolean) =>
    value === undefined
      ? null
      : publicUri(value, { gateways, allowHosts, dataImages, maxDataBytes: LIMITS.dataImageBytes })
  const image =
    media(m.image, true) ??
    media(m.image_url, true) ??
    (m.image_data?.trimStart().startsWith('<svg') ? media(svgDataUri(m.image_data), true) : null)
  const name = m.name === undefined ? '' : cleanLine(m.name, LIMITS.name)
  return {
    name: name || null,
    description: m.description === undefined ? '' : cleanParagraphs(m.description, LIMITS.description),
    image: image ?? '',
    animationUrl: media(m.animation_url, false),
    externalUrl: media(m.external_url, false),
    attributes: traits(m.attributes ?? []),
  }
}
