import { createDatabase, type Database } from '../db/client'
import { parseEnv, type Env } from './env'

/** What every request handler needs: parsed configuration and the database. */
export interface Runtime {
  env: Env
  db: Database
}

export function createRuntime(raw: Record<string, unknown>): Runtime {
  const env = parseEnv(raw)
  return { env, db: createDatabase({ url: env.DATABASE_URL, authToken: env.DATABASE_AUTH_TOKEN }) }
}
