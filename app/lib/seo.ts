export const BRAND = 'Vitrine'

export const SITE_DESCRIPTION =
  'A digital marketplace for crypto collectibles and non-fungible tokens (NFTs). ' +
  'Buy, sell and discover exclusive digital items.'

export const SITE_KEYWORDS =
  'NFT, marketplace, crypto collectibles, non-fungible tokens, digital art, Ethereum, Vitrine'

/** SPEC.md §1: "<page> || Vitrine NFT Marketplace". */
export function pageTitle(page: string): string {
  return `${page} || ${BRAND} NFT Marketplace`
}
