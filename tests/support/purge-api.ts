/**
 * A stand-in for Cloudflare's purge-by-tag API (`POST /zones/:zone/purge_cache` with
 * `{"tags": [...]}` and a bearer token), holding requests to the API's documented rules: JSON,
 * the token, 1 to 100 tags each at most 1,024 characters. It records the tags it was asked to
 * purge; `failing` makes it answer 503, as the API does when it is down.
 */
import { startHttpServer, type TestServer } from './http-server'

export interface PurgeApi {
  target: { url: string; token: string }
  /** Each accepted request's tags, in order. */
  purges: string[][]
  /** Every tag purged so far. */
  purged: () => Set<string>
  failing: boolean
  stop: TestServer['stop']
}

export async function startPurgeApi(): Promise<PurgeApi> {
  const token = `test-purge-token-${crypto.randomUUID()}`
  const api: Omit<PurgeApi, 'target' | 'stop'> = {
    purges: [],
    purged: () => new Set(api.purges.flat()),
    failing: false,
  }
  const server = await startHttpServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const answer = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' })
        response.end(JSON.stringify(body))
      }
      if (api.failing) return answer(503, { success: false, errors: [{ message: 'unavailable' }] })
      if (request.method !== 'POST' || request.headers.authorization !== `Bearer ${token}`) {
        return answer(401, { success: false, errors: [{ message: 'bad method or token' }] })
      }
      let body: { tags?: unknown }
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { tags?: unknown }
      } catch {
        return answer(400, { success: false, errors: [{ message: 'not JSON' }] })
      }
      const tags = body.tags
      const valid =
        Array.isArray(tags) &&
        tags.length >= 1 &&
        tags.length <= 100 &&
        tags.every((tag) => typeof tag === 'string' && tag.length > 0 && tag.length <= 1024 && !/\s/.test(tag))
      if (!valid) return answer(400, { success: false, errors: [{ message: 'tags: 1 to 100 strings' }] })
      api.purges.push(tags as string[])
      answer(200, { success: true, result: { id: 'purge' } })
    })
  })
  return Object.assign(api, { target: { url: `${server.origin}/zones/test/purge_cache`, token }, stop: server.stop })
}
