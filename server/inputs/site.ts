/** What the contact and newsletter forms send (site.contact, site.subscribe). */
import { z } from './zod'

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, 'is too long')
  .pipe(z.email('must be a valid email address'))

export const contactInput = z.object({
  name: z.string().trim().min(2, 'must be at least 2 characters').max(100, 'must be at most 100 characters'),
  email: emailSchema,
  subject: z.string().trim().min(3, 'must be at least 3 characters').max(150, 'must be at most 150 characters'),
  message: z.string().trim().min(10, 'must be at least 10 characters').max(5000, 'must be at most 5,000 characters'),
})

export const newsletterInput = z.object({
  email: emailSchema,
  topic: z.enum(['news', 'status']).default('news'),
})
