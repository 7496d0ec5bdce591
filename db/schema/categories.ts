/** The categories a collection or token is filed under. Plain data: the browser's forms read it too. */
export const CATEGORIES = [
  'art',
  'photography',
  'sports',
  'collectibles',
  'trading-cards',
  'domain-names',
  'utility',
  'virtual-worlds',
] as const
export type Category = (typeof CATEGORIES)[number]
