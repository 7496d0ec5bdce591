/**
 * An imported contract that names no owner has no creator: its rows keep the zero address, and
 * every answer says null (never the zero address, which is nobody's); a known creator is still
 * answered checksummed. REST and tRPC alike, and the answers still match openapi.json's shapes.
 */
import { getAddress, zeroAddress } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { nfts } from '../../db/schema'
import { app } from '../../server/app'
import { collectionPageShape, nftDetailShape } from '../../server/rest/shapes'
import { atomsCollection } from '../support/market-rows'
import { createTestRuntime } from '../support/runtime'

let runtime: Awaited<ReturnType<typeof createTestRuntime>>
let nftId: number
let slug: string
const KNOWN = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc'
let knownNftId: number
const get = async (path: string) => {
  const response = await app.request(`http://localhost:3000${path}`, {}, runtime)
  expect(response.status, path).toBe(200)
  return (await response.json()) as { data: Record<string, unknown> } & { result: { data: Record<string, unknown> } }
}

beforeAll(async () => {
  runtime = await createTestRuntime()
  const now = new Date()
  const { collection, token } = await atomsCollection(runtime.db, zeroAddress, now)
  slug = collection.slug
  const [row] = await runtime.db
    .insert(nfts)
    .values({ ...token('1'), owner: KNOWN })
    .returning()
  nftId = row!.id
  const [known] = await runtime.db
    .insert(nfts)
    .values({ ...token('2'), owner: KNOWN, creator: KNOWN })
    .returning()
  knownNftId = known!.id
})
afterAll(() => runtime.close())

describe('a creator nobody is', () => {
  it('is null in the REST item, the item by token, the lists and the collection', async () => {
    const item = (await get(`/api/v1/nfts/${nftId}`)).data
    expect(item.creator).toBeNull()
    expect(item.owner).toBe(getAddress(KNOWN))
    expect(nftDetailShape.safeParse(item).error).toBeUndefined()
    expect((await get(`/api/v1/nfts/31337/0x00000000000000000000000000000000000000cc/1`)).data.creator).toBeNull()
    const list = (await get('/api/v1/nfts?collection=atoms')).data as unknown as { id: number; creator: unknown }[]
    expect(list.find((n) => n.id === nftId)?.creator).toBeNull()
    expect(list.find((n) => n.id === knownNftId)?.creator).toBe(getAddress(KNOWN))

    const collection = (await get(`/api/v1/collections/${slug}`)).data
    expect(collection.creator).toBeNull()
    expect(collectionPageShape.safeParse(collection).error).toBeUndefined()
    expect(JSON.stringify(collection)).not.toContain(zeroAddress)
  })

  it('is null through tRPC too', async () => {
    const input = encodeURIComponent(JSON.stringify({ id: nftId }))
    expect((await get(`/api/trpc/nft.byId?input=${input}`)).result.data.creator).toBeNull()
    const bySlug = encodeURIComponent(JSON.stringify({ idOrSlug: slug }))
    expect((await get(`/api/trpc/collection.byIdOrSlug?input=${bySlug}`)).result.data.creator).toBeNull()
  })
})
