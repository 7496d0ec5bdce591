import { cleanLine } from '../../server/metadata/text'

export const BRAND = 'Vitrine'

export const SITE_DESCRIPTION =
  'A digital marketplace for crypto collectibles and non-fungible tokens (NFTs). ' +
  'Buy, sell and discover exclusive digital items.'

export const SITE_KEYWORDS =
  'NFT, marketplace, crypto collectibles, non-fungible tokens, digital art, Ethereum, Vitrine'

/**
 * Every page title reads "<page> || Vitrine NFT Marketplace". Names in it are cleaned as when they
 * were stored (rows stored before a rule changed, a search typed into the URL, are not yet).
 */
export function pageTitle(page: string): string {
  return `${cleanLine(page)} || ${BRAND} NFT Marketplace`
}

/** Open Graph and Twitter card tags for item, collection and user pages. */
export function socialMeta({
  title,
  description,
  image,
  path,
}: {
  title: string
  description: string
  image: string
  path: string
}) {
  const shown = cleanLine(title)
  return [
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: BRAND },
    { property: 'og:title', content: shown },
    { property: 'og:description', content: description },
    { property: 'og:image', content: image },
    { property: 'og:url', content: path },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: shown },
    { name: 'twitter:description', content: description },
    { name: 'twitter:image', content: image },
  ]
}
