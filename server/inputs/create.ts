/**
 * Creating an item: the token's own fields (create.publishLazyMint and create.registerMint
 * extend them with the uploaded media, the token id and the signature) and the Create form.
 */
import { z } from './zod'
import { ethPriceSchema } from './trading'
import { line, paragraphs } from './fields'

export const tokenFieldsInput = z.object({
  collection: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(100, 'is too long')
    .regex(/^[a-z0-9-]+$/i, 'must be a numeric id or a slug (letters, digits, dashes)'),
  name: line({ min: 1, max: 100 }),
  description: paragraphs({ max: 2000 }).default(''),
  /** A web page about the item, shown as a link: http(s) only, never javascript: or data:. */
  externalUrl: z
    .url({ protocol: /^https?$/, error: 'must be a web address starting with https:// or http://' })
    .max(500, 'is too long')
    .optional(),
  attributes: z
    .array(
      z.object({
        trait_type: line({ min: 1, max: 50 }),
        value: line({ min: 1, max: 100 }),
      }),
    )
    .max(20, 'at most 20 properties')
    .default([]),
  freeze: z.boolean().default(true),
})

/** What the form offers to upload; POST /api/media judges the bytes again (server/media/content.ts). */
export const MAX_MEDIA_MB = 32

/**
 * A video's poster: the frame the browser took from it, or a picture of the creator's own. A
 * picture that can be resized for cards, so no SVG (and POST /api/media judges the bytes again).
 */
export const POSTER_ACCEPT = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif'] as const
export const MEDIA_ACCEPT = [...POSTER_ACCEPT, 'video/mp4'] as const

const withinMaxSize = [
  (file: File) => file.size <= MAX_MEDIA_MB * 1024 * 1024,
  { error: (issue: { input: unknown }) => `${(issue.input as File).name} is larger than ${MAX_MEDIA_MB} MB.` },
] as const

export const mediaFileSchema = z
  .instanceof(File, { error: 'Choose the image, video or animation to publish.' })
  .refine((file) => file.size > 0, { error: 'Choose the image, video or animation to publish.', abort: true })
  .refine((file) => (MEDIA_ACCEPT as readonly string[]).includes(file.type), {
    error: (issue) => `${(issue.input as File).name} is not a PNG, JPEG, GIF, WebP, AVIF or MP4 file.`,
    abort: true,
  })
  .refine(...withinMaxSize)

export const posterFileSchema = z
  .instanceof(File, { error: 'Choose a picture to show until the video plays.' })
  .refine((file) => (POSTER_ACCEPT as readonly string[]).includes(file.type) && file.size > 0, {
    error: (issue) => `${(issue.input as File).name} is not a PNG, JPEG, GIF, WebP or AVIF picture.`,
    abort: true,
  })
  .refine(...withinMaxSize)

export const isVideoFile = (file: unknown) => file instanceof File && file.type === 'video/mp4'

/**
 * The Create form: the file (and a video's poster, checked even while other fields are wrong),
 * the token's fields, and for a lazy mint the price the first buyer pays (create.publishLazyMint's
 * minPriceWei). Properties come from their own dialog.
 */
export const createItemForm = (lazy: boolean) =>
  tokenFieldsInput
    .omit({ attributes: true })
    .extend({
      media: mediaFileSchema,
      poster: posterFileSchema.optional(),
      collection: z
        .string({ error: 'Pick one of your collections, or create one.' })
        .pipe(tokenFieldsInput.shape.collection),
      freeze: z.boolean(),
      price: lazy ? ethPriceSchema() : z.undefined().optional(),
    })
    .refine((form) => !isVideoFile(form.media) || form.poster !== undefined, {
      path: ['poster'],
      error: 'Choose a picture to show until the video plays.',
      when: (payload) => isVideoFile((payload.value as { media?: unknown }).media),
    })
