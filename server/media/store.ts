/**
 * Content-addressed, immutable media storage: the key is the SHA-256 of the bytes plus the
 * extension of their real type, so identical files are stored once and never change. On
 * Workers it is the R2 bucket bound as MEDIA; on Node a folder under .data/ (behind a dynamic
 * import, so the Worker never loads node:fs).
 */
export interface StoredMedia {
  body: ReadableStream | Uint8Array
  contentType: string
  size: number
}

export interface MediaStore {
  has(key: string): Promise<boolean>
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>
  get(key: string): Promise<StoredMedia | null>
}

/** The parts of Cloudflare's R2Bucket that we use. */
export interface R2BucketLike {
  head(key: string): Promise<unknown>
  put(key: string, value: Uint8Array, options: { httpMetadata: { contentType: string } }): Promise<unknown>
  get(key: string): Promise<{ body: ReadableStream; size: number; httpMetadata?: { contentType?: string } } | null>
}

/** `prefix` keeps a kind of file apart in the bucket (derived images under `derived/`). */
export function r2Store(bucket: R2BucketLike, prefix = ''): MediaStore {
  return {
    has: async (key) => (await bucket.head(prefix + key)) !== null,
    put: async (key, bytes, contentType) =>
      void (await bucket.put(prefix + key, bytes, { httpMetadata: { contentType } })),
    get: async (key) => {
      const object = await bucket.get(prefix + key)
      if (!object) return null
      return {
        body: object.body,
        size: object.size,
        contentType: object.httpMetadata?.contentType ?? 'application/octet-stream',
      }
    },
  }
}

/** A folder of files named by their key (Node: `npm run dev`, `npm start`, tests). */
export function folderStore(dir: string, contentTypeOf: (key: string) => string): MediaStore {
  const fs = () => import('node:fs/promises')
  const path = (key: string) => `${dir}/${key}`
  return {
    has: async (key) =>
      (await fs()).access(path(key)).then(
        () => true,
        () => false,
      ),
    put: async (key, bytes) => {
      const { mkdir, writeFile, rename } = await fs()
      await mkdir(dir, { recursive: true })
      // Write then rename: a reader never sees half a file.
      const partial = `${path(key)}.${crypto.randomUUID()}.part`
      await writeFile(partial, bytes)
      await rename(partial, path(key))
    },
    get: async (key) => {
      const bytes = await (await fs()).readFile(path(key)).catch(() => null)
      return bytes ? { body: new Uint8Array(bytes), size: bytes.byteLength, contentType: contentTypeOf(key) } : null
    },
  }
}

export async function sha256Hex(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes))
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('')
}
