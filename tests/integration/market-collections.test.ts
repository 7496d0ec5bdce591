/**
 * New collections are written by the market module: each gets the first slug of its name no other
 * collection holds, a contract registered twice is refused, and a new one retires cached pages.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DomainError, isUniqueViolation } from '../../db/errors'
import {
  recordCreatedCollection,
  recordImportedCollection,
  type CreatedCollection,
  type ImportedCollectionRecord,
} from '../../db/market'
import { cachePurges, collections } from '../../db/schema'
import { createTestRuntime } from '../support/runtime'

let runtime: Awaited<ReturnType<typeof createTestRuntime>>
beforeAll(async () => {
  runtime = await createTestRuntime()
})
afterAll(() => runtime.close())

const CREATOR = '0x00000000000000000000000000000000000000a1'
const contract = (hex: string) => `0x${hex.padEnd(40, '0')}`

const created = (over: Partial<CreatedCollection>): CreatedCollection => ({
  chainId: 31337,
  contract: contract('c0'),
  name: 'Salt Marsh',
  description: 'Tidal prints',
  category: 'art',
  creator: CREATOR,
  creatorFeeBps: 500,
  ...over,
})

const imported = (over: Partial<ImportedCollectionRecord>): ImportedCollectionRecord => ({
  chainId: 31337,
  contract: contract('d0'),
  name: 'Salt Marsh',
  category: 'collectibles',
  creator: CREATOR,
  creatorFeeBps: 0,
  standard: 'erc1155',
  symbol: 'SALT',
  contractOwner: CREATOR,
  contractUri: null,
  royaltySource: 'none',
  lookalikeOf: null,
  deployBlock: 1,
  headBlock: 10,
  importedBy: CREATOR,
  ...over,
})

describe('a new collection', () => {
  it('takes its name as slug, then with its contract, then with its chain and whole address', async () => {
    await runtime.db.delete(cachePurges)
    const first = await recordCreatedCollection(runtime.db, created({ contract: contract('abcdef01') }))
    expect(first.slug).toBe('salt-marsh')
    // Its page (by id and by slug) and the lists that show it are purged from the edge cache.
    const purging = (await runtime.db.select({ tag: cachePurges.tag }).from(cachePurges)).map((row) => row.tag)
    expect(purging.sort()).toEqual(['collection-salt-marsh', `collection-${first.id}`, 'lists'].sort())

    const second = await recordImportedCollection(runtime.db, imported({ contract: contract('abcdef02') }))
    expect(second.slug).toBe('salt-marsh-abcdef')
    const third = await recordImportedCollection(runtime.db, imported({ contract: contract('abcdef03') }))
    expect(third.slug).toBe(`salt-marsh-31337-${'abcdef03'.padEnd(40, '0')}`)

    const [row] = await runtime.db.select().from(collections).where(eq(collections.slug, second.slug))
    expect(row).toMatchObject({
      source: 'imported',
      verified: false,
      indexStatus: 'pending',
      standard: 'erc1155',
      logoUrl: expect.stringContaining('salt-marsh-abcdef'),
    })
  })

  it('drops accents from its slug', async () => {
    const { slug } = await recordCreatedCollection(runtime.db, created({ name: 'Café Noir', contract: contract('ca') }))
    expect(slug).toBe('cafe-noir')
  })

  it('is refused, writing nothing, when its contract is registered already', async () => {
    const count = async () => (await runtime.db.select({ id: collections.id }).from(collections)).length
    const rows = await count()
    const again = recordCreatedCollection(runtime.db, created({ name: 'Other', contract: contract('abcdef01') }))
    await expect(again).rejects.toBeInstanceOf(DomainError)
    await expect(again).rejects.toMatchObject({
      code: 'conflict',
      message: 'contract: already registered as salt-marsh',
    })
    expect(await count()).toBe(rows)
  })

  it('imported a second time fails on the unique index, for the importer to answer the first', async () => {
    const error = await recordImportedCollection(runtime.db, imported({ contract: contract('abcdef02') })).catch(
      (e: unknown) => e,
    )
    expect(isUniqueViolation(error)).toBe(true)
  })
})
