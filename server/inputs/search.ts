/** What a search takes (search.query), and what counts as a word of it. */
import { z } from './zod'

/**
 * The query's words of three characters or more, as typed: the search index holds trigrams, so
 * a shorter word cannot be looked up.
 */
export const searchWords = (query: string) => query.split(/[^\p{L}\p{N}#]+/u).filter((word) => word.length >= 3)

/** A search: the query and how many of each kind (NFTs, collections, users) to show. */
export const searchInput = z.object({
  q: z
    .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be text') })
    .trim()
    .min(1, 'must not be empty')
    .max(100, 'must be at most 100 characters'),
  limit: z.coerce
    .number()
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(20, 'must be at most 20')
    .default(8),
})
