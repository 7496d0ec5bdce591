import type { ReactNode } from 'react'

/** A bordered table that scrolls sideways on narrow screens, with one header row of column names. */
export function DataTable({ columns, children }: { columns: readonly string[]; children: ReactNode }) {
  return (
    <div className="overflow-x-auto rounded-2xl border border-jacarta-100 dark:border-jacarta-700">
      <table className="w-full min-w-[40rem] text-left text-sm">
        <thead className="bg-jacarta-50 text-xs text-jacarta-500 uppercase dark:bg-jacarta-800 dark:text-jacarta-200">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="px-4 py-3">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  )
}

/** A body row, ruled off from the one above. */
export const rowClass = 'border-t border-jacarta-100 dark:border-jacarta-700'
