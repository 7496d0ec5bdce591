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

/** Each category as the pages name it (filters, the New collection form, rankings). */
export const CATEGORY_LABELS = {
  art: 'Art',
  photography: 'Photography',
  sports: 'Sports',
  collectibles: 'Collectibles',
  'trading-cards': 'Trading Cards',
  'domain-names': 'Domain Names',
  utility: 'Utility',
  'virtual-worlds': 'Virtual Worlds',
} as const satisfies Record<Category, string>
