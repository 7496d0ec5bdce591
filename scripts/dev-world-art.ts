/**
 * Draws the art and writes the metadata of the development world's foreign collections
 * (chain/local-foreign.ts) into the local IPFS gateway's folder, chain/local-ipfs/, and records
 * each directory's CID in chain/local-ipfs/cids.json. Deterministic: the same code writes the
 * same bytes, so the CIDs (and the contracts' addresses, which hold them) stay put. The output is
 * committed; run `npx tsx scripts/dev-world-art.ts` after changing a drawing or a description.
 *
 *   <key>/images/<id>.png|svg   the pictures (PNG for Kiln Glazes, plain SVG shapes elsewhere)
 *   <key>/metadata/<id>         ERC-721 metadata, as `baseURI + id` names it (no extension)
 *   <key>/metadata/<64 hex>.json  ERC-1155 metadata, as `{id}` names it
 *   <key>/metadata/contract.json  ERC-7572 collection metadata, where the contract has a contractURI
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { createRandom } from '../db/seed/random'
import { FOREIGN_COLLECTIONS, LOCAL_IPFS_DIR, type ForeignCollection } from '../chain/local-foreign'
import { startIpfsGateway } from './ipfs-gateway'
import { encodePng } from './png'

type Files = Record<string, Uint8Array | string>

interface Artwork {
  /** File name in images/, e.g. `3.png`. */
  file: string
  bytes: Uint8Array | string
  name: string
  description: string
  /** As metadata JSON writes them: numeric traits as numbers with their display type. */
  attributes: { trait_type: string; value: string | number; display_type?: string }[]
}

const hex = (color: string) => [1, 3, 5].map((i) => parseInt(color.slice(i, i + 2), 16))
const mix = (a: number[], b: number[], t: number) => a.map((v, i) => v + (b[i]! - v) * t)

const GLAZES = [
  { glaze: 'Celadon', top: '#9fc4a8', pool: '#6f9f86' },
  { glaze: 'Tenmoku', top: '#3b2217', pool: '#8a4a22' },
  { glaze: 'Shino', top: '#eadccb', pool: '#d08a5c' },
  { glaze: 'Ash', top: '#b9b08a', pool: '#6e7a4c' },
  { glaze: 'Copper red', top: '#9e2a2b', pool: '#5e1416' },
  { glaze: 'Cobalt', top: '#2c4f9e', pool: '#18295c' },
  { glaze: 'Oribe', top: '#3f7a4a', pool: '#1f4a2a' },
  { glaze: 'Chun', top: '#8fb3d9', pool: '#c47fae' },
] as const
const CLAY = ['#c99a6e', '#8b5a3c', '#e0cfb8'] as const

/** A test tile: clay below, a glaze that ran down over it in a wavy edge, pooled darker in drops. */
function glazeTile(id: number): Artwork {
  const random = createRandom(7_000 + id)
  const { glaze, top, pool } = GLAZES[(id - 1) % GLAZES.length]!
  const clay = hex(CLAY[id % CLAY.length]!)
  const [glazeTop, glazePool] = [hex(top), hex(pool)]
  const size = 160
  const waves = Array.from({ length: 3 }, () => ({
    k: random.int(1, 5),
    phase: random.next() * 6.3,
    a: random.int(4, 12),
  }))
  const drops = Array.from({ length: 5 }, () => ({
    x: random.int(10, 150),
    y: random.int(40, 120),
    r: random.int(5, 14),
  }))
  const edge = (x: number) => 96 + waves.reduce((sum, w) => sum + w.a * Math.sin((x / size) * w.k * 6.283 + w.phase), 0)
  const png = encodePng(size, size, (x, y) => {
    const line = edge(x)
    if (y > line + 2) return mix(clay, [255, 255, 255], ((x * 7 + y * 13) % 17) / 170)
    const inDrop = drops.some((d) => (x - d.x) ** 2 + (y - d.y) ** 2 < d.r ** 2)
    const depth = Math.min(1, Math.max(0, y / line))
    return mix(glazeTop, glazePool, inDrop ? 0.85 : depth * 0.6)
  })
  const firing = ['Reduction', 'Oxidation', 'Wood'][id % 3]!
  return {
    file: `${id}.png`,
    bytes: png,
    name: `${glaze} Tile #${id}`,
    description: `A ${glaze.toLowerCase()} glaze test, fired in ${firing.toLowerCase()}. Its contract is a plain OpenZeppelin ERC-721 that Vitrine did not write; this file lives on IPFS.`,
    attributes: [
      { trait_type: 'Glaze', value: glaze },
      { trait_type: 'Firing', value: firing },
      { trait_type: 'Cone', value: id % 2 === 0 ? '10' : '6' },
      // Numeric traits: filtered by range, left out of rarity.
      { trait_type: 'Peak temperature', value: 1180 + ((id * 37) % 120), display_type: 'number' },
      { trait_type: 'Fired', value: 1_735_689_600 + id * 9 * 86_400, display_type: 'date' },
    ],
  }
}

const LINES = [
  { line: 'Line 1', stop: 'Harbour', colour: '#d1495b', fare: 'Adult' },
  { line: 'Line 4', stop: 'Uplands', colour: '#00798c', fare: 'Concession' },
  { line: 'N2', stop: 'Night Owl', colour: '#30364f', fare: 'Night' },
  { line: 'Depot', stop: 'Open Day', colour: '#edae49', fare: 'Special' },
] as const

/** A brass-rimmed tram token: plain shapes and text, nothing that runs or loads. */
function tramToken(id: number): Artwork {
  const { line, stop, colour, fare } = LINES[(id - 1) % LINES.length]!
  const svg = [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400">',
    `<rect width="400" height="400" fill="#f4efe6"/>`,
    '<circle cx="200" cy="200" r="170" fill="#b08d57"/>',
    `<circle cx="200" cy="200" r="150" fill="${colour}"/>`,
    '<circle cx="200" cy="200" r="150" fill="none" stroke="#f4efe6" stroke-width="4" stroke-dasharray="6 10"/>',
    '<rect x="110" y="250" width="180" height="30" rx="15" fill="#f4efe6"/>',
    `<text x="200" y="215" font-family="sans-serif" font-size="72" font-weight="700" fill="#f4efe6" text-anchor="middle">${line}</text>`,
    `<text x="200" y="272" font-family="sans-serif" font-size="20" fill="${colour}" text-anchor="middle">${stop.toUpperCase()}</text>`,
    '</svg>',
  ].join('')
  return {
    file: `${id}.svg`,
    bytes: svg,
    name: `${line} · ${stop}`,
    description: `A ${fare.toLowerCase()} fare token for ${line} (${stop}). An ERC-1155 edition: its contract answers one URI with {id} in it.`,
    attributes: [
      { trait_type: 'Line', value: line },
      { trait_type: 'Fare', value: fare },
    ],
  }
}

const SUBJECTS = ['Teapot', 'Bicycle', 'Fern', 'Harbour crane', 'Sleeping cat', 'Window'] as const

/** A pen sketch: a few strokes on paper, drawn from the id. */
function sketch(id: number): Artwork {
  const random = createRandom(9_000 + id)
  const subject = SUBJECTS[(id - 1) % SUBJECTS.length]!
  const strokes = Array.from({ length: 7 }, () => {
    const points = Array.from({ length: 4 }, () => `${random.int(40, 360)} ${random.int(60, 340)}`)
    return `<path d="M${points[0]} C${points[1]} ${points[2]} ${points[3]}" fill="none" stroke="#22303c" stroke-width="${random.int(2, 5)}" stroke-linecap="round"/>`
  })
  const svg = [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400">',
    '<rect width="400" height="400" fill="#fbf8f1"/>',
    ...Array.from(
      { length: 9 },
      (_, i) => `<line x1="0" y1="${40 + i * 40}" x2="400" y2="${40 + i * 40}" stroke="#d8e3ee"/>`,
    ),
    ...strokes,
    `<text x="24" y="384" font-family="serif" font-style="italic" font-size="22" fill="#22303c">${subject}, page ${id}</text>`,
    '</svg>',
  ].join('')
  return {
    file: `${id}.svg`,
    bytes: svg,
    name: `Sketchbook page ${id}`,
    description: `${subject}, drawn in pen. A bare ERC-721 anyone may mint: it sets no creator earnings (no EIP-2981).`,
    attributes: [
      { trait_type: 'Subject', value: subject },
      { trait_type: 'Pen', value: ['Fineliner', 'Dip pen', 'Brush pen'][id % 3]! },
    ],
  }
}

const DRAWINGS: Record<string, { draw: (id: number) => Artwork; description: string }> = {
  'kiln-glazes': {
    draw: glazeTile,
    description: 'Glaze tests from a shared studio kiln, one tile per firing.',
  },
  'tram-tokens': {
    draw: tramToken,
    description: 'Fare tokens of a city tram network, issued in editions.',
  },
  'open-sketchbook': {
    draw: sketch,
    description: 'Pages of a sketchbook that anyone may add to.',
  },
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`

/** The files of one collection: its images, then its metadata naming the images' directory CID. */
async function collectionFiles(
  collection: ForeignCollection,
  cidOf: (files: Files) => Promise<string>,
): Promise<{ images: Files; metadata: Files; cids: { images: string; metadata: string } }> {
  const drawing = DRAWINGS[collection.key]
  if (!drawing) throw new Error(`no drawing for ${collection.key}`)
  const tokenIds = [...new Set(collection.holdings.map((h) => Number(h.tokenId)))]
  const art = tokenIds.map((id) => ({ id, ...drawing.draw(id) }))
  const images = Object.fromEntries(art.map((a) => [a.file, a.bytes]))
  const imagesCid = await cidOf(images)
  const editions = collection.kind === 'editions1155'
  const metadata: Files = Object.fromEntries(
    art.map((a) => [
      editions ? `${a.id.toString(16).padStart(64, '0')}.json` : String(a.id),
      json({
        name: a.name,
        description: a.description,
        image: `ipfs://${imagesCid}/${a.file}`,
        attributes: a.attributes,
      }),
    ]),
  )
  if (collection.kind !== 'plain721') {
    metadata['contract.json'] = json({
      name: collection.name,
      description: drawing.description,
      image: `ipfs://${imagesCid}/${art[0]!.file}`,
    })
  }
  return { images, metadata, cids: { images: imagesCid, metadata: await cidOf(metadata) } }
}

async function main() {
  // The gateway's importer computes the CIDs exactly as it will serve them.
  const gateway = await startIpfsGateway()
  const cids: Record<string, string> = {}
  try {
    for (const collection of FOREIGN_COLLECTIONS) {
      if (collection.kind === 'onchain721') continue // its metadata is drawn by the contract
      const { images, metadata, cids: made } = await collectionFiles(collection, (files) => gateway.addDirectory(files))
      const dir = join(LOCAL_IPFS_DIR, collection.key)
      rmSync(dir, { recursive: true, force: true })
      for (const [folder, files] of [
        ['images', images],
        ['metadata', metadata],
      ] as const) {
        for (const [name, bytes] of Object.entries(files)) {
          const path = join(dir, folder, name)
          mkdirSync(dirname(path), { recursive: true })
          writeFileSync(path, bytes)
        }
      }
      cids[`${collection.key}/images`] = made.images
      cids[`${collection.key}/metadata`] = made.metadata
    }
  } finally {
    await gateway.stop()
  }
  writeFileSync(join(LOCAL_IPFS_DIR, 'cids.json'), json(cids))
  console.log(`wrote ${Object.keys(cids).length} directories to ${LOCAL_IPFS_DIR}`)
}

await main()
