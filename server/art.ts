/**
 * Deterministic generated artwork (SVG) for seeded NFTs, avatars, banners and logos: the same
 * key always draws the same picture. Vector shapes on a gradient, so it is crisp at 100 px and 1000 px.
 */
import type { ArtKind } from '../db/media'

function hash(text: string): number {
  let h = 2166136261
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 16777619)
  }
  return h >>> 0
}

function generator(key: string) {
  let state = hash(key) || 1
  return () => {
    state ^= state << 13
    state ^= state >>> 17
    state ^= state << 5
    return (state >>> 0) / 4294967296
  }
}

const PALETTES = [
  ['#0f172a', '#7c3aed', '#ec4899', '#fde68a'],
  ['#042f2e', '#14b8a6', '#a7f3d0', '#f59e0b'],
  ['#1e1b4b', '#6366f1', '#22d3ee', '#f0abfc'],
  ['#3f0d12', '#f43f5e', '#fb923c', '#fef3c7'],
  ['#0c0a09', '#eab308', '#84cc16', '#e7e5e4'],
  ['#172554', '#3b82f6', '#93c5fd', '#f472b6'],
  ['#2e1065', '#a855f7', '#fcd34d', '#34d399'],
  ['#111827', '#f97316', '#fde047', '#38bdf8'],
]

export function drawArt(kind: ArtKind, key: string): string {
  const random = generator(`${kind}:${key}`)
  const palette = PALETTES[Math.floor(random() * PALETTES.length)]!
  const [bg, a, b, c] = palette
  const [w, h] = kind === 'banner' ? [1400, 400] : [1000, 1000]
  const shapes: string[] = []
  const count = kind === 'nft' ? 7 + Math.floor(random() * 6) : 5
  for (let i = 0; i < count; i++) {
    const color = [a, b, c][i % 3]
    const x = random() * w
    const y = random() * h
    const size = (0.08 + random() * 0.3) * Math.min(w, h)
    const opacity = (0.35 + random() * 0.55).toFixed(2)
    const roll = random()
    if (roll < 0.45) {
      shapes.push(
        `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${size.toFixed(1)}" fill="${color}" opacity="${opacity}"/>`,
      )
    } else if (roll < 0.8) {
      const rotate = (random() * 90).toFixed(1)
      shapes.push(
        `<rect x="${(x - size / 2).toFixed(1)}" y="${(y - size / 2).toFixed(1)}" width="${size.toFixed(1)}" height="${size.toFixed(1)}" rx="${(size * 0.18).toFixed(1)}" fill="${color}" opacity="${opacity}" transform="rotate(${rotate} ${x.toFixed(1)} ${y.toFixed(1)})"/>`,
      )
    } else {
      const points = [0, 1, 2]
        .map((k) => {
          const angle = (k / 3) * Math.PI * 2 + random()
          return `${(x + Math.cos(angle) * size).toFixed(1)},${(y + Math.sin(angle) * size).toFixed(1)}`
        })
        .join(' ')
      shapes.push(`<polygon points="${points}" fill="${color}" opacity="${opacity}"/>`)
    }
  }
  const ring =
    kind === 'nft'
      ? `<circle cx="${w / 2}" cy="${h / 2}" r="${(w * (0.18 + random() * 0.12)).toFixed(1)}" fill="none" stroke="${c}" stroke-width="${(w * 0.02).toFixed(1)}" opacity="0.9"/>`
      : ''
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${bg}"/><stop offset="1" stop-color="${a}" stop-opacity="0.55"/></linearGradient><filter id="s"><feGaussianBlur stdDeviation="${(w * 0.004).toFixed(1)}"/></filter></defs><rect width="${w}" height="${h}" fill="${bg}"/><rect width="${w}" height="${h}" fill="url(#g)"/><g filter="url(#s)">${shapes.join('')}</g>${ring}</svg>`
}
