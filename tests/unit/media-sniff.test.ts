/**
 * An upload's type is judged by its bytes (server/media/content.ts). ISO media files say what
 * they are in their `ftyp` box: a camera's own major brand still plays when it lists a brand
 * browsers play among its compatible ones; a HEIF photo does not pass for a video.
 */
import { describe, expect, it } from 'vitest'
import { sniffMedia } from '../../server/media/content'

/** An `ftyp` box: its size, the major brand, a minor version and the compatible brands. */
function ftyp(major: string, compatible: string[]) {
  const text = new TextEncoder()
  const size = 16 + 4 * compatible.length
  return new Uint8Array([
    ...[0, 0, 0, size],
    ...text.encode('ftyp'),
    ...text.encode(major),
    ...[0, 0, 0, 0],
    ...compatible.flatMap((brand) => [...text.encode(brand)]),
  ])
}

describe('ISO media by their brands', () => {
  it('takes an MP4 by its major brand, or by a compatible one (a camera writing XAVC or 3gp5)', () => {
    expect(sniffMedia(ftyp('isom', ['isom', 'iso2', 'avc1', 'mp41']))).toBe('mp4')
    expect(sniffMedia(ftyp('XAVC', ['XAVC', 'mp42', 'iso2']))).toBe('mp4')
    expect(sniffMedia(ftyp('3gp5', ['3gp5', 'isom']))).toBe('mp4')
  })

  it('takes AVIF by its brand, before any MP4 brand it also lists', () => {
    expect(sniffMedia(ftyp('avif', ['avif', 'mif1', 'miaf']))).toBe('avif')
    expect(sniffMedia(ftyp('mif1', ['mif1', 'avif', 'miaf', 'iso8']))).toBe('avif')
  })

  it('refuses ISO media no browser plays (HEIC, QuickTime) and brands past the end of the box', () => {
    expect(sniffMedia(ftyp('heic', ['mif1', 'heic']))).toBeNull()
    expect(sniffMedia(ftyp('qt  ', ['qt  ']))).toBeNull()
    // The box says it is 16 bytes long: what follows is not its brands.
    const short = ftyp('XAVC', ['isom'])
    short[3] = 16
    expect(sniffMedia(short)).toBeNull()
  })
})
