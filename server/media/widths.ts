/**
 * The widths /_image makes and the quality it uses unless asked: shared by the route and the
 * pages that build `srcset` (app/lib/images.ts), so a page never asks for a width that is refused.
 * Device widths, then the small (icon/thumbnail) ones.
 */
export const IMAGE_WIDTHS = [16, 32, 48, 64, 96, 128, 256, 384, 640, 750, 828, 1080, 1200, 1920, 2048, 3840] as const
export type ImageWidth = (typeof IMAGE_WIDTHS)[number]
export const DEFAULT_QUALITY = 75
