/**
 * The console's rules, apart from what renders them: who sees it, which actions a queue row
 * offers to which role, what each action's reason defaults to, and when a write must first ask
 * the wallet to sign in again. Unit-tested in tests/unit/operator-rules.test.ts.
 */
import {
  DECISION_CATEGORIES,
  DECISION_CATEGORY_LABELS,
  type DecisionAction,
  type DecisionCategory,
  type DecisionTargetKind,
} from '../../../db/decision-kinds'
import type { DecisionTargetInput } from '../../../server/inputs/decisions'

export type Role = 'operator' | 'moderator'

/** What the console shows a visitor: a sign-in prompt, a refusal, or the console for a role. */
export type ConsoleAccess =
  | { kind: 'loading' }
  | { kind: 'signed-out' }
  | { kind: 'not-staff'; address: string }
  | { kind: 'staff'; role: Role; address: string }

export function consoleAccess(
  session: { status: 'loading' | 'authenticated' | 'unauthenticated' },
  me: { address: string; role: Role | null } | undefined,
): ConsoleAccess {
  if (session.status === 'loading') return { kind: 'loading' }
  if (session.status === 'unauthenticated') return { kind: 'signed-out' }
  if (!me) return { kind: 'loading' }
  return me.role ? { kind: 'staff', role: me.role, address: me.address } : { kind: 'not-staff', address: me.address }
}

/** A moment's margin: a write sent a few seconds before the window closes would arrive after it. */
const MARGIN_MS = 10_000

/** Whether a moderation write must first ask the wallet to sign in again (the 15-minute rule). */
export function needsFreshSignIn(writableUntil: string | null | undefined, now = Date.now()): boolean {
  if (!writableUntil) return true
  return Date.parse(writableUntil) - MARGIN_MS <= now
}

/** The refusal the server gives a stale session (server/auth/roles.ts SIGN_IN_AGAIN). */
export const isStaleSignInRefusal = (error: unknown): boolean =>
  error instanceof Error && /sign in again/i.test(error.message)

/** A row's actions, in the order they are offered, each with its button text and default category. */
export interface RowAction {
  action: DecisionAction
  label: string
  /** The category the dialog starts with; null: the moderator must choose one. */
  category: DecisionCategory | null
  /** Applies to the collection's contract, not the row's target. */
  onContract?: true
}

const ACTIONS: Record<Exclude<DecisionTargetKind, 'contract'>, RowAction[]> = {
  item: [
    { action: 'hide', label: 'Hide', category: null },
    { action: 'flag_stolen', label: 'Flag stolen', category: 'stolen' },
    { action: 'dismiss', label: 'Dismiss', category: 'no_violation' },
  ],
  collection: [
    { action: 'hide', label: 'Hide', category: null },
    { action: 'mark_spam', label: 'Mark spam / scam', category: null },
    { action: 'verify', label: 'Verify', category: 'authentic' },
    { action: 'feature', label: 'Feature', category: 'editorial' },
    { action: 'dismiss', label: 'Dismiss', category: 'no_violation' },
    { action: 'block_contract', label: 'Block contract', category: null, onContract: true },
  ],
  profile: [
    { action: 'hide', label: 'Hide', category: null },
    { action: 'dismiss', label: 'Dismiss', category: 'no_violation' },
  ],
}

/** Blocking a contract is an operator's; everything else is any moderator's. */
export function rowActions(kind: Exclude<DecisionTargetKind, 'contract'>, role: Role): RowAction[] {
  return ACTIONS[kind].filter((a) => a.action !== 'block_contract' || role === 'operator')
}

/** The reason categories, as the select offers them. */
export const CATEGORY_OPTIONS = DECISION_CATEGORIES.map((value) => ({ value, label: DECISION_CATEGORY_LABELS[value] }))

/** "3 stolen, 1 spam": a target's open reports by reason, most first. */
export function reasonsLine(reasons: Partial<Record<string, number>>, labels: Record<string, string>): string {
  return Object.entries(reasons)
    .filter((entry): entry is [string, number] => typeof entry[1] === 'number' && entry[1] > 0)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([reason, n]) => `${n} × ${labels[reason] ?? reason}`)
    .join(', ')
}

/** "2 min 5 s", "3 h 10 min": a duration of chain time or of waiting, to the nearest unit that matters. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds))
  if (s < 60) return `${s} s`
  if (s < 3600) return `${Math.floor(s / 60)} min${s % 60 ? ` ${s % 60} s` : ''}`
  if (s < 86_400)
    return `${Math.floor(s / 3600)} h${Math.floor((s % 3600) / 60) ? ` ${Math.floor((s % 3600) / 60)} min` : ''}`
  return `${Math.floor(s / 86_400)} d${Math.floor((s % 86_400) / 3600) ? ` ${Math.floor((s % 86_400) / 3600)} h` : ''}`
}

/** "2.5%" of basis points. */
export const formatBps = (bps: number) => `${(bps / 100).toLocaleString('en', { maximumFractionDigits: 2 })}%`

/**
 * A target named the way a moderator has it at hand: a page's link (`/item/12`, `…/collection/x`,
 * `…/user/0x…`), `item 12`, `collection my-slug`, `profile 0x…` or a bare wallet address. Null
 * for anything else.
 */
export function targetFromText(text: string): DecisionTargetInput | null {
  const value = text.trim()
  const path = /(?:^|\/)(item|collection|user|profile)[/ :]+([A-Za-z0-9-_]+)\/?$/i.exec(value)
  const [kind, key] = path ? [path[1]!.toLowerCase(), path[2]!] : ['profile', value]
  if (kind === 'item') return /^\d{1,15}$/.test(key) ? { kind: 'item', id: Number(key) } : null
  if (kind === 'collection') return /^[A-Za-z0-9-]{1,100}$/.test(key) ? { kind: 'collection', idOrSlug: key } : null
  return /^0x[0-9a-fA-F]{40}$/.test(key) ? { kind: 'profile', address: key } : null
}

/** A target as one word, as `moderation.decisions` takes it: `item:12`, `collection:slug`, `profile:0x…`. */
export function targetWord(target: DecisionTargetInput): string {
  if (target.kind === 'item') return `item:${target.id}`
  if (target.kind === 'collection') return `collection:${target.idOrSlug}`
  if (target.kind === 'profile') return `profile:${target.address}`
  return `contract:${target.chainId}:${target.address}`
}

/** Whether `iso` is within a week of `now` (either side): such times read best as "5 minutes ago". */
export const withinAWeek = (iso: string, now = Date.now()) => Math.abs(now - Date.parse(iso)) < 7 * 86_400_000
