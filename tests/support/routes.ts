/** Every page a visitor can reach from the menus (SPEC.md §2), for browser tests and screenshots. */
export const SCREEN_ROUTES = [
  '/',
  '/collection/explore_collection',
  '/art',
  '/sports',
  '/collectibles',
  '/tranding-cards',
  '/domain-names',
  '/utility',
  '/virtual-worlds',
]
