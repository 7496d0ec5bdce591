/**
 * List rows read as one JSON text each instead of one native value per cell.
 *
 * A list page is 25 rows of ~30 columns. Handed over cell by cell, the driver's native binding
 * converts ~750 values and Drizzle maps each with kind checks: more than half of a list
 * request's time (ADR 9). Here SQLite writes each row as a JSON array (`json_array(…)`, in C),
 * the binding hands over one string, `JSON.parse` rebuilds the values, and the decoders of the
 * selection's columns are looked up once. The objects are exactly those Drizzle's `.all()`
 * gives; tests/integration/rows.test.ts holds the list selections (cards with each kind of
 * sort key, activity, collections) to that.
 *
 * What JSON cannot carry exactly travels as plain columns after the JSON: REAL values (SQLite
 * writes 15 significant digits, and sort keys go into cursors). Integer columns must hold values
 * JavaScript numbers hold exactly (ids, counts, times in ms, flags), as everywhere in this
 * schema; a larger one is refused with a RangeError, as @libsql/client does. JSON-mode text
 * columns travel as text and are parsed by their decoder: embedding them with `json(…)` makes
 * SQLite parse and rewrite each one, which costs more than the page's whole JSON.parse. Blob
 * columns are refused. For selections of tables and columns nested one level, over inner
 * joins; the row type is the one Drizzle gives the same selection.
 */
import { Column, getTableColumns, is, sql, Table, type SQL } from 'drizzle-orm'
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types'
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core'

type Selection = Record<string, Column | Table | Record<string, Column>>

interface Cell {
  outer: string
  inner: string | null
  /** `outer.inner`, for messages. */
  name: string
  column: Column
  /** Read from a plain column (its index in the raw row), or from the JSON array (null). */
  plain: number | null
  /** The column's decoder, or null where the value already is what Drizzle gives. */
  decode: ((value: unknown) => unknown) | null
}

type Found = Omit<Cell, 'plain' | 'decode'>

/** The cells of a selection in its order (the order Drizzle's `.all()` builds objects in). */
function cells(selection: Selection): Found[] {
  const cell = (outer: string, inner: string | null, column: unknown): Found => {
    const name = inner === null ? outer : `${outer}.${inner}`
    if (!is(column, Column)) throw new Error(`rowReader: ${name} is not a column`)
    if (column.getSQLType() === 'blob') throw new Error(`rowReader: ${name} is a blob column`)
    return { outer, inner, name, column }
  }
  return Object.entries(selection).flatMap(([outer, field]): Found[] => {
    if (is(field, Column)) return [cell(outer, null, field)]
    const columns: Record<string, unknown> = is(field, Table) ? getTableColumns(field) : field
    return Object.entries(columns).map(([inner, column]) => cell(outer, inner, column))
  })
}

export interface RowReader<T> {
  /** What to select (`db.select(reader.select)`): the row's JSON array, then its REAL columns. */
  select: Record<string, SQL | SQLiteColumn>
  /** One raw row of that select (`.values()`), as Drizzle's `.all()` would give it. */
  map: (raw: ArrayLike<unknown>) => T
}

export function rowReader<S extends Selection>(selection: S): RowReader<SelectResultFields<S>> {
  const select: Record<string, SQL | SQLiteColumn> = {}
  const inJson: SQL[] = []
  const list: Cell[] = cells(selection).map((cell) => {
    const { column } = cell
    // Columns that keep Drizzle's default decoder (text, plain integers) take values as they are.
    const identity = column.mapFromDriverValue === Column.prototype.mapFromDriverValue
    const decoder = identity ? null : (value: unknown) => column.mapFromDriverValue(value)
    // JSON.parse rounds integers past 2^53 silently; @libsql/client refuses them, and so does this.
    const decode =
      column.getSQLType() !== 'integer'
        ? decoder
        : (value: unknown) => {
            if (!Number.isSafeInteger(value)) {
              throw new RangeError(
                `rowReader: ${cell.name} holds ${String(value)}, not an integer a JavaScript number holds exactly`,
              )
            }
            return decoder === null ? value : decoder(value)
          }
    if (column.getSQLType() !== 'real') {
      inJson.push(sql`${column}`)
      return { ...cell, plain: null, decode }
    }
    const plain = Object.keys(select).length + 1
    select[`real${plain}`] = column as SQLiteColumn
    return { ...cell, plain, decode }
  })
  const row = sql<string>`json_array(${sql.join(inJson, sql`, `)})`
  const nested = [...new Set(list.filter((c) => c.inner !== null).map((c) => c.outer))]
  return {
    select: { row, ...select },
    map(raw) {
      const values = JSON.parse(raw[0] as string) as unknown[]
      const result: Record<string, unknown> = {}
      for (const outer of nested) result[outer] = {}
      let next = 0
      for (const { outer, inner, plain, decode } of list) {
        const value = plain === null ? values[next++] : raw[plain]
        const mapped = value === null || decode === null ? value : decode(value)
        if (inner === null) result[outer] = mapped
        else (result[outer] as Record<string, unknown>)[inner] = mapped
      }
      return result as SelectResultFields<S>
    },
  }
}
