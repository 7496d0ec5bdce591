/**
 * How pages ask for pictures: stored raster media goes through /_image at the widths it makes
 * (server/media/widths.ts), as a `srcset` the browser picks from with `sizes`; drawn art and
 * stored SVG are vector (one URL, any size); anything else is used as it is.
 */
import { DEFAULT_QUALITY, IMAGE_WIDTHS } from '../../server/media/widths'

const RASTER_MEDIA = /^\/api\/media\/[0-9a-f]{64}\.(png|jpg|gif|webp|avif)$/
/** Only our own stored MP4s play: the page's CSP allows media from this site alone. */
const VIDEO_MEDIA = /^\/api\/media\/[0-9a-f]{64}\.mp4$/

/** Widths offered in a srcset: from thumbnails to a 2× phone or a large desktop column. */
export const SRCSET_WIDTHS = IMAGE_WIDTHS.filter((w) => w >= 256 && w <= 2048)

export const isResizable = (url: string) => RASTER_MEDIA.test(url)
export const isVideo = (url: string | null | undefined): url is string => !!url && VIDEO_MEDIA.test(url)

/** The picture at `width` px (resized when it can be), for one-size uses such as thumbnails. */
export function imageAt(url: string, width: number, quality = DEFAULT_QUALITY): string {
  return isResizable(url) ? `/_image?url=${encodeURIComponent(url)}&w=${width}&q=${quality}` : url
}

export interface ResponsiveImage {
  src: string
  srcSet?: string
  sizes?: string
}

/**
 * `src`, `srcSet` and `sizes` for a picture laid out at `sizes` (a media-query list, e.g.
 * "(min-width: 768px) 50vw, 100vw"); `src` is the 640 px one for browsers without srcset.
 */
export function responsiveImage(url: string, sizes: string): ResponsiveImage {
  if (!isResizable(url)) return { src: url }
  return {
    src: imageAt(url, 640),
    srcSet: SRCSET_WIDTHS.map((w) => `${imageAt(url, w)} ${w}w`).join(', '),
    sizes,
  }
}
