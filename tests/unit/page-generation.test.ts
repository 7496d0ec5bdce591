import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = join(import.meta.dirname, '..', '..')

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = `${dir}/${name}`
    if (statSync(join(ROOT, path)).isDirectory()) return sources(path)
    return /\.tsx?$/.test(name) ? [path] : []
  })
}

describe('the pages change with every market write (ADR 17)', () => {
  it('nothing outside db/market takes a write from one of its files: the index wraps them to move the generation', () => {
    const direct = ['server', 'chain', 'scripts', 'app', 'bench'].flatMap(sources).filter((file) => {
      const text = readFileSync(join(ROOT, file), 'utf8')
      // A value import from db/market/<file>; type-only imports change nothing.
      return /import\s+(?!type\b)[^;]*?from\s+'[./]*db\/market\/[\w-]+'/.test(text)
    })
    expect(direct).toEqual([])
  })

  it('the check finds such an import', () => {
    const text = "import {\n  applyTokenMetadata,\n} from '../../db/market/metadata'"
    expect(/import\s+(?!type\b)[^;]*?from\s+'[./]*db\/market\/[\w-]+'/.test(text)).toBe(true)
    expect(
      /import\s+(?!type\b)[^;]*?from\s+'[./]*db\/market\/[\w-]+'/.test(
        "import type { Db } from '../db/market/transaction'",
      ),
    ).toBe(false)
  })
})
