/**
 * A minimal PNG encoder (8-bit RGB, no interlace) for the drawings of the development world's
 * art: the format is a signature, then length-prefixed, CRC-checked chunks; the pixels are
 * zlib-deflated rows, each led by its filter type (0: none).
 */
import { crc32, deflateSync } from 'node:zlib'

const SIGNATURE = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8)
  head.writeUInt32BE(data.length, 0)
  head.write(type, 4, 'ascii')
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0)
  return Buffer.concat([head, data, crc])
}

/** `pixel(x, y)` answers [r, g, b], each 0 to 255. */
export function encodePng(width: number, height: number, pixel: (x: number, y: number) => number[]): Uint8Array {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
    throw new Error(`a PNG needs a positive whole width and height, got ${width}×${height}`)
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 8 // bits per channel
  header[9] = 2 // truecolour (RGB)
  const rows = Buffer.alloc(height * (1 + width * 3))
  for (let y = 0; y < height; y++) {
    const row = y * (1 + width * 3)
    for (let x = 0; x < width; x++) {
      const [r = 0, g = 0, b = 0] = pixel(x, y)
      const at = row + 1 + x * 3
      rows[at] = clamp(r)
      rows[at + 1] = clamp(g)
      rows[at + 2] = clamp(b)
    }
  }
  return new Uint8Array(
    Buffer.concat([
      SIGNATURE,
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(rows, { level: 9 })),
      chunk('IEND', new Uint8Array()),
    ]),
  )
}

const clamp = (value: number) => Math.max(0, Math.min(255, Math.round(value)))
