import { z } from 'zod'

/**
 * Server configuration, parsed once from process.env (Node) or the Worker's bindings.
 * Development and tests need no setup; production refuses to start without its secrets.
 */
const baseSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  DATABASE_URL: z
    .string()
    .regex(/^(file:|libsql:|https?:|wss?:)/, 'must start with file:, libsql:, http(s): or ws(s):')
    .optional(),
  DATABASE_AUTH_TOKEN: z.string().min(1).optional(),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters (try: openssl rand -base64 32)').optional(),
  CHAIN_RPC_URL: z.url().optional(),
})

export type Env = {
  NODE_ENV: 'development' | 'test' | 'production'
  DATABASE_URL: string
  DATABASE_AUTH_TOKEN: string | undefined
  AUTH_SECRET: string
  CHAIN_RPC_URL: string | undefined
}

export const DEFAULT_DATABASE_URL = 'file:.data/vitrine.db'

export class EnvError extends Error {
  readonly problems: string[]
  constructor(problems: string[]) {
    super(`Invalid server configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
    this.name = 'EnvError'
    this.problems = problems
  }
}

export function parseEnv(raw: Record<string, unknown>): Env {
  const picked = Object.fromEntries(
    Object.keys(baseSchema.shape).map((key) => [key, raw[key] === '' ? undefined : raw[key]]),
  )
  const result = baseSchema.safeParse(picked)
  const problems: string[] = []
  if (!result.success) {
    for (const issue of result.error.issues) {
      problems.push(`${issue.path.join('.') || '(root)'}: ${issue.message}`)
    }
    throw new EnvError(problems)
  }
  const env = result.data
  const production = env.NODE_ENV === 'production'
  if (!env.AUTH_SECRET) {
    problems.push(
      production
        ? 'AUTH_SECRET: required in production (a random string of at least 32 characters)'
        : 'AUTH_SECRET: missing; `npm run dev` writes one to .dev.vars, or set it yourself',
    )
  }
  if (production && !env.DATABASE_URL) {
    problems.push('DATABASE_URL: required in production (e.g. libsql://<db>-<org>.turso.io)')
  }
  const secret = env.AUTH_SECRET
  if (problems.length > 0 || !secret) throw new EnvError(problems)
  return {
    NODE_ENV: env.NODE_ENV,
    DATABASE_URL: env.DATABASE_URL ?? DEFAULT_DATABASE_URL,
    DATABASE_AUTH_TOKEN: env.DATABASE_AUTH_TOKEN,
    AUTH_SECRET: secret,
    CHAIN_RPC_URL: env.CHAIN_RPC_URL,
  }
}
