import { defineConfig } from 'drizzle-kit'

// `npm run db:generate` writes a new SQL migration into db/migrations from db/schema.
export default defineConfig({
  dialect: 'turso',
  schema: './db/schema/index.ts',
  out: './db/migrations',
  dbCredentials: {
    url: process.env.DATABASE_URL ?? 'file:.data/vitrine.db',
    authToken: process.env.DATABASE_AUTH_TOKEN,
  },
})
