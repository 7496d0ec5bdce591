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
 * Two kinds of columns travel as plain columns after the JSON: REAL values (SQLite's JSON
 * writes 15 significant digits, and sort keys go into cursors) and JSON-mode text (inside the
 * array SQLite would escape every quote of it and JSON.parse unescape them; embedded with
 * `json(…)`, SQLite would parse and rewrite each one, which costs more). Integer columns must
 * hold values JavaScript numbers hold exactly (ids, counts, times in ms, flags), as everywhere
 * in this schema; a larger one is refused with a RangeError, as @libsql/client does. Blob
 * columns are refused. For selections of tables and columns nested one level, over inner
 * joins; the row type is the one Drizzle gives the same selection.
 */
import { Column, getTableColumns, is, sql, Table, type SQL } from 'drizzle-orm'
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types'
import { SQLiteTextJson, type SQLiteColumn } from 'drizzle-orm/sqlite-core'

type Selection = Record<string, Column | Table | Record<string, Column>>

interface Found {
  outer: string
  inner: string | null
  /** `outer.inner`, for messages. */
  name: string
  column: Column
}

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
  /** What to select (`db.select(reader.select)`): the row's JSON array, then its plain columns. */
  select: Record<string, SQL | SQLiteColumn>
  /** One raw row of that select (`.values()`), as Drizzle's `.all()` would give it. */
  map: (raw: ArrayLike<unknown>) => T
}

/** Where a cell's value comes from and how it becomes what Drizzle gives. */
interface Read {
  /** The index in the JSON array, or (plain) in the raw row. */
  index: number
  plain: boolean
  /** The column's decoder, when it is not Drizzle's identity. */
  decode: ((value: unknown) => unknown) | null
  /** An integer column's name, for the message refusing an inexact value. */
  integer: string | null
}

/** One key of the result: a column's value (keys null), or an object of a table's or group's columns. */
interface Field {
  key: string
  keys: string[] | null
  reads: Read[]
}

export function rowReader<S extends Selection>(selection: S): RowReader<SelectResultFields<S>> {
  const plainColumns: Record<string, SQLiteColumn> = {}
  const inJson: SQL[] = []
  const fields: Field[] = []
  for (const { outer, inner, name, column } of cells(selection)) {
    // REAL values and JSON-mode text travel as plain columns after the array, the rest in it.
    const plain = column.getSQLType() === 'real' || is(column, SQLiteTextJson)
    let index: number
    if (plain) {
      index = Object.keys(plainColumns).length + 1
      plainColumns[`plain${index}`] = column as SQLiteColumn
    } else {
      index = inJson.push(sql`${column}`) - 1
    }
    const read: Read = {
      index,
      plain,
      // Columns that keep Drizzle's default decoder (text, plain integers) take values as they are.
      decode:
        column.mapFromDriverValue === Column.prototype.mapFromDriverValue
          ? null
          : (value: unknown) => column.mapFromDriverValue(value),
      integer: column.getSQLType() === 'integer' ? name : null,
    }
    const last = fields.at(-1)
    if (inner !== null && last?.key === outer) {
      last.keys!.push(inner)
      last.reads.push(read)
    } else {
      fields.push({ key: outer, keys: inner === null ? null : [inner], reads: [read] })
    }
  }
  // Each row's objects are copies of these, which already have every key, filled in place:
  // for a 24-item NFT page that takes 56 µs where adding keys to empty objects took 97. Made by
  // Object.fromEntries: V8 copies such an object fast, while one filled key by key copies slowly.
  const withKeys = (keys: string[]) => Object.fromEntries(keys.map((key) => [key, null]))
  const top = withKeys(fields.map((field) => field.key))
  const templates = fields.map((field) => field.keys && withKeys(field.keys))
  return {
    select: { row: sql<string>`json_array(${sql.join(inJson, sql`, `)})`, ...plainColumns },
    map(raw) {
      const values = JSON.parse(raw[0] as string) as unknown[]
      const result: Record<string, unknown> = { ...top }
      for (let f = 0; f < fields.length; f++) {
        const { key, keys, reads } = fields[f]!
        if (keys === null) {
          result[key] = readValue(reads[0]!, raw, values)
          continue
        }
        const object: Record<string, unknown> = { ...templates[f] }
        for (let i = 0; i < keys.length; i++) object[keys[i]!] = readValue(reads[i]!, raw, values)
        result[key] = object
      }
      return result as SelectResultFields<S>
    },
  }
}

function readValue(read: Read, raw: ArrayLike<unknown>, values: unknown[]): unknown {
  const value = read.plain ? raw[read.index] : values[read.index]
  if (value === null) return value
  // JSON.parse rounds integers past 2^53 silently; @libsql/client refuses them, and so does this.
  if (read.integer !== null && !Number.isSafeInteger(value)) {
    throw new RangeError(
      `rowReader: ${read.integer} holds ${String(value)}, not an integer a JavaScript number holds exactly`,
    )
  }
  return read.decode === null ? value : read.decode(value)
}
