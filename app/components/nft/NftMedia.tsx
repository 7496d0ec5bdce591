/**
 * An NFT's picture or motion, always as <img> or <video> (never <object>/<iframe>: a stored SVG
 * is a picture, not a document on our origin), with its box reserved by width/height so nothing
 * moves when it arrives.
 *
 * - Pictures: stored raster media is offered as a srcset over /_image's widths with `sizes`;
 *   `priority` (the item page's main picture) loads eagerly with fetchpriority="high".
 * - Motion (an MP4 `animation_url` or MP4 media): on the item page a <video> with controls and the
 *   picture as its poster, started by the visitor and shown whole (letterboxed); on cards the poster
 *   only, never a playing video.
 *   Media without a separate picture shows its own first frame as the poster (preload="metadata").
 */
import { isVideo, responsiveImage } from '../../lib/images'

/** Grid cards: one column on phones, up to four on wide screens (NftGrid). */
export const CARD_SIZES = '(min-width: 1280px) 20rem, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw'
/** The item page's main picture: half of a max-w-7xl row from md up, the full width below. */
export const ITEM_SIZES = '(min-width: 1280px) 36rem, (min-width: 768px) 50vw, 100vw'

interface MediaProps {
  image: string
  animationUrl?: string | null
  alt: string
  sizes: string
  /** Intrinsic size of the box (the picture is square unless said otherwise). */
  width: number
  height: number
  className?: string
}

export function NftPicture({
  image,
  alt,
  sizes,
  width,
  height,
  className,
  priority = false,
}: Omit<MediaProps, 'animationUrl'> & { priority?: boolean }) {
  if (isVideo(image)) {
    // No separate picture: the video's first frame, never played here.
    return (
      <video
        src={image}
        aria-label={alt}
        width={width}
        height={height}
        preload="metadata"
        muted
        playsInline
        className={className}
        data-testid="nft-poster-video"
      />
    )
  }
  const picture = responsiveImage(image, sizes)
  return (
    <img
      {...picture}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding={priority ? 'sync' : 'async'}
      className={className}
    />
  )
}

/** The item page's media: motion to play when there is some, else the prioritised picture. */
export function NftMotionOrPicture(props: MediaProps) {
  const motion = isVideo(props.animationUrl) ? props.animationUrl : isVideo(props.image) ? props.image : null
  if (!motion) return <NftPicture {...props} priority />
  const poster = isVideo(props.image) ? undefined : responsiveImage(props.image, props.sizes).src
  return (
    <video
      src={motion}
      poster={poster}
      controls
      playsInline
      preload={poster ? 'none' : 'metadata'}
      width={props.width}
      height={props.height}
      aria-label={props.alt}
      // Played whole, letterboxed like any player: a cropped frame would hide part of the work.
      className={`${props.className ?? ''} bg-black object-contain!`}
      data-testid="nft-motion"
    />
  )
}
