/**
 * `npx tsx bench/shared-list.ts`: what a shared list of n stolen items costs (ADR 48): the
 * document's bytes, signing and checking it (EIP-712 hashing of every entry, then recovering the
 * signer), and a first read on a subscriber that holds every listed token (one report each),
 * then a second read of the same list (nothing to do). Writes its section of bench/RESULTS.md.
 */
import { serve } from '@hono/node-server'
import type { AddressInfo } from 'node:net'
import { getAddress } from 'viem'
import { sharedListTypedData, type SharedList } from '../chain/shared-list'
import { nfts, reports } from '../db/schema'
import { checkDocument } from '../server/shared-lists/check'
import { refreshList, subscribe } from '../server/shared-lists/follow'
import { testAccount } from '../tests/support/chain'
import { atomsCollection } from '../tests/support/market-rows'
import { createTestRuntime } from '../tests/support/runtime'
import { writeSection } from './lib'

const signer = testAccount(0)
const ms = (start: number) => `${Math.round(performance.now() - start)} ms`

async function measure(n: number) {
  const now = Math.floor(Date.now() / 1000)
  const list: SharedList = {
    issuer: signer.address,
    origin: 'https://a.example',
    sequence: 1,
    issuedAt: now,
    expiresAt: now + 86_400,
    items: Array.from({ length: n }, (_, i) => ({
      chainId: 31337,
      contract: getAddress('0x00000000000000000000000000000000000000cc'),
      tokenId: String(i + 1),
      category: 'stolen' as const,
    })),
    collections: [],
  }
  let start = performance.now()
  const signature = await signer.signTypedData(sharedListTypedData(list))
  const sign = ms(start)
  const body = JSON.stringify({ list, signature })
  start = performance.now()
  await checkDocument({ list, signature })
  const check = ms(start)

  const runtime = await createTestRuntime({ OPERATORS: signer.address })
  const server = serve({
    fetch: () => new Response(body, { headers: { 'content-type': 'application/json' } }),
    port: 0,
    hostname: '127.0.0.1',
  })
  await new Promise((resolve) => server.once('listening', resolve))
  const { port } = server.address() as AddressInfo
  const subscriber = {
    ...runtime,
    env: { ...runtime.env, metadataFetch: { ...runtime.env.metadataFetch, allowHosts: [`127.0.0.1:${port}`] } },
  }
  try {
    const { token } = await atomsCollection(runtime.db, '0x00000000000000000000000000000000000000aa', new Date())
    for (let i = 0; i < n; i += 500) {
      await runtime.db
        .insert(nfts)
        .values(Array.from({ length: Math.min(500, n - i) }, (_, j) => token(String(i + j + 1))))
    }
    start = performance.now()
    const first = await subscribe(subscriber, signer.address, { url: `http://127.0.0.1:${port}/list`, trusted: false })
    const firstRead = ms(start)
    // A long list is acted on a part per read (APPLY_PER_READ): the reads that follow, until done.
    let reads = 1
    for (let more = first.more; more; reads++) more = (await refreshList(subscriber, first.id)).more
    const allRead = ms(start)
    start = performance.now()
    await refreshList(subscriber, first.id)
    const secondRead = ms(start)
    const filed = (await runtime.db.select({ id: reports.id }).from(reports)).length
    return { n, bytes: Buffer.byteLength(body), sign, check, firstRead, reads, allRead, filed, secondRead }
  } finally {
    await new Promise((resolve) => server.close(resolve))
    runtime.close()
  }
}

const rows = []
for (const n of [100, 1_000, 10_000]) rows.push(await measure(n))
const table = rows
  .map(
    (r) =>
      `| ${r.n.toLocaleString('en')} | ${(r.bytes / 1024).toFixed(0)} KiB | ${r.sign} | ${r.check} | ${r.firstRead} | ${r.reads}: ${r.allRead} (${r.filed.toLocaleString('en')} reports) | ${r.secondRead} |`,
  )
  .join('\n')
writeSection(
  'shared-list',
  `## A shared list of n stolen items (\`npx tsx bench/shared-list.ts\`, ${new Date().toISOString().slice(0, 10)})

Node ${process.version}, embedded libSQL. "first read" fetches the list from a local server, checks it, stores its
entries and files one report per listed token the subscriber holds (all of them here), at most 1,000 per read (200 a
transaction); the reads that follow (due within the minute) file the rest. "The same list again": fetched, checked
and compared, nothing filed.

| entries | document | sign | check | first read | reads until every entry is acted on: time | the same list again |
| --- | --- | --- | --- | --- | --- | --- |
${table}`,
)
console.log(table)
