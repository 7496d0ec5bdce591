/**
 * What an open page asks to hear about: the edge cache's tags of what it shows (db/cache-tags.ts),
 * so a change that purges a page is the change that updates it where it is open.
 */
import { LISTS_TAG, TAG_PREFIX } from '../../db/cache-tags'

/** Tags one page may watch (a Durable Object's WebSocket takes ten, one of them the client's). */
export const MAX_WATCHED_TAGS = 8

const WATCHABLE = new RegExp(
  `^(?:${LISTS_TAG}|${TAG_PREFIX.nft}\\d{1,12}|${TAG_PREFIX.collection}[a-z0-9-]{1,100}|${TAG_PREFIX.user}0x[0-9a-f]{40})$`,
)

/** The tags of `?tags=a,b`, or what is wrong with them in words. */
export function watchedTags(param: string | undefined): { tags: string[] } | { problem: string } {
  const tags = [...new Set((param ?? '').split(',').filter(Boolean))]
  if (!tags.length) return { problem: 'tags: name at least one tag to watch, e.g. ?tags=nft-12' }
  if (tags.length > MAX_WATCHED_TAGS) return { problem: `tags: at most ${MAX_WATCHED_TAGS} a page` }
  const unknown = tags.find((tag) => !WATCHABLE.test(tag))
  if (unknown !== undefined)
    return {
      problem: `tags: "${unknown.slice(0, 120)}" is not a page's tag (nft-<id>, collection-<id or slug>, user-<address>, lists)`,
    }
  return { tags }
}
