/**
 * Purge by tag for the Workers Cache API where Cloudflare's purge API cannot reach it: the local
 * preview in workerd (Miniflare emulates the Cache API, not purging). The isolate that files a page
 * remembers its key under each tag; the purge endpoint (`LOCAL_PURGE_PATH`, which takes Cloudflare's
 * request shape and the configured token) deletes them. One data centre, one isolate: enough for a
 * local preview and its tests, never what production relies on (ADR 25).
 */
import { z } from 'zod'

export const LOCAL_PURGE_PATH = '/__cache/purge'

const keysByTag = new Map<string, Set<string>>()

/** Notes that `key` was filed under `tags`. */
export function rememberTags(key: string, tags: string[]): void {
  for (const tag of tags) {
    const keys = keysByTag.get(tag) ?? new Set()
    keys.add(key)
    keysByTag.set(tag, keys)
  }
}

const purgeBody = z.strictObject({ tags: z.array(z.string().min(1).max(1024)).min(1).max(100) })

/** Answers a purge request as Cloudflare's API would: 200 when purged, 4xx naming the problem. */
export async function handleLocalPurge(request: Request, token: string, cache: Cache): Promise<Response> {
  const answer = (status: number, message?: string) =>
    Response.json(message ? { success: false, errors: [{ message }] } : { success: true }, { status })
  if (request.method !== 'POST') return answer(405, 'purge with POST')
  if (!(await sameSecret(request.headers.get('authorization') ?? '', `Bearer ${token}`))) {
    return answer(401, 'the bearer token is not the configured CACHE_PURGE_TOKEN')
  }
  const parsed = purgeBody.safeParse(await request.json().catch(() => undefined))
  if (!parsed.success) return answer(400, 'the body must be {"tags": [1 to 100 tags]}')
  const keys = new Set(parsed.data.tags.flatMap((tag) => [...(keysByTag.get(tag.toLowerCase()) ?? [])]))
  await Promise.all([...keys].map((key) => cache.delete(key)))
  for (const tag of parsed.data.tags) keysByTag.delete(tag.toLowerCase())
  return answer(200)
}

/** Compares two secrets in time that does not depend on where they differ. */
async function sameSecret(given: string, expected: string): Promise<boolean> {
  const digest = async (text: string) =>
    new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)))
  const [a, b] = await Promise.all([digest(given), digest(expected)])
  return a.every((byte, i) => byte === b[i])
}
