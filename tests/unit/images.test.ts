/**
 * Pictures on pages: stored raster media is asked of /_image at the widths it makes, vector art
 * and other URLs are used as they are, and motion is a <video> that only the visitor starts
 * (cards show a still; the item page plays with a poster). Never an <object> or <iframe>.
 */
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { CARD_SIZES, ITEM_SIZES, NftMotionOrPicture, NftPicture } from '../../app/components/nft/NftMedia'
import { imageAt, responsiveImage, SRCSET_WIDTHS } from '../../app/lib/images'
import { IMAGE_WIDTHS } from '../../server/media/widths'

const png = `/api/media/${'a'.repeat(64)}.png`
const mp4 = `/api/media/${'b'.repeat(64)}.mp4`
const svg = `/api/media/${'c'.repeat(64)}.svg`

describe('responsiveImage', () => {
  it('offers stored raster media at the widths /_image makes', () => {
    const picture = responsiveImage(png, ITEM_SIZES)
    expect(picture.src).toBe(`/_image?url=${encodeURIComponent(png)}&w=640&q=75`)
    const widths = picture.srcSet!.split(', ').map((c) => Number(/ (\d+)w$/.exec(c)![1]))
    expect(widths).toEqual(SRCSET_WIDTHS)
    for (const w of widths) expect(IMAGE_WIDTHS).toContain(w)
    expect(picture.sizes).toBe(ITEM_SIZES)
  })

  it('uses vector art, SVG and other URLs as they are', () => {
    for (const url of ['/api/art/nft/a/1.svg', svg, 'data:image/png;base64,AAAA']) {
      expect(responsiveImage(url, CARD_SIZES)).toEqual({ src: url })
      expect(imageAt(url, 64)).toBe(url)
    }
  })
})

describe('NftPicture and NftMotionOrPicture', () => {
  const render = (element: Parameters<typeof renderToStaticMarkup>[0]) => renderToStaticMarkup(element)

  it('a card reserves its box and loads lazily; the item page’s picture is eager and high priority', () => {
    const card = render(createElement(NftPicture, { image: png, alt: 'A', sizes: CARD_SIZES, width: 400, height: 400 }))
    expect(card).toMatch(/^<img [^>]*width="400" height="400"/)
    expect(card).toContain('loading="lazy"')
    expect(card).toContain('srcSet=')
    const item = render(
      createElement(NftMotionOrPicture, { image: png, alt: 'A', sizes: ITEM_SIZES, width: 1000, height: 1000 }),
    )
    expect(item).toContain('fetchPriority="high"')
    expect(item).toContain('loading="eager"')
  })

  it('a card of an MP4 shows a still (its first frame), never playing', () => {
    const card = render(createElement(NftPicture, { image: mp4, alt: 'A', sizes: CARD_SIZES, width: 400, height: 400 }))
    expect(card).toMatch(/^<video /)
    expect(card).toContain('preload="metadata"')
    expect(card).not.toMatch(/autoplay|controls/i)
  })

  it('the item page plays animation_url with the picture as its poster, started by the visitor', () => {
    const item = render(
      createElement(NftMotionOrPicture, {
        image: png,
        animationUrl: mp4,
        alt: 'A',
        sizes: ITEM_SIZES,
        width: 1000,
        height: 1000,
      }),
    )
    expect(item).toMatch(/^<video /)
    expect(item).toContain(`src="${mp4}"`)
    expect(item).toContain(`poster="/_image?url=${encodeURIComponent(png)}`)
    expect(item).toContain('controls')
    expect(item).not.toMatch(/autoplay/i)
  })

  it('plays only this site’s stored MP4s (the page CSP allows no other media)', () => {
    const remote = render(
      createElement(NftMotionOrPicture, {
        image: png,
        animationUrl: 'https://cdn.example/motion.mp4',
        alt: 'A',
        sizes: ITEM_SIZES,
        width: 1,
        height: 1,
      }),
    )
    expect(remote).not.toContain('<video')
    expect(remote).toMatch(/<img /)
  })

  it('SVG is always embedded as an <img>', () => {
    const html = render(
      createElement(NftMotionOrPicture, { image: svg, alt: 'A', sizes: ITEM_SIZES, width: 1, height: 1 }),
    )
    expect(html).toMatch(/<img [^>]*src="\/api\/media\/c+\.svg"/)
    expect(html).not.toMatch(/<(object|iframe|embed)/)
  })
})
