import { z } from 'zod'
import type { Address } from 'viem'
import { DEFAULT_PLATFORM_FEE_BPS, DEVELOPMENT_FEE_RECIPIENT } from '../../chain/marketplace'
import { DEFAULT_CHAIN_IDS, NETWORKS, type PublicChain } from '../../chain/networks'

/** A network this deployment offers: the server's RPC (private) and the one browsers get. */
export interface ConfiguredChain {
  id: number
  rpcUrl: string
  publicRpcUrl: string
}

/** What a browser is told of the networks: never the server's own RPC URLs. */
export const publicChains = (chains: ConfiguredChain[]): PublicChain[] =>
  chains.map(({ id, publicRpcUrl }) => ({ id, rpcUrl: publicRpcUrl }))
import { parseRateLimits, type RateLimits } from './rate-limits'

/**
 * Server configuration, parsed once from process.env (Node) or the Worker's bindings.
 * Development and tests need no setup; production refuses to start without its secrets.
 */

export { DEFAULT_PLATFORM_FEE_BPS, DEVELOPMENT_FEE_RECIPIENT }

/** 0.0001 ETH: below it an order is dust (its fees round to nothing, and it drags the floor down). */
export const DEFAULT_MIN_PRICE_WEI = 10n ** 14n

/** A gateway base URL (http or https) that a CID or transaction id and its path are appended to. */
function gatewaySchema(example: string) {
  return z
    .url({ protocol: /^https?$/, error: `must be an http(s) URL, e.g. ${example}` })
    .transform((url) => (url.endsWith('/') ? url : `${url}/`))
    .optional()
}

/** How often the Workers build's follower reads a chain (server/trading/follower.ts). */
export const MIN_FOLLOW_INTERVAL_MS = 250
const followIntervalSchema = z.coerce
  .number()
  .int('must be a whole number of milliseconds')
  .min(MIN_FOLLOW_INTERVAL_MS, `must be at least ${MIN_FOLLOW_INTERVAL_MS} ms`)
  .max(600_000, 'must be at most 600000 ms (10 minutes)')
  .optional()

/** How long one isolate answers /api/health from its last report (server/health/cached.ts). */
export const DEFAULT_HEALTH_CACHE_MS = 1_000

/**
 * Open live pages' event streams one Node process holds at most: an idle stream costs about 13 KB
 * of heap (bench/RESULTS.md, live pages), so 2,000 cost about 26 MB. Past it a page is refused
 * with a 503 and polls; the server's total is this times WEB_CONCURRENCY (server/live/stream.ts).
 */
export const DEFAULT_LIVE_STREAMS_PER_PROCESS = 2_000

/**
 * OPERATORS: the wallets that run this marketplace (they grant and revoke moderators), as
 * 0x-addresses separated by commas; each one that is not an address is named.
 */
const operatorsSchema = z
  .string()
  .optional()
  .transform((text, ctx) => {
    const entries = (text ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean)
    for (const entry of entries) {
      if (!/^0x[0-9a-fA-F]{40}$/.test(entry)) {
        ctx.addIssue({
          code: 'custom',
          message: `"${entry}" is not an address (0x and 40 hex digits); list operators' wallets separated by commas`,
        })
      }
    }
    return [...new Set(entries.map((entry) => entry.toLowerCase() as Address))]
  })

/** The local IPFS-style gateway `npm run dev` starts (scripts/ipfs-gateway.ts). */
export const LOCAL_IPFS_GATEWAY_PORT = 8091

const baseSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  DATABASE_URL: z
    .string()
    .regex(/^(file:|libsql:|https?:|wss?:)/, 'must start with file:, libsql:, http(s): or ws(s):')
    .optional(),
  DATABASE_AUTH_TOKEN: z.string().min(1).optional(),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters (try: openssl rand -base64 32)').optional(),
  CHAIN_RPC_URL: z.url().optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  ALLOWED_ORIGINS: z.string().optional(),
  PORT: z.coerce.number().int().min(1).max(65535).optional(),
  WALLETCONNECT_PROJECT_ID: z
    .string()
    .regex(/^[0-9a-f]{32}$/, 'must be the 32-character project id from cloud.reown.com')
    .optional(),
  PLATFORM_FEE_BPS: z.coerce
    .number()
    .int('must be a whole number of basis points')
    .min(0)
    .max(1000, 'must be at most 1000 (10%)')
    .default(DEFAULT_PLATFORM_FEE_BPS),
  PLATFORM_FEE_RECIPIENT: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed 20-byte address')
    .transform((value) => value.toLowerCase() as Address)
    .optional(),
  INDEXER_CONFIRMATIONS: z.coerce.number().int().min(0).max(1000).optional(),
  FOLLOW_INTERVAL_MS: followIntervalSchema,
  MIN_PRICE_WEI: z
    .string()
    .regex(/^[1-9]\d{0,77}$/, 'must be a whole number of wei, at least 1 (e.g. 100000000000000 for 0.0001 ETH)')
    .transform((value) => BigInt(value))
    .default(DEFAULT_MIN_PRICE_WEI),
  CHAINS: z
    .string()
    .regex(/^\d+(,\d+)*$/, 'must be chain ids separated by commas, e.g. 1,8453')
    .optional(),
  RATE_LIMITS: z.string().optional(),
  TRUSTED_PROXY_HEADER: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9-]+$/, 'must be a header name, e.g. x-forwarded-for or cf-connecting-ip')
    .optional(),
  IPFS_GATEWAY: gatewaySchema('https://ipfs.io/ipfs/'),
  ARWEAVE_GATEWAY: gatewaySchema('https://arweave.net/'),
  CACHE_PURGE_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  CACHE_PURGE_TOKEN: z.string().min(20, 'must be at least 20 characters').optional(),
  CLOUDFLARE_ZONE_ID: z
    .string()
    .regex(/^[0-9a-f]{32}$/, "must be the zone's 32-character id (dashboard: the domain's Overview)")
    .optional(),
  HEALTH_CACHE_MS: z.coerce
    .number()
    .int('must be a whole number of milliseconds')
    .min(0)
    .max(60_000, 'must be at most 60000 ms (a minute)')
    .default(DEFAULT_HEALTH_CACHE_MS),
  HEALTH_TOKEN: z.string().min(20, 'must be at least 20 characters (try: openssl rand -hex 24)').optional(),
  FETCH_ALLOW_HOSTS: z
    .string()
    .regex(
      /^\s*(\[[0-9a-f:.]+\]|[a-z0-9.-]+):\d{1,5}\s*(,\s*(\[[0-9a-f:.]+\]|[a-z0-9.-]+):\d{1,5}\s*)*$/i,
      'must be host:port pairs separated by commas, e.g. 127.0.0.1:8091',
    )
    .optional(),
  MAIL_URL: z.string().trim().optional(),
  MAIL_FROM: z.string().trim().optional(),
  MAIL_API_KEY: z.string().trim().min(8, 'must be the API key of the mail service').optional(),
  LIVE_STREAMS_PER_PROCESS: z.coerce
    .number({ error: 'must be a whole number of streams' })
    .int('must be a whole number of streams')
    .min(0, 'must be at least 0 (0: every page polls)')
    .max(100_000, 'must be at most 100000')
    .default(DEFAULT_LIVE_STREAMS_PER_PROCESS),
  OPERATORS: operatorsSchema,
})

/**
 * `RPC_URL_<chain id>` is the server's own RPC for a network (it may carry an API key: never
 * sent to browsers); `PUBLIC_RPC_URL_<chain id>` is the one browsers are given. Each defaults
 * to the network's public RPC (the local chain: CHAIN_RPC_URL).
 */
const RPC_URL_KEY = /^(PUBLIC_)?RPC_URL_(\d+)$/
/** `FOLLOW_INTERVAL_MS_<chain id>`: one chain's follow interval, over FOLLOW_INTERVAL_MS and the block time. */
const FOLLOW_INTERVAL_KEY = /^FOLLOW_INTERVAL_MS_(\d+)$/

export type Env = {
  NODE_ENV: 'development' | 'test' | 'production'
  DATABASE_URL: string
  DATABASE_AUTH_TOKEN: string | undefined
  AUTH_SECRET: string
  CHAIN_RPC_URL: string | undefined
  /** The site's public origin for canonical URLs; defaults to the request's. */
  PUBLIC_URL: string | undefined
  /**
   * The origins this site answers on, canonical first: a sign-in message must name one of them,
   * and Auth.js builds its URLs on them. Configuration, never a request header.
   */
  siteOrigins: string[]
  /** Enables WalletConnect (phone wallets) when set. */
  WALLETCONNECT_PROJECT_ID: string | undefined
  /** The networks this deployment offers, first one preferred, each with its RPC URL. */
  chains: ConfiguredChain[]
  /** How deep a public chain's block must be before the indexer reads it (default 12). */
  INDEXER_CONFIRMATIONS: number | undefined
  /** Per configured chain, how often its follower runs a round (about its block time unless set). */
  followIntervalMs: Record<number, number>
  /** The platform's cut of every sale, in basis points (100 = 1%), and who receives it. */
  platformFee: { bps: number; recipient: Address }
  /** Requests per client and window of each limited action (server/platform/rate-limits.ts). */
  rateLimits: RateLimits
  /** The header a proxy in front sets to the client's address; unset: the socket (Node), CF-Connecting-IP (Workers). */
  TRUSTED_PROXY_HEADER: string | undefined
  /** The lowest price a listing, offer, auction reserve or lazy mint may ask (dust distorts floors). */
  minPriceWei: bigint
  /**
   * Reading token metadata: the gateways ipfs:// and ar:// URIs go through, and the `host:port`
   * pairs the fetcher may reach although private (development and tests only: a local gateway).
   */
  metadataFetch: { ipfsGateway: string; arweaveGateway: string; allowHosts: string[] }
  /**
   * Where the edge cache's purges by tag go, with its bearer token: Cloudflare's purge API for the
   * zone (CLOUDFLARE_ZONE_ID), or CACHE_PURGE_URL (the local preview's own emulation). Unset: the
   * Workers edge cache stores nothing, as nothing could retire it.
   */
  cachePurge: { url: string; token: string } | undefined
  /**
   * /api/health: how long an isolate answers from its last report (0: only checks under way are
   * shared), and the bearer token /api/health/deep asks for (unset: open outside production,
   * refused in production).
   */
  health: { cacheMs: number; token: string | undefined }
  /** Where mail goes (MAIL_URL, MAIL_FROM, MAIL_API_KEY); unset: no mail is sent (server/notify/email.ts). */
  mail: MailConfig | undefined
  /** Node: open live pages' event streams one process holds at most (LIVE_STREAMS_PER_PROCESS). */
  liveStreamsPerProcess: number
  /** The operators' wallets, lowercase (OPERATORS): they grant and revoke moderators (ADR 44). */
  operators: Address[]
}

/**
 * An SMTP relay (`smtp://` or `smtps://`, credentials in the URL), or an HTTP mail API that takes
 * Resend's JSON (`POST {from, to, subject, text, html, headers}` with `Authorization: Bearer`).
 * `from` is MAIL_FROM as it was given, checked: `addr@host` or `Name <addr@host>`.
 */
export type MailConfig =
  | { transport: 'smtp'; url: string; from: string }
  | { transport: 'http'; url: string; apiKey: string | undefined; from: string }

export const DEFAULT_DATABASE_URL = 'file:.data/vitrine.db'

export class EnvError extends Error {
  readonly problems: string[]
  constructor(problems: string[]) {
    super(`Invalid server configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
    this.name = 'EnvError'
    this.problems = problems
  }
}

/** Just the platform fee (for scripts that need no secrets, like the seed), validated like parseEnv. */
export function parsePlatformFee(raw: Record<string, unknown>): Env['platformFee'] {
  const fee = baseSchema.pick({ PLATFORM_FEE_BPS: true, PLATFORM_FEE_RECIPIENT: true }).parse({
    PLATFORM_FEE_BPS: raw.PLATFORM_FEE_BPS || undefined,
    PLATFORM_FEE_RECIPIENT: raw.PLATFORM_FEE_RECIPIENT || undefined,
  })
  return { bps: fee.PLATFORM_FEE_BPS, recipient: fee.PLATFORM_FEE_RECIPIENT ?? DEVELOPMENT_FEE_RECIPIENT }
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
  if (production && !env.PUBLIC_URL) {
    problems.push(
      "PUBLIC_URL: required in production (the site's public origin, e.g. https://vitrine.example; sign-in is accepted for it only)",
    )
  }
  const siteOrigins = parseSiteOrigins(env, problems)
  if (production && !env.PLATFORM_FEE_RECIPIENT) {
    problems.push('PLATFORM_FEE_RECIPIENT: required in production (the address that receives the platform fee)')
  }
  const chains = parseChains(env, raw, problems)
  const followIntervalMs = parseFollowIntervals(env, raw, chains, problems)
  const rateLimits = parseRateLimits(env.RATE_LIMITS, env.NODE_ENV, problems)
  if (production && env.FETCH_ALLOW_HOSTS) {
    problems.push(
      'FETCH_ALLOW_HOSTS: not allowed in production (it lets token URIs reach private addresses; it is for a local gateway in development and tests)',
    )
  }
  const cachePurge = parseCachePurge(env, problems)
  const mail = parseMail(env, problems)
  const secret = env.AUTH_SECRET
  if (problems.length > 0 || !secret) throw new EnvError(problems)
  return {
    NODE_ENV: env.NODE_ENV,
    DATABASE_URL: env.DATABASE_URL ?? DEFAULT_DATABASE_URL,
    DATABASE_AUTH_TOKEN: env.DATABASE_AUTH_TOKEN,
    AUTH_SECRET: secret,
    CHAIN_RPC_URL: env.CHAIN_RPC_URL,
    PUBLIC_URL: env.PUBLIC_URL?.replace(/\/+$/, ''),
    siteOrigins,
    WALLETCONNECT_PROJECT_ID: env.WALLETCONNECT_PROJECT_ID,
    chains,
    INDEXER_CONFIRMATIONS: env.INDEXER_CONFIRMATIONS,
    followIntervalMs,
    platformFee: { bps: env.PLATFORM_FEE_BPS, recipient: env.PLATFORM_FEE_RECIPIENT ?? DEVELOPMENT_FEE_RECIPIENT },
    rateLimits,
    TRUSTED_PROXY_HEADER: env.TRUSTED_PROXY_HEADER,
    minPriceWei: env.MIN_PRICE_WEI,
    metadataFetch: parseMetadataFetch(env),
    cachePurge,
    health: { cacheMs: env.HEALTH_CACHE_MS, token: env.HEALTH_TOKEN },
    mail,
    liveStreamsPerProcess: env.LIVE_STREAMS_PER_PROCESS,
    operators: env.OPERATORS,
  }
}

/** The message SMTP meets on Workers, which open no raw TCP connection for it. */
export const SMTP_ON_WORKERS = 'SMTP is not available on Workers; set MAIL_URL to an https mail API'

const onWorkers = () => typeof navigator !== 'undefined' && navigator.userAgent === 'Cloudflare-Workers'

/** MAIL_FROM: `addr@host`, or `Name <addr@host>` (a name of printable characters, no quotes or brackets). */
function checkFrom(from: string): boolean {
  const named = /^([^<>"\p{Cc}]{1,80}?)\s*<([^<>]+)>$/u.exec(from)
  return z.email().safeParse(named ? named[2]! : from).success
}

/**
 * MAIL_URL picks the transport: smtp(s):// (Node only) or an https mail API (http:// outside
 * production, for a local one). MAIL_FROM is required with it; MAIL_API_KEY goes with the API.
 */
function parseMail(env: z.infer<typeof baseSchema>, problems: string[]): Env['mail'] {
  const { MAIL_URL: raw, MAIL_FROM: from, MAIL_API_KEY: apiKey } = env
  if (!raw) {
    if (from) problems.push('MAIL_FROM: set MAIL_URL too (where mail is sent), or unset MAIL_FROM')
    if (apiKey) problems.push('MAIL_API_KEY: set MAIL_URL too (the https address of the mail API)')
    return undefined
  }
  const url = URL.canParse(raw) ? new URL(raw) : null
  const production = env.NODE_ENV === 'production'
  const web = production ? /^https:$/ : /^https?:$/
  const length = problems.length
  if (!url || !url.hostname || !(/^smtps?:$/.test(url.protocol) || web.test(url.protocol))) {
    problems.push(
      `MAIL_URL: must be smtp://user:pass@host:port, smtps://user:pass@host:port or the https:// address of a mail API${production ? '' : ' (http:// for a local one)'}`,
    )
  } else if (/^smtps?:$/.test(url.protocol) && onWorkers()) {
    problems.push(`MAIL_URL: ${SMTP_ON_WORKERS}`)
  } else if (/^smtps?:$/.test(url.protocol) && apiKey) {
    problems.push(
      'MAIL_API_KEY: only an https MAIL_URL uses it; SMTP credentials go in MAIL_URL (smtp://user:pass@host)',
    )
  } else if (!/^smtps?:$/.test(url.protocol) && production && !apiKey) {
    problems.push('MAIL_API_KEY: required in production with an https MAIL_URL (the API key of the mail service)')
  }
  if (!from) problems.push('MAIL_FROM: required with MAIL_URL (the sender, e.g. Vitrine <no-reply@vitrine.example>)')
  else if (!checkFrom(from)) {
    problems.push('MAIL_FROM: must be an address, e.g. no-reply@vitrine.example or Vitrine <no-reply@vitrine.example>')
  }
  if (problems.length > length || !url || !from) return undefined
  return /^smtps?:$/.test(url.protocol)
    ? { transport: 'smtp', url: raw, from }
    : { transport: 'http', url: raw, apiKey, from }
}

/** Cloudflare's purge API for a zone, or an explicit purge URL; either needs its token. */
function parseCachePurge(env: z.infer<typeof baseSchema>, problems: string[]): Env['cachePurge'] {
  const { CACHE_PURGE_URL: url, CACHE_PURGE_TOKEN: token, CLOUDFLARE_ZONE_ID: zone } = env
  if (url && zone) problems.push('CACHE_PURGE_URL: set it or CLOUDFLARE_ZONE_ID, not both')
  const target = url ?? (zone && `https://api.cloudflare.com/client/v4/zones/${zone}/purge_cache`)
  if (!target) {
    if (token) problems.push('CACHE_PURGE_TOKEN: set CLOUDFLARE_ZONE_ID (or CACHE_PURGE_URL) too')
    return undefined
  }
  if (!token) {
    problems.push(
      `CACHE_PURGE_TOKEN: required with ${url ? 'CACHE_PURGE_URL' : 'CLOUDFLARE_ZONE_ID'} (a Cloudflare API token allowed to purge the zone's cache)`,
    )
    return undefined
  }
  return { url: target, token }
}

/**
 * PUBLIC_URL's origin, then ALLOWED_ORIGINS. Without PUBLIC_URL (development, tests) the dev
 * server's own origin on PORT, by name and by address, as a browser may open either.
 */
function parseSiteOrigins(env: z.infer<typeof baseSchema>, problems: string[]): string[] {
  const port = env.PORT ?? 3000
  const origins = env.PUBLIC_URL
    ? [new URL(env.PUBLIC_URL).origin]
    : [`http://localhost:${port}`, `http://127.0.0.1:${port}`]
  for (const entry of env.ALLOWED_ORIGINS?.split(',') ?? []) {
    const value = entry.trim()
    if (!value) continue
    const url = URL.canParse(value) ? new URL(value) : null
    if (!url || !/^https?:$/.test(url.protocol) || url.origin !== value.replace(/\/+$/, '')) {
      problems.push(
        `ALLOWED_ORIGINS: "${value}" is not an origin (scheme, host and optional port, e.g. https://vitrine.example)`,
      )
    } else if (!origins.includes(url.origin)) origins.push(url.origin)
  }
  return origins
}

function parseChains(
  env: z.infer<typeof baseSchema>,
  raw: Record<string, unknown>,
  problems: string[],
): ConfiguredChain[] {
  const ids = env.CHAINS
    ? env.CHAINS.split(',').map(Number)
    : [...DEFAULT_CHAIN_IDS[env.NODE_ENV === 'production' ? 'production' : 'development']]
  for (const id of ids) {
    if (!NETWORKS[id]) problems.push(`CHAINS: unknown chain id ${id} (known: ${Object.keys(NETWORKS).join(', ')})`)
  }
  const overrides = { server: new Map<number, string>(), browser: new Map<number, string>() }
  for (const [key, value] of Object.entries(raw)) {
    const match = RPC_URL_KEY.exec(key)
    if (!match || value === '' || value === undefined) continue
    if (!z.url().safeParse(value).success) problems.push(`${key}: must be a URL`)
    else overrides[match[1] ? 'browser' : 'server'].set(Number(match[2]), String(value))
  }
  const fallback = (id: number) => (id === 31337 ? env.CHAIN_RPC_URL : undefined) ?? NETWORKS[id]!.defaultRpcUrl
  return ids
    .filter((id) => NETWORKS[id])
    .map((id) => ({
      id,
      rpcUrl: overrides.server.get(id) ?? fallback(id),
      publicRpcUrl: overrides.browser.get(id) ?? fallback(id),
    }))
}

function parseFollowIntervals(
  env: z.infer<typeof baseSchema>,
  raw: Record<string, unknown>,
  chains: ConfiguredChain[],
  problems: string[],
): Record<number, number> {
  const overrides = new Map<number, number>()
  for (const [key, value] of Object.entries(raw)) {
    const match = FOLLOW_INTERVAL_KEY.exec(key)
    if (!match || value === '' || value === undefined) continue
    const parsed = followIntervalSchema.safeParse(value)
    if (!parsed.success) problems.push(`${key}: ${parsed.error.issues[0]!.message}`)
    else if (parsed.data !== undefined) overrides.set(Number(match[1]), parsed.data)
  }
  return Object.fromEntries(
    chains.map(({ id }) => [id, overrides.get(id) ?? env.FOLLOW_INTERVAL_MS ?? NETWORKS[id]!.blockTimeMs]),
  )
}

/**
 * Production reads IPFS and Arweave through public gateways and reaches no private address.
 * Development and tests default to the local IPFS-style gateway, allowed although on 127.0.0.1.
 */
function parseMetadataFetch(env: z.infer<typeof baseSchema>): Env['metadataFetch'] {
  const local = env.NODE_ENV !== 'production'
  const localGateway = `127.0.0.1:${LOCAL_IPFS_GATEWAY_PORT}`
  const allow = env.FETCH_ALLOW_HOSTS ?? (local ? localGateway : '')
  return {
    ipfsGateway: env.IPFS_GATEWAY ?? (local ? `http://${localGateway}/ipfs/` : 'https://ipfs.io/ipfs/'),
    arweaveGateway: env.ARWEAVE_GATEWAY ?? 'https://arweave.net/',
    allowHosts: allow
      .split(',')
      .map((entry) => entry.trim().toLowerCase())
      .filter(Boolean),
  }
}
