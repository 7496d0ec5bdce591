import { sql } from 'drizzle-orm'
import { integer, text } from 'drizzle-orm/sqlite-core'

/** Milliseconds since the epoch, as a Date in code. */
export const timestamp = (name: string) => integer(name, { mode: 'timestamp_ms' })
export const createdAt = () =>
  timestamp('created_at')
    .notNull()
    .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`)
export const flag = (name: string) => integer(name, { mode: 'boolean' }).notNull().default(false)
/** Exact wei as decimal text (ARCHITECTURE.md: money is exact). */
export const wei = (name: string) => text(name)
/** 0x-prefixed lowercase address. */
export const address = (name: string) => text(name)
