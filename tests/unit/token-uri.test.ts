/**
 * Token URIs as contracts write them, resolved to what is read (ipfs:// and ar:// through the
 * configured gateways, data: decoded), and metadata parsed leniently but bounded, keeping only
 * media and links that are safe to store. The gateways and the allow-list are configuration;
 * the allow-list is refused in production.
 */
import { describe, expect, it } from 'vitest'
import { parseEnv } from '../../server/platform/env'
import { LIMITS, parseTokenMetadata } from '../../server/metadata/parse'
import { FetchRefused } from '../../server/metadata/safe-fetch'
import { cleanLine, cleanParagraphs } from '../../server/metadata/text'
import { publicUri, resolveTokenUri, substituteId } from '../../server/metadata/uri'

const gateways = { ipfsGateway: 'https://ipfs.io/ipfs/', arweaveGateway: 'https://arweave.net/' }
const CID = 'bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi'
const url = (uri: string) => {
  const resolved = resolveTokenUri(uri, gateways, 1024 * 1024)
  return resolved.kind === 'url' ? resolved.url.href : resolved
}
const text = (uri: string) => {
  const resolved = resolveTokenUri(uri, gateways, 1024 * 1024)
  return resolved.kind === 'data' ? [resolved.mediaType, new TextDecoder().decode(resolved.bytes)] : resolved
}
const refused = (uri: string) => {
  try {
    resolveTokenUri(uri, gateways, 1024)
  } catch (error) {
    expect(error).toBeInstanceOf(FetchRefused)
    return (error as Error).message
  }
  throw new Error(`${uri} was not refused`)
}

describe('resolveTokenUri', () => {
  it('ipfs:// in its spellings, through IPFS_GATEWAY', () => {
    expect(url(`ipfs://${CID}/1.json`)).toBe(`https://ipfs.io/ipfs/${CID}/1.json`)
    expect(url(`ipfs://ipfs/${CID}/1.json`)).toBe(`https://ipfs.io/ipfs/${CID}/1.json`)
    expect(url(`ipfs://${CID}`)).toBe(`https://ipfs.io/ipfs/${CID}`)
    expect(url(`ipfs://${CID}/a b/ü.json`)).toBe(`https://ipfs.io/ipfs/${CID}/a%20b/%C3%BC.json`)
    expect(refused(`ipfs://${CID}/../../admin`)).toBe('a path with . or .. segments is not read')
    expect(refused('ipfs://')).toBe('not an IPFS content id: (empty)')
  })

  it('ar:// through ARWEAVE_GATEWAY, http(s) as it is', () => {
    const tx = 'bNbA3TEQVL60xlgCcqdz4ZPHFZ711cZ3hmkpGttDt_U'
    expect(url(`ar://${tx}/3`)).toBe(`https://arweave.net/${tx}/3`)
    expect(url('https://example.com/meta/1?x=1')).toBe('https://example.com/meta/1?x=1')
    expect(refused('ar://short')).toBe('not an Arweave transaction id: short')
  })

  it('data: JSON, base64 and plain (percent-encoded or raw)', () => {
    const json = '{"name":"On chain #1"}'
    expect(text(`data:application/json;base64,${btoa(json)}`)).toEqual(['application/json', json])
    expect(text(`data:application/json;utf8,${json}`)).toEqual(['application/json', json])
    expect(text(`data:application/json,${encodeURIComponent(json)}`)).toEqual(['application/json', json])
    expect(text('data:,{"a":"100%"}')).toEqual(['text/plain', '{"a":"100%"}'])
    expect(refused(`data:application/json;base64,${btoa('x'.repeat(2048))}`)).toBe('larger than 1 KB')
  })

  it('refuses other schemes and empty answers', () => {
    expect(refused('javascript:alert(1)')).toBe('javascript: URIs are not read')
    expect(refused('file:///etc/passwd')).toBe('file: URIs are not read')
    expect(refused('')).toBe('the contract answered an empty token URI')
  })

  it('ERC-1155 {id}: 64 lowercase hex digits, zero-padded', () => {
    expect(substituteId('ipfs://x/{id}.json', 0xabcn)).toBe(`ipfs://x/${'0'.repeat(61)}abc.json`)
    expect(substituteId('https://a/{id}/{id}', 1n)).toBe(`https://a/${'0'.repeat(63)}1/${'0'.repeat(63)}1`)
  })
})

describe('media URIs kept from metadata', () => {
  const keep = (value: string, dataImages = true) =>
    publicUri(value, { gateways, allowHosts: [], dataImages, maxDataBytes: 1024 })
  it('keeps public http(s), gateway URLs for ipfs:// and ar://, and data: images', () => {
    expect(keep('https://example.com/a.png')).toBe('https://example.com/a.png')
    expect(keep(`ipfs://${CID}/a.png`)).toBe(`https://ipfs.io/ipfs/${CID}/a.png`)
    expect(keep('data:image/svg+xml;base64,PHN2Zy8+')).toBe('data:image/svg+xml;base64,PHN2Zy8+')
  })
  it('drops scripts, pages, private hosts, credentials, and data: where no image belongs', () => {
    for (const value of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'http://127.0.0.1/a.png',
      'http://169.254.169.254/latest/',
      'http://[::1]/x',
      'http://localhost:3000/api/x',
      'https://user:pw@example.com/a.png',
      'vbscript:x',
      `data:image/png;base64,${btoa('x'.repeat(4096))}`,
    ]) {
      expect(keep(value), value).toBeNull()
    }
    expect(keep('data:image/svg+xml;base64,PHN2Zy8+', false)).toBeNull()
  })
})

describe('parseTokenMetadata', () => {
  const parse = (json: unknown) =>
    parseTokenMetadata(new TextEncoder().encode(typeof json === 'string' ? json : JSON.stringify(json)), {
      gateways,
      allowHosts: [],
    })
  it('reads the fields, numbers and booleans as strings, bounded', () => {
    const m = parse({
      name: 42,
      description: 'd'.repeat(6000),
      image_url: `ipfs://${CID}/1.png`,
      animation_url: 'https://example.com/a.mp4',
      external_url: 'https://example.com/item/1',
      attributes: [
        { trait_type: 'Power', value: 9000.5 },
        { trait_type: 'Cursed', value: false },
        { trait_type: 'T'.repeat(100), value: 'v'.repeat(300) },
        { trait_type: 'Nested', value: { no: 1 } },
        'junk',
        null,
      ],
    })
    expect(m).toMatchObject({
      name: '42',
      image: `https://ipfs.io/ipfs/${CID}/1.png`,
      animationUrl: 'https://example.com/a.mp4',
      externalUrl: 'https://example.com/item/1',
    })
    expect(m.description).toHaveLength(5000)
    expect(m.attributes).toEqual([
      { trait_type: 'Power', value: '9000.5' },
      { trait_type: 'Cursed', value: 'false' },
      { trait_type: 'T'.repeat(64), value: 'v'.repeat(200) },
    ])
  })
  it('takes raw SVG (image_data) as a data: image; a field of the wrong type is ignored', () => {
    const m = parse({ name: ['not', 'text'], image: 7, image_data: '<svg xmlns="http://www.w3.org/2000/svg"/>' })
    expect(m.name).toBeNull()
    expect(m.image).toBe(
      `data:image/svg+xml;charset=utf-8,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg"/>')}`,
    )
  })
  it('cleans names, descriptions and traits of control, bidi and zero-width characters', () => {
    const hidden = '\u202e\u200b\u2066\u2067\u2068\u2069\ufeff\u200e\u061c\u00ad\u{e0041}'
    const controls = '\u0000\u0007\u001b[31m\u007f\u0085\u009b'
    const m = parse({
      name: `\ufeffKiln Glazes${hidden}gnp.exe${controls}\n\tmore`,
      description: `First line${hidden}\r\nsecond\u0000line\u2028third\n\n\n\n  indented\u202e`,
      attributes: [
        { trait_type: `Col\u200bour`, value: `Bl\u202eue` },
        { trait_type: 'Empty', value: hidden },
        { trait_type: 'Emoji', value: '👩\u200d🎨 نامه\u200cها' },
      ],
    })
    expect(m.name).toBe('Kiln Glazesgnp.exe [31m more')
    expect(m.description).toBe('First line\nsecond line\nthird\n\n  indented')
    // ZWJ and ZWNJ that join emoji or shape words stay (tests/unit/text-joiners.test.ts).
    expect(m.attributes).toEqual([
      { trait_type: 'Colour', value: 'Blue' },
      { trait_type: 'Emoji', value: '👩\u200d🎨 نامه\u200cها' },
    ])
    expect(parse({ name: `${hidden}\u0000 \u0085` }).name).toBeNull()
    // A cut never leaves half a surrogate pair.
    expect(parse({ name: `${'x'.repeat(LIMITS.name - 1)}😀` }).name).toBe('x'.repeat(LIMITS.name - 1))
  })
  it('cleans names of letters and marks that show nothing; a name of only those is none', () => {
    // Hangul fillers and the blank Braille cell are letters and symbols, not format characters.
    const blank = ['\u3164', '\u115f', '\u1160', '\uffa0', '\u2800', '\u{1d159}']
    const unseen = ['\u180e', '\u034f', '\u17b4', '\u17b5', '\ufe0f', '\u{e0100}']
    for (const c of [...blank, ...unseen]) {
      const code = `U+${c.codePointAt(0)!.toString(16).toUpperCase()}`
      expect(parse({ name: c }).name, code).toBeNull()
      expect(parse({ name: `${c}${c} ${c}\n` }).name, code).toBeNull()
      expect(parse({ name: 'Kiln', attributes: [{ trait_type: 'Glaze', value: c }] }).attributes, code).toEqual([])
    }
    for (const c of blank) expect(cleanLine(`${c}Kiln${c}${c}Glazes${c}`)).toBe('Kiln Glazes')
    // Variation selectors after a letter stay (see below).
    for (const c of unseen.slice(0, 4)) expect(cleanLine(`${c}Kiln${c}Glazes${c}`)).toBe('KilnGlazes')
    expect(cleanParagraphs(`Kiln\u3164\nGlazes\n\u2800\n\n\u3164\nand ash`)).toBe('Kiln\nGlazes\n\nand ash')
  })
  it('keeps a variation selector after a character, drops one with nothing to select or a run', () => {
    expect(cleanLine('Heart \u2764\ufe0f')).toBe('Heart \u2764\ufe0f')
    expect(cleanLine('\ufe0fHeart \ufe0f\u2764\ufe0f\ufe0e\u{e0101}\u{e0102}')).toBe('Heart \u2764\ufe0f')
    expect(cleanParagraphs('\u{e0100}\u{e0101}\nA\ufe0f\ufe0f')).toBe('A\ufe0f')
  })
  it('turns line and paragraph separators into a space in a line, a line break in paragraphs', () => {
    expect(cleanLine('Kiln\u2028Glazes\u2029ash')).toBe('Kiln Glazes ash')
    expect(cleanParagraphs('Kiln\u2028Glazes\u2029ash')).toBe('Kiln\nGlazes\nash')
  })
  it('refuses what is not a JSON object', () => {
    expect(() => parse('<html>')).toThrow('not JSON (the document does not parse)')
    expect(() => parse('[1,2]')).toThrow('not a JSON object')
    expect(() => parse('null')).toThrow('not a JSON object')
  })
})

describe('configuration', () => {
  const base = { AUTH_SECRET: 'x'.repeat(32) }
  const production = {
    ...base,
    NODE_ENV: 'production',
    DATABASE_URL: 'libsql://db.example',
    PUBLIC_URL: 'https://vitrine.example',
    PLATFORM_FEE_RECIPIENT: '0x' + '1'.repeat(40),
  }
  it('production reads public gateways and allows no private host; development its local gateway', () => {
    expect(parseEnv(production).metadataFetch).toEqual({
      ipfsGateway: 'https://ipfs.io/ipfs/',
      arweaveGateway: 'https://arweave.net/',
      allowHosts: [],
    })
    expect(parseEnv({ ...base, NODE_ENV: 'development' }).metadataFetch).toEqual({
      ipfsGateway: 'http://127.0.0.1:8091/ipfs/',
      arweaveGateway: 'https://arweave.net/',
      allowHosts: ['127.0.0.1:8091'],
    })
    expect(
      parseEnv({ ...base, IPFS_GATEWAY: 'https://gw.example/ipfs', FETCH_ALLOW_HOSTS: '127.0.0.1:1, Localhost:2' })
        .metadataFetch,
    ).toMatchObject({ ipfsGateway: 'https://gw.example/ipfs/', allowHosts: ['127.0.0.1:1', 'localhost:2'] })
  })
  it('refuses FETCH_ALLOW_HOSTS in production, and bad values, by name', () => {
    expect(() => parseEnv({ ...production, FETCH_ALLOW_HOSTS: '127.0.0.1:8091' })).toThrow(
      /FETCH_ALLOW_HOSTS: not allowed in production/,
    )
    expect(() => parseEnv({ ...base, FETCH_ALLOW_HOSTS: 'http://127.0.0.1' })).toThrow(
      /FETCH_ALLOW_HOSTS: must be host:port/,
    )
    expect(() => parseEnv({ ...base, IPFS_GATEWAY: 'ftp://x' })).toThrow(/IPFS_GATEWAY: must be an http\(s\) URL/)
  })
})
