import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'

/**
 * Sign-In with Ethereum nonces: issued by the server, each accepted once and only
 * before it expires, so a signed message cannot be replayed.
 */
export const siweNonces = sqliteTable('siwe_nonces', {
  nonce: text('nonce').primaryKey(),
  expiresAt: integer('expires_at').notNull(),
  usedAt: integer('used_at'),
})
