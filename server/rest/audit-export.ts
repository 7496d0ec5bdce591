/**
 * The audit log as a download (CSV or JSON), streamed a page of rows at a time so that a long log
 * is never held in memory. Who may read it is checked before (moderation.auditExport).
 */
import type { Database } from '../../db/client'
import { auditCsvHeader, auditCsvRow, auditEntries } from '../queries/decisions'

export function auditExport(db: Database, format: 'csv' | 'json'): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  const entries = auditEntries(db)
  let first = true
  return new ReadableStream({
    async pull(controller) {
      if (first) controller.enqueue(encoder.encode(format === 'csv' ? auditCsvHeader : '['))
      const next = await entries.next()
      if (next.done) {
        if (format === 'json') controller.enqueue(encoder.encode(first ? ']\n' : '\n]\n'))
        controller.close()
        return
      }
      const text = format === 'csv' ? auditCsvRow(next.value) : `${first ? '\n' : ',\n'}${JSON.stringify(next.value)}`
      first = false
      controller.enqueue(encoder.encode(text))
    },
    async cancel() {
      await entries.return(undefined)
    },
  })
}
