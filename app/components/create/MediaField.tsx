/**
 * The Create form's file and, for a video, its poster: the picture cards show and the item page
 * shows until the video plays. The browser takes a frame of the video as the poster (the server
 * has no video decoder); the creator may choose a picture instead, and must when this browser
 * cannot play the video.
 */
import { useEffect, useId, useRef, useState } from 'react'
import type { FieldErrors } from '../../lib/form'
import {
  isVideoFile,
  MAX_MEDIA_MB,
  MEDIA_ACCEPT,
  mediaFileSchema,
  POSTER_ACCEPT,
  posterFileSchema,
} from '../../../server/inputs/create'

// The native "Choose file" button styled as one, focus and error states as the other fields have them.
const fileInput =
  'mt-2 block w-full max-w-full min-w-0 cursor-pointer rounded-xl border border-dashed border-jacarta-200 p-4 text-sm focus:border-accent focus:ring-2 focus:ring-accent/30 focus:outline-none aria-invalid:border-solid aria-invalid:border-red-700 sm:p-6 dark:border-jacarta-600 dark:aria-invalid:border-red-400 file:mr-4 file:cursor-pointer file:rounded-full file:border-0 file:bg-accent/10 file:px-4 file:py-2 file:font-semibold file:text-accent dark:file:bg-white/15 dark:file:text-white'
const errorText = 'mt-1 text-sm text-red-700 dark:text-red-400'

const CANNOT_PLAY =
  'This browser cannot play this video, so no frame could be taken from it: choose a picture to show until it plays.'

export function MediaField({
  errors,
  setError,
}: {
  errors: FieldErrors
  setError: (name: string, message: string | undefined) => void
}) {
  const id = useId()
  const [preview, setPreview] = useState<{ url: string; video: boolean } | null>(null)
  const [poster, setPoster] = useState<{ url: string; fromFrame: boolean } | null>(null)
  const [takingFrame, setTakingFrame] = useState(false)
  // A video this browser cannot decode: no player that would spin forever.
  const [cannotPlay, setCannotPlay] = useState(false)
  const posterInput = useRef<HTMLInputElement>(null)
  // The video whose frame is awaited: a frame that arrives after another choice is dropped.
  const frameOf = useRef<File | null>(null)

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview.url)), [preview])
  useEffect(() => () => void (poster && URL.revokeObjectURL(poster.url)), [poster])

  const showPoster = (file: File | undefined, fromFrame = false) =>
    setPoster(file ? { url: URL.createObjectURL(file), fromFrame } : null)

  async function takeFrame(video: File) {
    frameOf.current = video
    setTakingFrame(true)
    // Loaded when a video is chosen: most creators upload a picture.
    const frame = await import('../../lib/poster-frame').then(({ posterFrame }) => posterFrame(video)).catch(() => null)
    if (frameOf.current !== video) return
    frameOf.current = null
    setTakingFrame(false)
    if (!frame || !posterInput.current) {
      setCannotPlay(true)
      return setError('poster', CANNOT_PLAY)
    }
    // The frame becomes the poster field's file, as if the creator had chosen it.
    const files = new DataTransfer()
    files.items.add(frame)
    posterInput.current.files = files.files
    showPoster(frame, true)
  }

  return (
    <>
      <div>
        <label htmlFor={`${id}-media`} className="text-sm font-semibold">
          Image, video or animation
        </label>
        <p className="text-xs text-jacarta-500 dark:text-jacarta-200">
          PNG, JPEG, GIF, WebP, AVIF or MP4, up to {MAX_MEDIA_MB} MB.
        </p>
        <input
          id={`${id}-media`}
          name="media"
          type="file"
          accept={MEDIA_ACCEPT.join(',')}
          aria-invalid={!!errors.media}
          aria-describedby={errors.media ? `${id}-media-error` : undefined}
          className={fileInput}
          onChange={(e) => {
            const chosen = e.target.files?.[0]
            setPreview(null)
            showPoster(undefined)
            setError('poster', undefined)
            frameOf.current = null
            setTakingFrame(false)
            setCannotPlay(false)
            if (posterInput.current) posterInput.current.value = ''
            if (!chosen) return
            const checked = mediaFileSchema.safeParse(chosen)
            if (!checked.success) return setError('media', checked.error.issues[0]?.message)
            const video = isVideoFile(chosen)
            setPreview({ url: URL.createObjectURL(chosen), video })
            if (video) void takeFrame(chosen)
          }}
        />
        {errors.media && (
          <p id={`${id}-media-error`} className={errorText}>
            {errors.media}
          </p>
        )}
        {preview &&
          (preview.video ? (
            !cannotPlay && (
              // A 16:9 box from the start: the form does not jump when the video's size or poster arrives.
              <video
                src={preview.url}
                poster={poster?.url}
                controls
                muted
                aria-label="Preview of your video"
                className="mt-4 aspect-video w-full max-w-md rounded-xl bg-black object-contain"
              />
            )
          ) : (
            <img src={preview.url} alt="Preview of your item" className="mt-4 max-h-80 rounded-xl" />
          ))}
      </div>
      {preview?.video && (
        <div>
          <label htmlFor={`${id}-poster`} className="text-sm font-semibold">
            Poster
          </label>
          <p className="text-xs text-jacarta-500 dark:text-jacarta-200">
            Shown on cards and until the video plays: a frame of your video, or a PNG, JPEG, GIF, WebP or AVIF picture
            of your own.
          </p>
          <input
            ref={posterInput}
            id={`${id}-poster`}
            name="poster"
            type="file"
            accept={POSTER_ACCEPT.join(',')}
            aria-invalid={!!errors.poster}
            aria-describedby={errors.poster ? `${id}-poster-error` : undefined}
            className={fileInput}
            onChange={(e) => {
              const chosen = e.target.files?.[0]
              frameOf.current = null
              setTakingFrame(false)
              showPoster(undefined)
              if (!chosen) return
              const checked = posterFileSchema.safeParse(chosen)
              if (!checked.success) return setError('poster', checked.error.issues[0]?.message)
              showPoster(chosen)
            }}
          />
          {(takingFrame || poster) && (
            // Same height while the frame is taken and once it is there: nothing below moves.
            <div className="mt-3 flex items-center gap-4">
              {poster ? (
                <img
                  src={poster.url}
                  alt="Your poster as cards show it"
                  className="h-20 w-20 shrink-0 rounded-lg object-cover"
                />
              ) : (
                <div
                  aria-hidden
                  className="h-20 w-20 shrink-0 motion-safe:animate-pulse rounded-lg bg-jacarta-100 dark:bg-jacarta-700"
                />
              )}
              <p role="status" className="text-sm text-jacarta-500 dark:text-jacarta-200">
                {poster
                  ? `${poster.fromFrame ? 'A frame of your video is the poster. ' : ''}Cards show it like this.`
                  : 'Taking a frame from your video…'}
              </p>
            </div>
          )}
          {errors.poster && (
            <p id={`${id}-poster-error`} className={errorText}>
              {errors.poster}
            </p>
          )}
        </div>
      )}
    </>
  )
}
