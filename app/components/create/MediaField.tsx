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

const fileInput =
  'mt-2 block w-full max-w-full min-w-0 rounded-xl border border-dashed border-jacarta-200 p-6 text-sm dark:border-jacarta-600'
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
  const [poster, setPoster] = useState<string | null>(null)
  const [takingFrame, setTakingFrame] = useState(false)
  const posterInput = useRef<HTMLInputElement>(null)
  // The video whose frame is awaited: a frame that arrives after another choice is dropped.
  const frameOf = useRef<File | null>(null)

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview.url)), [preview])
  useEffect(() => () => void (poster && URL.revokeObjectURL(poster)), [poster])

  const showPoster = (file: File | undefined) => setPoster(file ? URL.createObjectURL(file) : null)

  async function takeFrame(video: File) {
    frameOf.current = video
    setTakingFrame(true)
    // Loaded when a video is chosen: most creators upload a picture.
    const frame = await import('../../lib/poster-frame').then(({ posterFrame }) => posterFrame(video)).catch(() => null)
    if (frameOf.current !== video) return
    frameOf.current = null
    setTakingFrame(false)
    if (!frame || !posterInput.current) return setError('poster', CANNOT_PLAY)
    // The frame becomes the poster field's file, as if the creator had chosen it.
    const files = new DataTransfer()
    files.items.add(frame)
    posterInput.current.files = files.files
    showPoster(frame)
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
            <video
              src={preview.url}
              poster={poster ?? undefined}
              controls
              muted
              aria-label="Preview of your video"
              className="mt-4 max-h-80 rounded-xl"
            />
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
          {takingFrame && (
            <p role="status" className="mt-1 text-sm">
              Taking a frame from your video…
            </p>
          )}
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
