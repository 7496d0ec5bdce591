/** What the Edit profile form sends (user.updateProfile), and the handle rule the REST shim shares. */
import { z } from './zod'
import { addressSchema, paragraphs } from './fields'

export const userNameSchema = z
  .string()
  .trim()
  .min(3, 'must be at least 3 characters')
  .max(30, 'must be at most 30 characters')
  .regex(/^[A-Za-z0-9_.-]+$/, 'may contain only letters, digits, "_", "." and "-"')

/** A profile link is a web page: http(s) only, never javascript:, data: or another scheme. */
const linkSchema = z
  .union([
    z.literal(''),
    z
      .url({ protocol: /^https?$/, error: 'must be a web address starting with https:// or http://' })
      .max(200, 'is too long'),
  ])
  .optional()

export const profileInput = z.object({
  walletAddress: addressSchema,
  userName: userNameSchema,
  bio: paragraphs({ max: 280 }).optional(),
  website: linkSchema,
  twitter: linkSchema,
  instagram: linkSchema,
})
