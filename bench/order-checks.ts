/**
 * `npm run bench:order-checks`: what checking whether open listings can be filled costs, the
 * indexer's way (chain/indexer/listings.ts: a page of 100 listings per Multicall3 call, at one
 * block) against one `eth_call` per listing, as the approvals were read before.
 *
 * anvil with the marketplace contracts and Multicall3; a plain ERC-721 minted to one holder, who
 * approves Seaport; that many listings of its tokens in a fresh database (rows only: a check reads
 * the maker, token and counter, not the signature). The RPC calls go through a counting proxy.
 *
 *   BENCH_ORDERS=1000   listings checked
 *   BENCH_RUNS=5        runs of each way (medians)
 */
import { cpus, loadavg } from 'node:os'
import { createPublicClient, erc721Abi, http, type Address } from 'viem'
import { recheckListings } from '../chain/indexer/listings'
import { deployMarketplace } from '../chain/local-contracts'
import { VIEM_CHAINS } from '../chain/viem-chains'
import { collections, listings, nfts } from '../db/schema'
import { startAnvil } from '../scripts/processes'
import { testAccount } from '../tests/support/chain'
import { startCountingRpc } from '../tests/support/counting-rpc'
import { deployForeignArt721, send } from '../tests/support/foreign'
import { createTestRuntime } from '../tests/support/runtime'
import { writeSection } from './lib'

const orders = Number(process.env.BENCH_ORDERS ?? 1_000)
const runs = Number(process.env.BENCH_RUNS ?? 5)
const MINT_BATCH = 500n

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!

async function main() {
  const node = await startAnvil()
  const runtime = await createTestRuntime()
  const rpc = await startCountingRpc(node.url)
  try {
    const { seaport } = await deployMarketplace(node.url)
    const holder = testAccount(3)
    const art = await deployForeignArt721(node.url, { owner: holder })
    for (let first = 1n; first <= BigInt(orders); first += MINT_BATCH) {
      const left = BigInt(orders) - first + 1n
      await art.mint(holder.address, first, left < MINT_BATCH ? left : MINT_BATCH)
    }
    await send(node.url, holder, {
      address: art.address,
      abi: erc721Abi,
      functionName: 'setApprovalForAll',
      args: [seaport, true],
    })

    const { db } = runtime
    const contract = art.address.toLowerCase()
    const maker = holder.address.toLowerCase()
    const [collection] = await db
      .insert(collections)
      .values({
        slug: 'bench-checks',
        chainId: 31337,
        contract,
        name: 'Bench checks',
        logoUrl: '',
        bannerUrl: '',
        category: 'art',
        creator: maker,
        source: 'imported',
      })
      .returning({ id: collections.id })
    const now = new Date()
    const ids: number[] = []
    for (let first = 1; first <= orders; first += 500) {
      const batch = Array.from({ length: Math.min(500, orders - first + 1) }, (_, i) => first + i)
      const rows = await db
        .insert(nfts)
        .values(
          batch.map((tokenId) => ({
            collectionId: collection!.id,
            chainId: 31337,
            contract,
            tokenId: String(tokenId),
            name: `#${tokenId}`,
            image: '',
            owner: maker,
            creator: maker,
            category: 'art' as const,
            addDate: now,
          })),
        )
        .returning({ id: nfts.id })
      await db.insert(listings).values(
        rows.map((row) => ({
          nftId: row.id,
          maker,
          kind: 'fixed' as const,
          priceWei: '1000000000000000000',
          startsAt: now,
          endsAt: new Date(now.getTime() + 86_400_000),
          counter: '0',
        })),
      )
      ids.push(...rows.map((row) => row.id))
    }

    const client = createPublicClient({ chain: VIEM_CHAINS[31337], transport: http(rpc.url) })
    const block = await client.getBlockNumber()
    const measure = async (check: () => Promise<unknown>) => {
      const times: number[] = []
      let calls = 0
      for (let run = 0; run < runs; run++) {
        rpc.reset()
        const started = performance.now()
        await check()
        times.push(performance.now() - started)
        calls = rpc.calls('eth_call')
      }
      return { ms: median(times), calls }
    }
    const batched = await measure(() =>
      recheckListings({ db, client, chainId: 31337, seaport, nftIds: ids, block, now: new Date(), sweep: false }),
    )
    const single = await measure(async () => {
      for (let tokenId = 1; tokenId <= orders; tokenId++) {
        await client.readContract({
          address: art.address as Address,
          abi: erc721Abi,
          functionName: 'isApprovedForAll',
          args: [holder.address, seaport],
          blockNumber: block,
        })
      }
    })

    const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU'
    const load = loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')
    writeSection(
      'order-checks',
      `## Checking ${orders.toLocaleString('en')} open listings (\`npm run bench:order-checks\`)

Measured ${new Date().toISOString().slice(0, 10)} on this shared machine, ${cpus().length} cores (${cpu}), load average
${load} at the end. anvil on the same machine (no network latency: on a public RPC each call
also pays a round trip, so the gap widens). Medians of ${runs} runs.

| way | RPC calls | time | per listing |
| --- | ---: | ---: | ---: |
| the indexer's check: holder, approval and counter, 100 listings per Multicall3 call, then the writes | ${batched.calls} | ${batched.ms.toFixed(0)} ms | ${((batched.ms * 1000) / orders).toFixed(0)} µs |
| one \`eth_call\` per listing (approval only), as before | ${single.calls} | ${single.ms.toFixed(0)} ms | ${((single.ms * 1000) / orders).toFixed(0)} µs |
`,
    )
    console.log({ batched, single })
  } finally {
    rpc.stop()
    runtime.close()
    await node.stop()
  }
}

await main()
