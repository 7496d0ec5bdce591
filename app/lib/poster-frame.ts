/**
 * A video's poster, taken in the creator's browser: there is no video decoder on the server
 * (Workers or Node), so the frame is drawn here and uploaded as a picture beside the MP4.
 */

/** Past the first frame, which is often black (a fade-in, an encoder's key frame). */
const FRAME_AT_SECONDS = 0.5
/** A video this browser cannot open fails fast rather than leaving the form waiting. */
const GIVE_UP_MS = 15_000

/** Resolves on `ok`, rejects on `error` or after GIVE_UP_MS. */
function once(video: HTMLVideoElement, ok: 'loadeddata' | 'seeked') {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timed out')), GIVE_UP_MS)
    video.addEventListener('error', () => (clearTimeout(timer), reject(new Error('cannot decode'))), { once: true })
    video.addEventListener(ok, () => (clearTimeout(timer), resolve()), { once: true })
  })
}

/**
 * A frame of `file` a little past its start, as a WebP picture (PNG where the browser cannot
 * encode WebP), named after the video. Rejects when this browser cannot decode the video.
 */
export async function posterFrame(file: File): Promise<File> {
  const video = document.createElement('video')
  const url = URL.createObjectURL(file)
  try {
    video.muted = true
    video.playsInline = true
    video.preload = 'auto'
    const loaded = once(video, 'loadeddata')
    video.src = url
    await loaded
    if (!video.videoWidth || !video.videoHeight) throw new Error('no picture track')
    const seeked = once(video, 'seeked')
    // A clip shorter than a second: its middle.
    const duration = Number.isFinite(video.duration) ? video.duration : Infinity
    video.currentTime = Math.min(FRAME_AT_SECONDS, duration / 2)
    await seeked
    const canvas = document.createElement('canvas')
    canvas.width = video.videoWidth
    canvas.height = video.videoHeight
    canvas.getContext('2d')!.drawImage(video, 0, 0)
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/webp', 0.9))
    if (!blob) throw new Error('cannot encode')
    const name = `${file.name.replace(/\.[^.]*$/, '')}-poster.${blob.type === 'image/webp' ? 'webp' : 'png'}`
    return new File([blob], name, { type: blob.type })
  } finally {
    video.removeAttribute('src')
    video.load()
    URL.revokeObjectURL(url)
  }
}
