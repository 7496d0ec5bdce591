/**
 * Raw rows (a select's `.values()`) mapped to the objects Drizzle's `.all()` gives, with the
 * decoders looked up once per selection instead of Drizzle's kind checks on every cell (a
 * fifth of a list request's time, ADR 9). For selections of tables and columns, nested one
 * level, over inner joins (a left join's all-null object is not turned into null here) and
 * without blob columns (Drizzle's libSQL driver turns those into Buffers).
 * tests/integration/rows.test.ts holds each list selection to Drizzle's own mapping.
 */
import { Column, getTableColumns, is, Table } from 'drizzle-orm'

type Selection = Record<string, Column | Table | Record<string, Column>>

interface Cell {
  outer: string
  inner: string | null
  column: Column
}

/** The cells of a selection in the order Drizzle selects them. */
function cells(selection: Selection): Cell[] {
  return Object.entries(selection).flatMap(([outer, field]): Cell[] => {
    if (is(field, Column)) return [{ outer, inner: null, column: field }]
    const columns: Record<string, unknown> = is(field, Table) ? getTableColumns(field) : field
    return Object.entries(columns).map(([inner, column]) => {
      if (!is(column, Column)) throw new Error(`rowMapper: ${outer}.${inner} is not a column`)
      return { outer, inner, column }
    })
  })
}

export function rowMapper<T>(selection: Selection): (row: ArrayLike<unknown>) => T {
  const list = cells(selection)
  const nested = [...new Set(list.filter((c) => c.inner !== null).map((c) => c.outer))]
  return (row) => {
    const result: Record<string, unknown> = {}
    for (const outer of nested) result[outer] = {}
    for (let i = 0; i < list.length; i++) {
      const { outer, inner, column } = list[i]!
      const raw = row[i]
      const value = raw === null ? null : column.mapFromDriverValue(raw)
      if (inner === null) result[outer] = value
      else (result[outer] as Record<string, unknown>)[inner] = value
    }
    return result as T
  }
}
