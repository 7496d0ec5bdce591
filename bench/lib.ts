import { execFileSync } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { performance } from 'node:perf_hooks'
import { DEVELOPMENT_FEE_RECIPIENT } from '../server/platform/env'
import { freePort, startProcess, waitForHttp, type RunningProcess } from '../scripts/processes'

/** Replaces (or appends) the section `name` of bench/RESULTS.md, leaving the others alone. */
export function writeSection(name: string, markdown: string): void {
  const file = new URL('./RESULTS.md', import.meta.url)
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch {
    text = '# Benchmark results\n\nWritten by the scripts in bench/; numbers from this 2-core machine.\n'
  }
  const start = `<!-- ${name}:start -->`
  const end = `<!-- ${name}:end -->`
  const block = `${start}\n${markdown.trim()}\n${end}`
  const pattern = new RegExp(`${start}[\\s\\S]*?${end}`)
  text = pattern.test(text) ? text.replace(pattern, block) : `${text.trimEnd()}\n\n${block}\n`
  writeFileSync(file, text)
}

const tsx = ['node_modules/tsx/dist/cli.mjs']

/** A database file seeded by `npm run db:seed` (extra arguments passed on, e.g. --nfts). */
export function seedDatabase(dbFile: string, args: string[] = []): void {
  execFileSync(process.execPath, [...tsx, 'scripts/db.ts', 'seed', ...args], {
    env: { ...process.env, DATABASE_URL: `file:${dbFile}` },
    stdio: 'inherit',
  })
}

/** Brings a database file built by an earlier run up to the current migrations (and statistics). */
export function migrateDatabase(dbFile: string): void {
  execFileSync(process.execPath, [...tsx, 'scripts/db.ts', 'migrate'], {
    env: { ...process.env, DATABASE_URL: `file:${dbFile}` },
    stdio: 'inherit',
  })
}

/** What the production server of a bench runs with: a database file and bench-only secrets. */
export const productionEnv = (dbFile: string) => ({
  NODE_ENV: 'production',
  DATABASE_URL: `file:${dbFile}`,
  AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
  PLATFORM_FEE_RECIPIENT: DEVELOPMENT_FEE_RECIPIENT,
  PUBLIC_URL: 'https://vitrine.example',
})

/**
 * Builds the Node production bundle (unless `build: false`: the last one) and serves it (`npm start`)
 * on a free port over `dbFile`, with `env` over the bench's configuration.
 */
export async function startProductionServer(
  dbFile: string,
  { env = {}, build = true }: { env?: Record<string, string>; build?: boolean } = {},
): Promise<RunningProcess> {
  if (build) {
    console.log('building the Node production bundle…')
    execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build'], {
      env: { ...process.env, BUILD_TARGET: 'node', NODE_ENV: 'production' },
      stdio: 'ignore',
    })
  }
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const server = startProcess(process.execPath, [...tsx, 'scripts/serve.ts'], url, {
    ...productionEnv(dbFile),
    ...env,
    PORT: String(port),
  })
  await waitForHttp(`${url}/api/health`, server)
  return server
}

/**
 * A fresh copy at `file` of the bench database of `nfts` seeded NFTs: seeded once into
 * bench/.tmp/<nfts>.db, brought up to the current migrations on later runs. A bench that writes
 * works on the copy, so every run starts from the same rows.
 */
export function freshSeededCopy(nfts: number, file: string): void {
  const base = `bench/.tmp/${nfts}.db`
  mkdirSync('bench/.tmp', { recursive: true })
  if (existsSync(base)) migrateDatabase(base)
  else {
    console.log(`seeding ${nfts} NFTs into ${base} (once)…`)
    seedDatabase(base, ['--nfts', String(nfts)])
  }
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true })
  copyFileSync(base, file)
}

/** The median time of `times` runs of `work` in milliseconds, after one run to warm up. */
export async function medianMs(work: () => Promise<unknown>, times: number): Promise<number> {
  await work()
  const samples: number[] = []
  for (let i = 0; i < times; i++) {
    const start = performance.now()
    await work()
    samples.push(performance.now() - start)
  }
  return samples.sort((a, b) => a - b)[Math.floor(samples.length / 2)]!
}
