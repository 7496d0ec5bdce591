/**
 * One imported contract's cost falls on itself alone. An ERC-1155 whose TransferSingle says a
 * wallet sent what it never held is paused with its reason (on its page, and told to whoever added
 * it) while the round goes on: another collection's transfer reaches the API in that very round.
 * Anvil, Seaport 1.6, the server's own indexer and REST API.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chainCursors, collections, notifications } from '../../db/schema'
import { testAccount } from '../support/chain'
import { deployForeignArt721 } from '../support/foreign'
import { deployHostile1155 } from '../support/hostile'
import { startMarket } from '../support/market'

const holder = testAccount(5)
const friend = testAccount(6)
const victim = testAccount(8)
const attacker = testAccount(9)

let m: Awaited<ReturnType<typeof startMarket>>
beforeAll(async () => {
  m = await startMarket([1n])
}, 60_000)
afterAll(() => m.stop())

const collectionOf = async (contract: string) =>
  (await m.runtime.db.select().from(collections).where(eq(collections.contract, contract.toLowerCase())))[0]!

interface Item {
  owner: string
}
const itemOwner = async (contract: string, tokenId: bigint) =>
  ((await m.api(`/v1/nfts/31337/${contract}/${tokenId}`)).body.data as unknown as Item | undefined)?.owner

describe('an imported ERC-1155 whose events contradict themselves', () => {
  it('is paused with its reason, and the round indexes everyone else', async () => {
    const art = await deployForeignArt721(m.chain.url)
    await art.mint(holder.address, 1n, 1n)
    const hostile = await deployHostile1155(m.chain.url, attacker)
    await hostile.mint(holder.address, 1n, 5n)
    await m.importCollection(art.address, holder)
    await m.importCollection(hostile.address, attacker)
    await m.index()
    expect((await collectionOf(art.address)).indexStatus).toBe('following')
    expect((await collectionOf(hostile.address)).indexStatus).toBe('following')

    // The victim never held token 1; the contract says they sent 3 of it to the attacker.
    await hostile.forgeSingle(victim.address, attacker.address, 1n, 3n)
    await art.transfer(holder, friend.address, 1n)
    const head = await m.chain.client.getBlockNumber({ cacheTime: 0 })

    await m.index()

    // The chain's cursor moved past both, and the other collection's transfer is in.
    const [cursor] = await m.runtime.db.select().from(chainCursors).where(eq(chainCursors.chainId, 31337))
    expect(BigInt(cursor!.block)).toBeGreaterThanOrEqual(head)
    expect((await itemOwner(art.address, 1n))?.toLowerCase()).toBe(friend.address.toLowerCase())

    // The liar is paused with its reason, which its page shows, and what it held stays as it was.
    const paused = await collectionOf(hostile.address)
    expect(paused.indexStatus).toBe('paused')
    expect(paused.indexError).toMatch(/contradict themselves: they say .* sent 3 of token 1 while holding 0/i)
    const page = (await m.api(`/v1/collections/${paused.slug}`)).body.data as unknown as {
      indexing: { status: string; error: string }
    }
    expect(page.indexing).toMatchObject({ status: 'paused', error: paused.indexError })
    expect(BigInt(paused.indexedBlock!)).toBeLessThan(head)
    // Whoever added it is told.
    const told = await m.runtime.db
      .select()
      .from(notifications)
      .where(eq(notifications.recipient, attacker.address.toLowerCase()))
    expect(told.map((n) => n.kind)).toContain('import_failed')

    // Later rounds go on too: the next transfer elsewhere is indexed as well.
    await art.transfer(friend, holder.address, 1n)
    await m.index()
    expect((await itemOwner(art.address, 1n))?.toLowerCase()).toBe(holder.address.toLowerCase())
  })
})
