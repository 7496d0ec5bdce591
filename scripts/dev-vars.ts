import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'

/**
 * `.dev.vars` is wrangler's file of local secrets (git-ignored). Node dev reads it too,
 * so one generated AUTH_SECRET serves `npm run dev` and `npm run preview` alike.
 */
export const DEV_VARS_FILE = '.dev.vars'

export function ensureDevVars(): void {
  const current = existsSync(DEV_VARS_FILE) ? readFileSync(DEV_VARS_FILE, 'utf8') : ''
  if (/^AUTH_SECRET=/m.test(current)) return
  const line = `AUTH_SECRET=${randomBytes(32).toString('base64url')}\n`
  writeFileSync(DEV_VARS_FILE, current && !current.endsWith('\n') ? `${current}\n${line}` : current + line)
  console.log(`created a local development AUTH_SECRET in ${DEV_VARS_FILE}`)
}

/** Copies KEY=value lines from .dev.vars into process.env without overriding what is set. */
export function loadDevVars(): void {
  if (!existsSync(DEV_VARS_FILE)) return
  for (const line of readFileSync(DEV_VARS_FILE, 'utf8').split('\n')) {
    const match = /^\s*([A-Z0-9_]+)\s*=\s*(.*?)\s*$/.exec(line)
    if (match?.[1] && process.env[match[1]] === undefined) process.env[match[1]] = match[2]
  }
}
