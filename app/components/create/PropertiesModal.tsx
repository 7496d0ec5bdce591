import { useState } from 'react'
import { cleanLine } from '../../../server/metadata/text'
import { Modal } from '../ui/Modal'

export type Property = { type: string; value: string }

/** The item's properties, saved as ERC-721 `attributes` (trait type and value). */
export function PropertiesModal({
  open,
  onClose,
  initial,
  onSave,
}: {
  open: boolean
  onClose: () => void
  initial: Property[]
  onSave: (p: Property[]) => void
}) {
  const [rows, setRows] = useState<Property[]>(initial.length ? initial : [{ type: '', value: '' }])
  const set = (i: number, patch: Partial<Property>) =>
    setRows((r) => r.map((row, j) => (j === i ? { ...row, ...patch } : row)))
  return (
    <Modal open={open} onClose={onClose} title="Add properties" testId="properties-modal">
      <p className="mb-4 text-sm text-jacarta-500 dark:text-jacarta-200">
        Properties appear as ERC-721 attributes (trait type and value).
      </p>
      <ul className="space-y-2">
        {rows.map((row, i) => (
          <li key={i} className="flex gap-2">
            <input
              aria-label={`Trait type ${i + 1}`}
              placeholder="Type, e.g. Background"
              value={row.type}
              onChange={(e) => set(i, { type: e.target.value })}
              className="h-11 min-w-0 flex-1 rounded-xl border border-jacarta-100 px-3 dark:border-jacarta-600 dark:bg-jacarta-700"
            />
            <input
              aria-label={`Trait value ${i + 1}`}
              placeholder="Value, e.g. Blue"
              value={row.value}
              onChange={(e) => set(i, { value: e.target.value })}
              className="h-11 min-w-0 flex-1 rounded-xl border border-jacarta-100 px-3 dark:border-jacarta-600 dark:bg-jacarta-700"
            />
          </li>
        ))}
      </ul>
      <button
        type="button"
        onClick={() => setRows((r) => [...r, { type: '', value: '' }])}
        className="mt-3 text-sm font-semibold text-accent"
      >
        Add more
      </button>
      <button
        type="button"
        onClick={() => {
          // Cleaned as the server cleans them: a frozen token URI hashes exactly what is stored.
          const cleaned = rows.map((r) => ({ type: cleanLine(r.type), value: cleanLine(r.value) }))
          onSave(cleaned.filter((r) => r.type && r.value))
          onClose()
        }}
        className="mt-6 w-full rounded-full bg-accent py-3 font-semibold text-white"
      >
        Save
      </button>
    </Modal>
  )
}
