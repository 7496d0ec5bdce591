/**
 * What a notification is about, read with it: its token and collection as the words (./message.ts),
 * the bell, the webhook payload and the delivery log need them. One list of columns, joined by
 * `.leftJoin(nfts, nftOfNotification).leftJoin(collections, collectionOfNotification)`.
 */
import { eq } from 'drizzle-orm'
import { collections, notifications, nfts } from '../../db/schema'

export const subjectColumns = {
  nft: {
    id: nfts.id,
    chainId: nfts.chainId,
    contract: nfts.contract,
    tokenId: nfts.tokenId,
    name: nfts.name,
    image: nfts.image,
  },
  collection: { id: collections.id, slug: collections.slug, name: collections.name },
}

export const nftOfNotification = eq(nfts.id, notifications.nftId)
export const collectionOfNotification = eq(collections.id, notifications.collectionId)
