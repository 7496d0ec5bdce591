/**
 * The market's tables and collections have one writer: db/market (besides the seed and the bulk
 * loader, which fill an empty database), and so do the tables a visitor's request writes beside
 * trading.
 * Business code refuses with DomainError and never imports tRPC.
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

/** Statements that write one of `names` (a Drizzle table or its SQL name). */
const writesTo = (names: string[]) => [
  new RegExp(`\\.(insert|update|delete)\\(\\s*(${names.join('|')})\\b`, 'g'),
  new RegExp(`\\b(insert\\s+into|update|delete\\s+from)\\s+["\`]?(${names.join('|')})\\b`, 'gi'),
]
const WRITES = writesTo(MARKET_TABLES)

function writesOutside(files: string[], owners: RegExp[], patterns: RegExp[]): string[] {
  return files
    .filter((file) => !owners.some((owner) => owner.test(relative('.', file))))
    .flatMap((file) => {
      const text = readFileSync(join(ROOT, file), 'utf8')
      return patterns.flatMap((pattern) => [...text.matchAll(pattern)].map((m) => `${file}: ${m[0]}`))
    })
}

describe('writes to the market tables', () => {
  const files = ['server', 'chain', 'db', 'app', 'scripts'].flatMap(sources)

  it('finds the files it checks', () => {
    expect(files).toContain('server/trading/orders.ts')
    expect(files).toContain('chain/indexer/index.ts')
  })

  it('come from db/market only (and the seed and bulk loader)', () => {
    expect(writesOutside(files, OWNERS, WRITES)).toEqual([])
  })

  it('the check sees a write where there is one', () => {
    const text = readFileSync(join(ROOT, 'db/market/orders.ts'), 'utf8')
    expect(WRITES.some((pattern) => [...text.matchAll(pattern)].length > 0)).toBe(true)
  })
})

describe('writes to profiles, sessions, contact messages and newsletter sign-ups', () => {
  const files = ['server', 'chain', 'db', 'app', 'scripts'].flatMap(sources)
  const VISITOR_WRITES = writesTo([
    'users',
    'contactMessages',
    'contact_messages',
    'newsletterSubscribers',
    'newsletter_subscribers',
  ])
  it('come from db/market only (and the seed and bulk loader), the dev world’s profiles included', () => {
    expect(writesOutside(files, OWNERS, VISITOR_WRITES)).toEqual([])
  })

  it('the check sees a write where there is one', () => {
    const text = readFileSync(join(ROOT, 'db/market/users.ts'), 'utf8')
    expect(VISITOR_WRITES.some((pattern) => [...text.matchAll(pattern)].length > 0)).toBe(true)
  })
})

describe('writes to collections', () => {
  const files = ['server', 'chain', 'db', 'app', 'scripts'].flatMap(sources)
  const COLLECTION_WRITES = writesTo(['collections'])
  it('come from db/market only (and the seed and bulk loader): registering, importing, seeding the dev world, indexing, stats', () => {
    expect(writesOutside(files, OWNERS, COLLECTION_WRITES)).toEqual([])
  })

  it('the check sees a write where there is one', () => {
    for (const file of ['db/market/collections.ts', 'db/market/stats.ts']) {
      const text = readFileSync(join(ROOT, file), 'utf8')
      expect(
        COLLECTION_WRITES.some((pattern) => [...text.matchAll(pattern)].length > 0),
        file,
      ).toBe(true)
    }
  })
})

describe('writes outside db/market', () => {
  const files = ['server', 'chain', 'db', 'app', 'scripts'].flatMap(sources)
  // ADR 12 names these and why they stay with their own module: sign-in nonces, rate-limit
  // windows, the purge outbox's drain and the indexer's leases are the site's plumbing, not the market.
  const PLUMBING = ['siweNonces', 'rateLimits', 'cachePurges', 'leases']
  const ANY_WRITE = /\b(db|tx)\s*\.(insert|update|delete)\(\s*(\w+)/g

  const writes = () =>
    files
      .filter((file) => !OWNERS.some((owner) => owner.test(file)))
      .flatMap((file) =>
        [...readFileSync(join(ROOT, file), 'utf8').matchAll(ANY_WRITE)].map((m) => ({ file, table: m[3]! })),
      )

  it('write only the plumbing tables ADR 12 names', () => {
    expect(writes().filter((w) => !PLUMBING.includes(w.table))).toEqual([])
  })

  it('the check sees the plumbing writes it allows', () => {
    const tables = new Set(writes().map((w) => w.table))
    for (const table of PLUMBING) expect(tables, table).toContain(table)
  })
})

describe('business code', () => {
  const files = ['server/queries', 'server/trading', 'server/create', 'server/import', 'db/market'].flatMap(sources)

  it('imports no transport: neither @trpc/server nor the tRPC inputs', () => {
    const found = files.filter((file) => {
      const text = readFileSync(join(ROOT, file), 'utf8')
      return /from '@trpc\/server|from '[./]*\/trpc\/|TRPCError/.test(text)
    })
    expect(found).toEqual([])
  })
})
