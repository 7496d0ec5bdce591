/** `npm run dev`: a local secret, a migrated and seeded embedded database, then Vite. */
import { spawn } from 'node:child_process'
import { openMigratedDatabase } from '../db/migrate.server'
import { seedDatabase } from '../db/seed'
import { refreshCollectionStats } from '../db/stats'
import { DEFAULT_DATABASE_URL } from '../server/env'
import { ensureDevVars, loadDevVars } from './dev-vars'

ensureDevVars()
loadDevVars()
const url = process.env.DATABASE_URL || DEFAULT_DATABASE_URL
const db = await openMigratedDatabase({ url, authToken: process.env.DATABASE_AUTH_TOKEN || undefined })
const { seeded } = await seedDatabase(db)
// 24h / 7d volumes are relative to now: bring them up to date on every start (cheap at dev scale).
if (!seeded) await refreshCollectionStats(db)
db.$client.close()
console.log(seeded ? `database ${url}: migrated and seeded` : `database ${url}: migrated`)

const vite = spawn(process.execPath, ['node_modules/vite/bin/vite.js', 'dev', ...process.argv.slice(2)], {
  stdio: 'inherit',
})
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => vite.kill(signal))
vite.on('exit', (code) => process.exit(code ?? 0))
