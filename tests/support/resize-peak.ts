/**
 * Run as a child process by tests/integration/image-memory.test.ts: resizes the picture in the
 * file named by argv[2] to argv[3] (a format) at its widest (3840 px; AVIF 2048 px) through the Node codec, and prints the
 * process's peak resident memory before and after, in MB.
 */
import { readFileSync } from 'node:fs'
import { createImageCodec } from '#media/resize'
import { MAX_AVIF_WIDTH, type OutputFormat } from '../../server/media/codec'
import { ImageRefusal, inspectRaster, type RasterType } from '../../server/media/inspect'

const [file, format, type] = process.argv.slice(2) as [string, OutputFormat, RasterType]
const codec = createImageCodec()!
const bytes = new Uint8Array(readFileSync(file))
const peak = () => Math.round(process.resourceUsage().maxRSS / 1024)
const before = peak()
let outcome: string
try {
  const output = await codec.resize(bytes, inspectRaster(bytes, type), {
    width: format === 'avif' ? MAX_AVIF_WIDTH : 3840,
    quality: 75,
    format,
  })
  outcome = `${output.byteLength} bytes`
} catch (error) {
  if (!(error instanceof ImageRefusal)) throw error
  outcome = `refused: ${error.message}`
}
console.log(JSON.stringify({ beforeMb: before, peakMb: peak(), outcome }))
