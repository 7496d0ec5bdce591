import type { Role } from './rules'

/** The console's tabs (the `tab` search parameter), and who sees each. */
export const CONSOLE_TABS = ['queue', 'operations', 'moderators', 'audit'] as const
export type ConsoleTab = (typeof CONSOLE_TABS)[number]

export const TAB_LABELS: Record<ConsoleTab, string> = {
  queue: 'Queue',
  operations: 'Operations',
  moderators: 'Moderators',
  audit: 'Audit',
}

const OPERATOR_ONLY: readonly ConsoleTab[] = ['operations', 'audit']

export const tabsFor = (role: Role): ConsoleTab[] =>
  CONSOLE_TABS.filter((tab) => role === 'operator' || !OPERATOR_ONLY.includes(tab))
