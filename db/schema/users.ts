import { sql } from 'drizzle-orm'
import { integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
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
    /**
     * A stable row id: the search index (migration 0001) is keyed by it. Without an INTEGER
     * PRIMARY KEY, VACUUM may renumber a table's rowids and leave the index pointing elsewhere.
     */
    id: integer('id').primaryKey(),
    address: address('address').notNull(),
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
    /**
     * Sessions carry the version they were issued under; signing out (or "sign out everywhere")
     * bumps it, and every older session of the wallet stops working on the server.
     */
    sessionVersion: integer('session_version').notNull().default(0),
    /** The decision hiding this profile (db/market/decisions.ts): out of every list, its page says why. */
    hiddenBy: integer('hidden_by'),
  },
  (t) => [
    uniqueIndex('users_address_idx').on(t.address),
    // A handle belongs to one wallet, compared case-insensitively (ASCII: handles are ASCII). A
    // search shorter than a trigram also reads names by prefix from this index.
    uniqueIndex('users_username_idx').on(sql`${t.username} COLLATE NOCASE`),
  ],
)
