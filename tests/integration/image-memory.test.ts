/**
 * The Node codec's memory bound, measured: a separate process resizes the largest picture
 * allowed (40 megapixels, under the 32 MB upload limit) to the widest output of each format, and
 * its peak resident memory (whole process: Node, tsx, libvips) stays under MEMORY_BOUND_MB. A
 * decompression bomb is refused before anything is allocated for its pixels.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_MEDIA_BYTES } from '../../server/media/content'
import { MAX_INPUT_PIXELS } from '../../server/media/inspect'
import { MEMORY_BOUND_MB } from '../../server/media/resize'
import { pngBomb } from '../support/images'

const dir = mkdtempSync(join(tmpdir(), 'vitrine-image-memory-'))
const largest = join(dir, 'largest.png')
const bomb = join(dir, 'bomb.png')

beforeAll(async () => {
  // 8000 × 5000 = the pixel limit; a noisy patch so the file is big (about 27 MB) and hard to encode.
  const [width, height] = [8000, 5000]
  expect(width * height).toBe(MAX_INPUT_PIXELS)
  const noise = {
    create: {
      width: 3000,
      height: 2000,
      channels: 3 as const,
      background: '#000',
      noise: { type: 'gaussian' as const, mean: 128, sigma: 30 },
    },
  }
  const png = await sharp({ create: { width, height, channels: 4, background: { r: 10, g: 100, b: 200, alpha: 1 } } })
    .composite([{ input: noise, top: 100, left: 100 }])
    .png({ compressionLevel: 1 })
    .toBuffer()
  expect(png.byteLength).toBeLessThanOrEqual(MAX_MEDIA_BYTES)
  writeFileSync(largest, png)
  writeFileSync(bomb, pngBomb())
}, 60_000)
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function peakOf(file: string, format: string): { beforeMb: number; peakMb: number; outcome: string } {
  const child = spawnSync(
    process.execPath,
    ['node_modules/tsx/dist/cli.mjs', 'tests/support/resize-peak.ts', file, format, 'png'],
    { encoding: 'utf8' },
  )
  if (child.status !== 0) throw new Error(`resize-peak failed:\n${child.stderr}`)
  return JSON.parse(child.stdout.trim().split('\n').at(-1)!) as { beforeMb: number; peakMb: number; outcome: string }
}

describe('memory of one resize on Node', () => {
  it.each(['avif', 'webp', 'jpeg', 'png'])(
    `the largest picture allowed, to %s at its widest, peaks under ${MEMORY_BOUND_MB} MB`,
    (format) => {
      const run = peakOf(largest, format)
      console.log(`40 MP PNG → ${format}: peak ${run.peakMb} MB (${run.beforeMb} MB before), ${run.outcome}`)
      expect(run.outcome).toMatch(/^\d+ bytes$/)
      expect(run.peakMb).toBeLessThan(MEMORY_BOUND_MB)
    },
    120_000,
  )

  it('a 50,000 × 50,000 PNG bomb is refused without its pixels ever being allocated', () => {
    const run = peakOf(bomb, 'avif')
    expect(run.outcome).toContain('refused: the picture is 50000 × 50000 pixels')
    // Its pixels alone would be 2.5 GB; nothing near that was touched.
    expect(run.peakMb - run.beforeMb).toBeLessThan(32)
  })
})
