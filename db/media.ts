/** Where generated artwork is served (server/art.ts draws it from the key). */
export type ArtKind = 'nft' | 'avatar' | 'banner' | 'logo'
export const ART_KINDS: readonly ArtKind[] = ['nft', 'avatar', 'banner', 'logo']
export const artUrl = (kind: ArtKind, key: string) => `/api/art/${kind}/${key}.svg`
