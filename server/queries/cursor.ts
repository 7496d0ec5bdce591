import { sql } from 'drizzle-orm'
import { DomainError } from '../../db/errors'
import { placeholder } from './prepared'

/**
 * Keyset cursors: the sort value (a number: a price or volume key, a time in ms) and id of the
 * last row of a page, tagged with the ordering they belong to, as base64url JSON. Opaque to
 * clients; a tampered or foreign cursor is a 400.
 */
export function encodeCursor(order: string, key: number, id: number): string {
  return toBase64Url([order, key, id])
}

function decodeCursor(cursor: string | undefined, order: string): { key: number; id: number } | null {
  const row = readCursor(cursor, order, (key, last) => Number.isFinite(key) && Number.isSafeInteger(last))
  return row && { key: row[1], id: row[2] as number }
}

/** JSON as base64url of its UTF-8 bytes (a text cursor may hold any character). */
function toBase64Url(value: unknown): string {
  const bytes = new TextEncoder().encode(JSON.stringify(value))
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
}

/**
 * A cursor's `[order, key, last]`, null without one; a 400 when it is not one of `order`'s
 * (malformed, a key or last value `valid` refuses, or another list's).
 */
function readCursor(
  cursor: string | undefined,
  order: string,
  valid: (key: number, last: unknown) => boolean,
): [string, number, unknown] | null {
  if (cursor === undefined || cursor === '') return null
  let parsed: unknown
  try {
    const binary = atob(cursor.replace(/-/g, '+').replace(/_/g, '/'))
    parsed = JSON.parse(
      new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))),
    )
  } catch {
    throw badCursor('is malformed')
  }
  if (
    !Array.isArray(parsed) ||
    parsed.length !== 3 ||
    typeof parsed[0] !== 'string' ||
    typeof parsed[1] !== 'number' ||
    !valid(parsed[1], parsed[2])
  ) {
    throw badCursor('is malformed')
  }
  if (parsed[0] !== order) throw badCursor('belongs to another list or sort; start again without it')
  return parsed as [string, number, unknown]
}

function badCursor(problem: string): DomainError {
  return new DomainError('bad_request', `cursor: ${problem}`)
}

/**
 * The keyset placeholders of a page query: `afterKey`/`afterId` of the cursor's row (unset
 * without a cursor) and `limit`, one row more than the page shows (to know there is a next).
 */
export function keysetValues(cursor: string | undefined, order: string, limit: number) {
  const after = decodeCursor(cursor, order)
  return { afterKey: after?.key, afterId: after?.id, limit: limit + 1 }
}

/** `(afterKey, afterId)`: the cursor's row as a row value, to compare `(key, id)` with. */
export const afterCursor = () => sql`(${placeholder('afterKey')}, ${placeholder('afterId')})`

/**
 * A page read with one row more than it shows (see keysetValues): the rows to show, and the
 * last of them when another page follows (the row its next cursor points after).
 */
export function splitPage<T>(rows: T[], limit: number): { page: T[]; last: T | undefined } {
  const page = rows.slice(0, limit)
  return { page, last: rows.length > limit ? page.at(-1) : undefined }
}

/** A sort key as a cursor holds it: a number (a REAL key, or a time in ms). Lists never sort on a null. */
export function cursorKey(key: number | Date | null): number {
  if (key === null) throw new Error('cursorKey: a page ended on a row without a sort key')
  return key instanceof Date ? key.getTime() : key
}

/**
 * A keyset cursor whose row is a count and a text (a trait's type or value): the same base64url
 * JSON, tagged with its list.
 */
export function encodeTextCursor(order: string, key: number, text: string): string {
  return toBase64Url([order, key, text])
}

export function decodeTextCursor(cursor: string | undefined, order: string): { key: number; text: string } | null {
  const row = readCursor(cursor, order, (key, last) => Number.isSafeInteger(key) && typeof last === 'string')
  return row && { key: row[1], text: row[2] as string }
}
