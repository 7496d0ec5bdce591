/**
 * What the pages open right now are told: the tags a change purges from the edge cache are the
 * tags of what it changed (./tags.ts), so the outbox's drain is where both happen, once per change.
 */
import { drainCachePurges, type DrainResult } from '../http/cache-purge'
import type { Runtime } from '../platform/runtime'
import { liveHub } from './hub'

/** Tells the open pages that watch one of `tags`; how many were told. */
export async function publishChanges(runtime: Pick<Runtime, 'live'>, tags: string[]): Promise<number> {
  if (!tags.length) return 0
  return runtime.live ? runtime.live.publish(tags) : liveHub().publish(tags)
}

/** Purges what changed from the edge cache, then tells the pages open on it. */
export async function drainPageChanges(runtime: Pick<Runtime, 'db' | 'env' | 'live'>): Promise<DrainResult> {
  const drained = await drainCachePurges(runtime)
  await publishChanges(runtime, drained.changed).catch((error: unknown) =>
    console.warn(`live pages: ${(error as Error).message}`),
  )
  return drained
}
