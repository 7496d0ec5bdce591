/** What the contact and newsletter forms send (site.contact, site.subscribe). */
import { z } from './zod'
import { line, paragraphs } from './fields'

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, 'is too long')
  .pipe(z.email('must be a valid email address'))

export const contactInput = z.object({
  name: line({ min: 2, max: 100 }),
  email: emailSchema,
  subject: line({ min: 3, max: 150 }),
  message: paragraphs({ min: 10, max: 5000 }),
})

export const newsletterInput = z.object({
  email: emailSchema,
  topic: z.enum(['news', 'status']).default('news'),
})
