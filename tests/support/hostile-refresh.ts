/**
 * A hostile collection for refresh tests and the bench: an ERC-721 of `tokens` tokens on a local
 * chain whose token URIs point at a local server answering, for each token, `traits` trait types
 * of its own (no other token shares them), imported and every token due for its metadata, as the
 * indexer leaves them after one `BatchMetadataUpdate(1, tokens)`.
 *
 *   const hostile = await startHostileRefresh({ tokens: 5_000, traits: 22 })
 *   const runtime = await createTestRuntime({ CHAIN_RPC_URL: hostile.chain.url, FETCH_ALLOW_HOSTS: hostile.host })
 *   await hostile.importInto(runtime.db)
 */
import type { Database } from '../../db/client'
import { chainCursors, collections, nfts } from '../../db/schema'
import { startTestChain, testAccount } from './chain'
import { deployForeignPlain721 } from './foreign'
import { startHttpServer } from './http-server'

const HOLDER = testAccount(1).address.toLowerCase()
/** Mints per transaction: a block's gas holds a few hundred. */
const MINT_CHUNK = 400n

/** The document token `id` answers: `traits` trait types named after the token itself. */
export const hostileDocument = (id: number, traits: number) =>
  JSON.stringify({
    name: `Hostile #${id}`,
    description: 'Every trait its own.',
    attributes: Array.from({ length: traits }, (_, k) => ({ trait_type: `t${id}-${k}`, value: `v${id}-${k}` })),
  })

export async function startHostileRefresh({ tokens, traits }: { tokens: number; traits: number }) {
  const chain = await startTestChain()
  const web = await startHttpServer((req, res) => {
    const id = Number(/^\/meta\/(\d+)$/.exec(req.url ?? '')?.[1])
    if (!id || id > tokens) return res.writeHead(404).end()
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(hostileDocument(id, traits))
  })
  const contract = await deployForeignPlain721(chain.url, { baseURI: `${web.origin}/meta/` })
  for (let first = 1n; first <= BigInt(tokens); first += MINT_CHUNK) {
    const left = BigInt(tokens) - first + 1n
    await contract.mint(HOLDER as `0x${string}`, first, left < MINT_CHUNK ? left : MINT_CHUNK)
  }
  return {
    chain,
    web,
    /** FETCH_ALLOW_HOSTS for the runtime that reads the documents. */
    host: web.host,
    contract: contract.address.toLowerCase(),
    /** The collection's row and its tokens' rows, every token due now; answers the collection's id. */
    async importInto(db: Database, slug = 'hostile-refresh'): Promise<number> {
      // Its mints are indexed already: the indexer's rounds from here on are the refresh alone.
      const head = Number(await chain.client.getBlockNumber())
      const now = new Date()
      await db
        .insert(chainCursors)
        .values({ chainId: 31337, block: head, updatedAt: now })
        .onConflictDoUpdate({ target: chainCursors.chainId, set: { block: head, updatedAt: now } })
      const [collection] = await db
        .insert(collections)
        .values({
          slug,
          chainId: 31337,
          contract: contract.address.toLowerCase(),
          name: 'Hostile Refresh',
          logoUrl: '',
          bannerUrl: '',
          category: 'art',
          creator: HOLDER,
          standard: 'erc721',
          source: 'imported',
          indexStatus: 'following',
          deployBlock: Number(contract.deployBlock),
          indexedBlock: head,
          headBlock: head,
        })
        .returning({ id: collections.id })
      for (let first = 1; first <= tokens; first += 500) {
        await db.insert(nfts).values(
          Array.from({ length: Math.min(500, tokens - first + 1) }, (_, i) => ({
            collectionId: collection!.id,
            chainId: 31337,
            contract: contract.address.toLowerCase(),
            tokenId: String(first + i),
            name: `#${first + i}`,
            image: `/api/art/nft/${slug}/${first + i}.svg`,
            owner: HOLDER,
            creator: HOLDER,
            category: 'art' as const,
            addDate: now,
            metadataStatus: 'pending' as const,
            metadataNextAttemptAt: now,
          })),
        )
      }
      return collection!.id
    },
    stop: () => Promise.all([chain.stop(), web.stop()]),
  }
}
