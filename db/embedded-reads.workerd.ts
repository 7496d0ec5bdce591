/**
 * workerd's side of db/embedded-reads.ts (chosen by package.json's `imports` map): a Worker
 * reaches libSQL over HTTP only, so there is no embedded file and nothing to change.
 */
import type { Client } from '@libsql/client'

export const embeddedPath = (_url: string): string | null => null
export const withEmbeddedReads = (client: Client, _path: string): Client => client
