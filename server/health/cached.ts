/**
 * Health as load balancers poll it: from memory. Each isolate keeps its last report per database
 * for a short while, and every check asked for while one is under way waits for that one, so a
 * burst of probes costs one read however many arrive. The deep check (the write-lock probe) is
 * shared the same way but never kept: one asked for after another has ended probes again.
 */
import type { HealthReport } from './check'

interface Kept {
  report: Promise<HealthReport>
  /** When the check ended (performance.now()); undefined while it is under way. */
  endedAt?: number
}

/** Keyed by the runtime's Database: one per isolate, so a fresh runtime (a test's) starts empty. */
const kept = { read: new WeakMap<object, Kept>(), deep: new WeakMap<object, Kept>() }

/**
 * `check()`'s report, or the one under way, or one that ended less than `maxAgeMs` ago. A deep
 * check is shared only while under way (`maxAgeMs` is ignored).
 */
export function sharedHealth(
  key: object,
  kind: 'read' | 'deep',
  maxAgeMs: number,
  check: () => Promise<HealthReport>,
): Promise<HealthReport> {
  const reports = kept[kind]
  const last = reports.get(key)
  const fresh = kind === 'read' ? maxAgeMs : 0
  if (last && (last.endedAt === undefined || performance.now() - last.endedAt < fresh)) return last.report
  const entry: Kept = {
    report: check().finally(() => {
      entry.endedAt = performance.now()
      if (fresh === 0 && reports.get(key) === entry) reports.delete(key)
    }),
  }
  reports.set(key, entry)
  return entry.report
}
