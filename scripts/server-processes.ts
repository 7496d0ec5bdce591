/**
 * How many processes `npm start` serves with: `WEB_CONCURRENCY` (the name hosts such as Heroku
 * and Render set), or one per CPU core. A Node process runs JavaScript on one core; on a
 * machine with more, one process leaves the rest idle (ADR 10).
 */
import { EnvError } from '../server/platform/env'

export const MAX_PROCESSES = 256

export function processCount(value: string | undefined, cores: number): number {
  if (value === undefined || value.trim() === '') return Math.max(1, cores)
  const count = Number(value)
  if (!Number.isInteger(count) || count < 1 || count > MAX_PROCESSES) {
    throw new EnvError([`WEB_CONCURRENCY: must be a whole number from 1 to ${MAX_PROCESSES}, got "${value}"`])
  }
  return count
}
