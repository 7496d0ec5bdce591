/**
 * prefixRange: the range of a case-insensitive (NOCASE) name index that holds exactly the names
 * starting with a short query, checked against SQLite itself.
 */
import Database from 'libsql'
import { describe, expect, it } from 'vitest'
import { prefixRange } from '../../server/queries/search'

const names = [
  'Neon',
  'neon',
  'NEB',
  'Ne',
  'N',
  'Nf',
  '@home',
  'Atlas',
  'atlas',
  '[bracket',
  '_under',
  '`tick',
  'Épique',
  'épique',
  'Zed',
  'zz',
  '{brace',
  '\uD7FFx',
  '\uE000y',
  '\u{10FFFF}end',
  '100 Club',
]
const foldAscii = (text: string) => text.replace(/[A-Z]/g, (letter) => letter.toLowerCase())

describe('prefixRange', () => {
  const db = new Database(':memory:')
  db.exec('CREATE TABLE t (name TEXT); CREATE INDEX t_name ON t (name COLLATE NOCASE)')
  const insert = db.prepare('INSERT INTO t (name) VALUES (?)')
  for (const name of names) insert.run(name)
  const select = db.prepare(
    'SELECT name FROM t WHERE name COLLATE NOCASE >= ? AND name COLLATE NOCASE < ? ORDER BY name COLLATE NOCASE, rowid',
  )

  it.each(['ne', 'NE', ' Ne ', 'n', '@', 'a', 'É', 'é', 'z', 'Z', '_', '[', '`', '1', '\uD7FF', '\u{10FFFF}'])(
    '%j finds exactly the names that start with it, ASCII letters in any case',
    (query) => {
      const { low, high } = prefixRange(query)
      const found = (select.all(low, high) as { name: string }[]).map((row) => row.name)
      const expected = names.filter((name) => foldAscii(name).startsWith(foldAscii(query.trim())))
      expect(found.toSorted()).toEqual(expected.toSorted())
    },
  )
})
