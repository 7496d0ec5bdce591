/**
 * Uploads and their files. `POST /api/media` (multipart, field `file`, a signed-in wallet)
 * checks the bytes, stores them under their SHA-256 and answers where they are served;
 * `GET /api/media/{sha256}.{ext}` serves them, immutable. A refused upload writes nothing.
 */
import { Hono } from 'hono'
import type { AppEnv } from '../http/app-env'
import { getSession } from '../auth/session'
import { ApiError } from '../http/errors'
import { checkMedia } from '../media/content'
import { MEDIA_KEY, mediaKey, mediaUrl } from '../media/keys'
import { sha256Hex } from '../media/store'
import { untrustedHeaders } from '../media/untrusted'

export const media = new Hono<AppEnv>()
  .post('/', async (c) => {
    const session = await getSession(c.req.raw, c.env)
    if (!session?.user) throw new ApiError(401, 'UNAUTHORIZED', 'Sign in with your wallet to upload.')
    const store = c.env.media
    if (!store) throw new ApiError(503, 'UNAVAILABLE', 'Uploads need the MEDIA R2 bucket binding on this deployment.')
    // The body arrives bounded by BODY_LIMITS.upload (server/http/request-guards.ts).
    const form = await c.req.formData().catch(() => {
      throw new ApiError(400, 'BAD_REQUEST', 'body: must be multipart/form-data with a file field')
    })
    const file = form.get('file')
    if (!(file instanceof File)) throw new ApiError(400, 'BAD_REQUEST', 'file: missing (send it as the "file" field)')
    const verdict = checkMedia(new Uint8Array(await file.arrayBuffer()), file.name || 'the file')
    if (!verdict.ok)
      throw new ApiError(
        verdict.status,
        verdict.status === 413 ? 'PAYLOAD_TOO_LARGE' : 'UNSUPPORTED_MEDIA_TYPE',
        verdict.message,
      )
    const { bytes } = verdict
    const sha256 = await sha256Hex(bytes)
    const key = mediaKey(sha256, verdict.extension)
    const existed = await store.has(key)
    if (!existed) await store.put(key, bytes, verdict.contentType)
    return c.json(
      {
        data: {
          sha256,
          key,
          url: mediaUrl(key),
          contentType: verdict.contentType,
          size: bytes.byteLength,
          stored: !existed,
        },
      },
      existed ? 200 : 201,
    )
  })
  .get('/:key', async (c) => {
    const key = c.req.param('key')
    if (!MEDIA_KEY.test(key)) throw new ApiError(404, 'NOT_FOUND', `no media ${key}`)
    const file = await c.env.media?.get(key)
    if (!file) throw new ApiError(404, 'NOT_FOUND', `no media ${key}`)
    return c.body(
      file.body as ReadableStream,
      200,
      untrustedHeaders({
        'content-type': file.contentType,
        'content-length': String(file.size),
        'cache-control': 'public, max-age=31536000, immutable',
      }),
    )
  })
