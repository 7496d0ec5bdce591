/**
 * `npm run preview`: the built Worker (run `npm run build` first) in workerd through
 * `wrangler dev`, against a local sqld that this script migrates, seeds, starts and stops.
 */
import { existsSync } from 'node:fs'
import { openMigratedDatabase } from '../db/migrate.server'
import { seedDatabase } from '../db/seed'
import { DEVELOPMENT_FEE_RECIPIENT } from '../server/platform/env'
import { ensureDevVars, loadDevVars } from './dev-vars'
import { startSqld, startWrangler } from './processes'

if (!existsSync('dist/server/wrangler.json')) {
  console.error('No Worker build in dist/: run `npm run build` first.')
  process.exit(1)
}
ensureDevVars()
loadDevVars()

const sqld = await startSqld('.data/sqld')
const db = await openMigratedDatabase({ url: sqld.url })
await seedDatabase(db)
db.$client.close()
console.log(`sqld on ${sqld.url} (data in .data/sqld)`)

const port = Number(process.env.PORT ?? 8787)
const worker = await startWrangler(
  {
    DATABASE_URL: sqld.url,
    AUTH_SECRET: process.env.AUTH_SECRET ?? '',
    PLATFORM_FEE_RECIPIENT: process.env.PLATFORM_FEE_RECIPIENT ?? DEVELOPMENT_FEE_RECIPIENT,
    // Sign-in is accepted for the configured origins only: here, this local preview's.
    PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${port}`,
    ALLOWED_ORIGINS: process.env.ALLOWED_ORIGINS ?? `http://127.0.0.1:${port}`,
  },
  { port },
)
console.log(`Worker (workerd) on ${worker.url}, press Ctrl+C to stop`)
worker.process.stdout?.pipe(process.stdout)
worker.process.stderr?.pipe(process.stderr)

const stop = async () => {
  await Promise.all([worker.stop(), sqld.stop()])
  process.exit(0)
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
worker.process.on('exit', () => void sqld.stop().then(() => process.exit(1)))
