import { createDatabase, type Database } from '../../db/client'
import { parseEnv, type Env } from './env'
import { contentTypeOfKey } from '../media/keys'
import { folderStore, r2Store, type MediaStore, type R2BucketLike } from '../media/store'

/** What every request handler needs: parsed configuration, the database and the media store. */
export interface Runtime {
  env: Env
  db: Database
  /** Absent on a Worker without its MEDIA bucket: uploads then answer 503. */
  media?: MediaStore
}

/** Where uploads live on Node. */
export const MEDIA_DIR = '.data/media'

export function createRuntime(raw: Record<string, unknown>): Runtime {
  const env = parseEnv(raw)
  return {
    env,
    db: createDatabase({ url: env.DATABASE_URL, authToken: env.DATABASE_AUTH_TOKEN }),
    media: mediaStore(raw.MEDIA),
  }
}

function mediaStore(binding: unknown): MediaStore | undefined {
  if (binding && typeof (binding as R2BucketLike).head === 'function') return r2Store(binding as R2BucketLike)
  const onWorkers = typeof navigator !== 'undefined' && navigator.userAgent === 'Cloudflare-Workers'
  return onWorkers ? undefined : folderStore(MEDIA_DIR, contentTypeOfKey)
}
