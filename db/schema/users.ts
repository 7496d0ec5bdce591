import { sql } from 'drizzle-orm'
import { index, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { address, createdAt, timestamp } from './columns'

export interface UserLinks {
  website?: string
  twitter?: string
  instagram?: string
  discord?: string
}

/** A wallet that signed in or appears in marketplace activity. */
export const users = sqliteTable(
  'users',
  {
    address: address('address').primaryKey(),
    username: text('username'),
    bio: text('bio'),
    avatarUrl: text('avatar_url'),
    bannerUrl: text('banner_url'),
    links: text('links', { mode: 'json' })
      .$type<UserLinks>()
      .notNull()
      .default(sql`'{}'`),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at')
      .notNull()
      .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
  },
  // Case-insensitive (ASCII) order: a search shorter than a trigram reads names by prefix from it.
  (t) => [index('users_username_idx').on(sql`${t.username} COLLATE NOCASE`)],
)
