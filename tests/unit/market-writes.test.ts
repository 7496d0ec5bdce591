/**
 * The market's tables have one writer: db/market (besides the seed and the bulk loader, which
 * fill an empty database). Business code refuses with DomainError and never imports tRPC.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = join(import.meta.dirname, '../..')
const MARKET_TABLES = ['listings', 'offers', 'sales', 'activity', 'nfts', 'tokenBalances', 'token_balances']
const OWNERS = [/^db\/market\//, /^db\/seed\//, /^db\/bulk-load\.ts$/]

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(join(ROOT, path)).isDirectory()) return name === 'node_modules' ? [] : sources(path)
    return /\.tsx?$/.test(name) ? [path] : []
  })
}

const tables = MARKET_TABLES.join('|')
const WRITES = [
  new RegExp(`\\.(insert|update|delete)\\(\\s*(${tables})\\b`, 'g'),
  new RegExp(`\\b(insert\\s+into|update|delete\\s+from)\\s+["\`]?(${tables})\\b`, 'gi'),
]

describe('writes to the market tables', () => {
  const files = ['server', 'chain', 'db', 'app', 'scripts'].flatMap(sources)

  it('finds the files it checks', () => {
    expect(files).toContain('server/trading/orders.ts')
    expect(files).toContain('chain/indexer/index.ts')
  })

  it('come from db/market only (and the seed and bulk loader)', () => {
    const found = files
      .filter((file) => !OWNERS.some((owner) => owner.test(relative('.', file))))
      .flatMap((file) => {
        const text = readFileSync(join(ROOT, file), 'utf8')
        return WRITES.flatMap((pattern) => [...text.matchAll(pattern)].map((m) => `${file}: ${m[0]}`))
      })
    expect(found).toEqual([])
  })

  it('the check sees a write where there is one', () => {
    const text = readFileSync(join(ROOT, 'db/market/orders.ts'), 'utf8')
    expect(WRITES.some((pattern) => [...text.matchAll(pattern)].length > 0)).toBe(true)
  })
})

describe('business code', () => {
  const files = ['server/trading', 'server/create', 'db/market'].flatMap(sources)

  it('imports no transport: neither @trpc/server nor the tRPC inputs', () => {
    const found = files.filter((file) => {
      const text = readFileSync(join(ROOT, file), 'utf8')
      return /from '@trpc\/server|from '[./]*\/trpc\/|TRPCError/.test(text)
    })
    expect(found).toEqual([])
  })
})
