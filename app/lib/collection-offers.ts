/** What a collection or trait offer asks for, in words: any of the collection, or any that carried a trait when made. */
export const offerScope = (offer: { trait: { type: string; value: string } | null }, collection: string) =>
  offer.trait ? `any ${collection} with ${offer.trait.type}: ${offer.trait.value}` : `any ${collection}`
