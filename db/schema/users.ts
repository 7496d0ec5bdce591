import { sql } from 'drizzle-orm'
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'

/** A wallet that has signed in or appears in marketplace activity. Addresses are lowercase. */
export const users = sqliteTable('users', {
  address: text('address').primaryKey(),
  username: text('username'),
  bio: text('bio'),
  createdAt: integer('created_at', { mode: 'timestamp_ms' })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`),
})
