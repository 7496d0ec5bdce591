import { TRPCClientError } from '@trpc/client'

/** Field → message from a tRPC error carrying zod issues (see the errorFormatter in server/trpc/init.ts). */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof TRPCClientError)) return {}
  const issues = (error.data as { zodIssues?: { path: (string | number)[]; message: string }[] } | undefined)?.zodIssues
  const out: Record<string, string> = {}
  for (const issue of issues ?? []) {
    const key = String(issue.path[0] ?? 'form')
    out[key] ??= issue.message
  }
  return out
}
