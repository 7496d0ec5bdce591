/**
 * Which actions are rate-limited and how much: the defaults and the RATE_LIMITS setting that
 * overrides them, parsed with the rest of the configuration. server/http/rate-limit.ts counts
 * the hits.
 */
/** Each limited action, its default (`count/window`) and how its refusal names it. */
export const RATE_ACTIONS = {
  'siwe-nonce': { limit: '30/1m', what: 'sign-in requests' },
  'sign-in': { limit: '10/1m', what: 'sign-in attempts' },
  upload: { limit: '20/10m', what: 'uploads' },
  'market-sync': { limit: '6/1m', what: 'sync requests' },
  contact: { limit: '5/1h', what: 'messages' },
  newsletter: { limit: '5/1h', what: 'newsletter sign-ups' },
  'auth-log': { limit: '60/1m', what: 'log entries' },
  // An import reads the contract and searches its deployment block: tens of RPC calls.
  import: { limit: '10/10m', what: 'collection imports' },
  'refresh-metadata': { limit: '10/1m', what: 'metadata refreshes' },
  // Storing a listing or offer checks its signature and reads the chain (counter, balance or WETH,
  // approval or allowance, EIP-2981): about five RPC calls each, and a row shown on an item page.
  orders: { limit: '30/1m', what: 'orders' },
  // A bulk request holds up to 100 of them.
  'bulk-orders': { limit: '6/1m', what: 'bulk listings' },
  // A confirmation mail reaches a person who may not have asked for it: counted per client, and
  // per address mailed, so nobody can bomb an inbox from many wallets or many clients.
  'email-confirm': { limit: '10/1h', what: 'confirmation mails' },
  'email-confirm-to': { limit: '3/1h', what: 'confirmation mails to this address' },
  'webhook-test': { limit: '10/10m', what: 'test events to your webhook' },
  // A trait's criteria or an offer's proof reads every token of the trait and, when its tree is not
  // kept, hashes each id twice (server/queries/criteria-trees.ts).
  criteria: { limit: '60/1m', what: 'criteria requests' },
  // Each one reaches a person's queue: counted per wallet (tRPC moderation.report).
  report: { limit: '10/1h', what: 'reports' },
  // A legal notice needs no wallet: counted per client, and per address its confirmation mail goes to.
  'legal-notice': { limit: '5/1h', what: 'legal notices' },
  'legal-notice-to': { limit: '3/1h', what: 'legal notices from this address' },
} as const

export type RateAction = keyof typeof RATE_ACTIONS
export interface RateRule {
  limit: number
  windowMs: number
}
/** null: the action is not limited (`<action>=off`). */
export type RateLimits = Record<RateAction, RateRule | null>

/**
 * `npm run dev` indexes the local chain by calling market.sync every 2 s from 127.0.0.1, the
 * same address as the developer's browser.
 */
const DEVELOPMENT_DEFAULTS: Partial<Record<RateAction, string>> = { 'market-sync': '120/1m' }

const UNIT_MS = { s: 1_000, m: 60_000, h: 3_600_000 } as const
const RULE = /^(?:off|(\d{1,9})\/(\d{0,6})([smh]))$/

function parseRule(text: string): RateRule | null | undefined {
  const match = RULE.exec(text)
  if (!match) return undefined
  if (text === 'off') return null
  const [, limit, span, unit] = match
  const windowMs = Number(span || 1) * UNIT_MS[unit as keyof typeof UNIT_MS]
  return Number(limit) > 0 && windowMs > 0 ? { limit: Number(limit), windowMs } : undefined
}

/**
 * RATE_LIMITS: `action=count/window` pairs separated by commas, e.g. `sign-in=5/1m,upload=50/1h`
 * (window: a number and s, m or h; `off` lifts a limit). Actions not named keep their default.
 */
export function parseRateLimits(text: string | undefined, nodeEnv: string, problems: string[]): RateLimits {
  const limits = {} as RateLimits
  for (const [action, { limit }] of Object.entries(RATE_ACTIONS) as [RateAction, { limit: string }][]) {
    limits[action] = parseRule((nodeEnv === 'development' && DEVELOPMENT_DEFAULTS[action]) || limit)!
  }
  for (const entry of text?.split(',') ?? []) {
    if (!entry.trim()) continue
    const [name = '', value = ''] = entry.split('=').map((part) => part.trim())
    const rule = parseRule(value)
    if (!(name in RATE_ACTIONS)) {
      problems.push(`RATE_LIMITS: unknown action "${name}" (known: ${Object.keys(RATE_ACTIONS).join(', ')})`)
    } else if (rule === undefined) {
      problems.push(
        `RATE_LIMITS: "${entry.trim()}" must be ${name}=<count>/<window>, e.g. ${name}=10/1m, or ${name}=off`,
      )
    } else limits[name as RateAction] = rule
  }
  return limits
}
