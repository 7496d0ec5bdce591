/**
 * The Workers image codec: Cloudflare's Images binding (`[images] binding = "IMAGES"` in
 * wrangler.toml). The decoding and encoding run in Cloudflare's image service, outside the
 * Worker's CPU and 128 MB; the Worker only holds the source (≤ 32 MB) and the result. Locally,
 * wrangler dev (Miniflare) backs the binding with sharp. Without the binding there is no codec
 * and /_image serves the stored file as it is.
 */
import { OUTPUT_TYPES, type ImageCodec } from './codec'
import { ImageRefusal, typeName } from './inspect'

/** The parts of the Images binding that we use. */
interface ImagesBindingLike {
  input(stream: ReadableStream<Uint8Array>): ImageTransformerLike
}
interface ImageTransformerLike {
  transform(transform: { width: number; fit: 'scale-down' }): ImageTransformerLike
  output(options: { format: string; quality: number }): Promise<{ response(): Response }>
}

export function createImageCodec(bindings: Record<string, unknown> = {}): ImageCodec | undefined {
  const images = bindings.IMAGES as ImagesBindingLike | undefined
  if (!images || typeof images.input !== 'function') return undefined
  return {
    name: 'images-binding',
    async resize(bytes, facts, { width, quality, format }) {
      try {
        const result = await images
          .input(new Blob([bytes as Uint8Array<ArrayBuffer>]).stream())
          .transform({ width: Math.min(width, facts.width), fit: 'scale-down' })
          .output({ format: OUTPUT_TYPES[format], quality })
        const response = result.response()
        if (!response.ok) throw new Error(await response.text())
        return new Uint8Array(await response.arrayBuffer())
      } catch (error) {
        const reason = (error as Error).message.split('\n')[0]!.trim()
        throw new ImageRefusal(422, `the ${typeName(facts.type)} file could not be decoded (${reason})`)
      }
    },
  }
}
