import { createDatabase, type Database } from '../../db/client'
import { parseEnv, type Env } from './env'
import { createImageCodec } from '#media/resize'
import type { ImageCodec } from '../media/codec'
import { contentTypeOfKey } from '../media/keys'
import { followersOf, type Followers } from './followers'
import { livePagesOf, type LivePages } from './live-pages'
import { notifierOf, type Notifier } from './notifier'
import { folderStore, r2Store, type MediaStore, type R2BucketLike } from '../media/store'

/** What every request handler needs: parsed configuration, the database and the media store. */
export interface Runtime {
  env: Env
  db: Database
  /** Absent on a Worker without its MEDIA bucket: uploads then answer 503. */
  media?: MediaStore
  /** Resized images for /_image: the same bucket under derived/ on Workers, DERIVED_DIR on Node. */
  derived?: MediaStore
  /** sharp on Node, the IMAGES binding on Workers (absent without it: media is served as stored). */
  imageCodec?: ImageCodec
  /** Workers: each chain's follower (the CHAIN_FOLLOWER Durable Objects); absent on Node. */
  followers?: Followers
  /** Workers: the open pages' Durable Object (LIVE_PAGES); absent on Node, which keeps its own. */
  live?: LivePages
  /** Workers: the notification sender's Durable Object (NOTIFIER); absent on Node, which runs its own. */
  notifier?: Notifier
}

/** Where uploads live on Node. */
export const MEDIA_DIR = '.data/media'
export const DERIVED_DIR = `${MEDIA_DIR}/derived`

export function createRuntime(raw: Record<string, unknown>): Runtime {
  const env = parseEnv(raw)
  return {
    env,
    db: createDatabase({ url: env.DATABASE_URL, authToken: env.DATABASE_AUTH_TOKEN }),
    media: mediaStore(raw.MEDIA, MEDIA_DIR),
    derived: mediaStore(raw.MEDIA, DERIVED_DIR, 'derived/'),
    imageCodec: createImageCodec(raw),
    followers: followersOf(raw.CHAIN_FOLLOWER),
    live: livePagesOf(raw.LIVE_PAGES),
    notifier: notifierOf(raw.NOTIFIER),
  }
}

function mediaStore(binding: unknown, dir: string, prefix = ''): MediaStore | undefined {
  if (binding && typeof (binding as R2BucketLike).head === 'function') return r2Store(binding as R2BucketLike, prefix)
  const onWorkers = typeof navigator !== 'undefined' && navigator.userAgent === 'Cloudflare-Workers'
  return onWorkers ? undefined : folderStore(dir, contentTypeOfKey)
}
