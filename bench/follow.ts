/**
 * `npm run bench:follow`: how soon the Workers build's API shows what clients other than the site
 * did, the chain followed by its CHAIN_FOLLOWER Durable Object (its default interval for the local
 * chain). The built Worker runs in workerd (`wrangler dev`) over a local sqld and anvil; 50 events:
 * listings posted over REST (signed by @opensea/seaport-js), fills and cancels by seaport-js, and
 * plain transfers by viem. Each is timed from its block's inclusion (the receipt; for a REST
 * listing, the POST) to the first API read that shows it, reads every 50 ms.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ItemType, Seaport } from '@opensea/seaport-js'
import { HDNodeWallet, JsonRpcProvider } from 'ethers'
import { erc721Abi } from 'viem'
import { startSqld, startWrangler } from '../scripts/processes'
import { DEVELOPMENT_FEE_RECIPIENT } from '../server/platform/env'
import { TEST_MNEMONIC, testAccount } from '../tests/support/chain'
import { CREATOR_FEE_BPS, startMarket } from '../tests/support/market'
import { TEST_AUTH_SECRET } from '../tests/support/runtime'
import { sessionCookie } from '../tests/support/session'
import { writeSection } from './lib'

const EVENTS = 50
const PUBLIC_URL = 'https://vitrine.example'
const dir = mkdtempSync(join(tmpdir(), 'vitrine-bench-follow-'))

console.log('building the Worker…')
const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build'], {
  env: { ...process.env, BUILD_TARGET: 'cloudflare', NODE_ENV: 'production' },
  stdio: 'ignore',
})
if (build.status !== 0) throw new Error('vite build failed')

const sqld = await startSqld(join(dir, 'sqld'))
const tokens = Array.from({ length: 16 }, (_, i) => BigInt(i + 1))
const m = await startMarket(tokens, { DATABASE_URL: sqld.url })
const worker = await startWrangler(
  {
    DATABASE_URL: sqld.url,
    AUTH_SECRET: TEST_AUTH_SECRET,
    PLATFORM_FEE_RECIPIENT: DEVELOPMENT_FEE_RECIPIENT,
    PUBLIC_URL,
    CHAINS: '31337',
    CHAIN_RPC_URL: m.chain.url,
  },
  { persistTo: join(dir, 'wrangler') },
)
const provider = new JsonRpcProvider(m.chain.url, 31337, { staticNetwork: true, pollingInterval: 50, cacheTimeout: -1 })
type SeaportSigner = ConstructorParameters<typeof Seaport>[0]
const seaportOf = (index: number) =>
  new Seaport(
    HDNodeWallet.fromPhrase(TEST_MNEMONIC, undefined, `m/44'/60'/0'/0/${index}`).connect(
      provider,
    ) as unknown as SeaportSigner,
    { overrides: { contractAddress: m.chain.contracts.seaport } },
  )

const latencies: Record<'listing (REST)' | 'fill (seaport-js)' | 'transfer (viem)' | 'cancel (seaport-js)', number[]> =
  { 'listing (REST)': [], 'fill (seaport-js)': [], 'transfer (viem)': [], 'cancel (seaport-js)': [] }
let measured = 0

async function item(tokenId: bigint) {
  const response = await fetch(`${worker.url}/api/v1/nfts/${m.nftId(tokenId)}`)
  return ((await response.json()) as { data: { owner: string; listings: { orderHash: string }[] } }).data
}

/** Reads the item every 50 ms from `since` until `shown` holds; the time it took. */
async function timeUntil(
  kind: keyof typeof latencies,
  since: number,
  tokenId: bigint,
  shown: (data: Awaited<ReturnType<typeof item>>) => boolean,
) {
  for (;;) {
    if (shown(await item(tokenId))) break
    if (Date.now() - since > 120_000) throw new Error(`${kind} of token ${tokenId}: not shown after 120 s`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  latencies[kind].push(Date.now() - since)
  measured++
}

/** A listing signed by seaport-js for account `index`, posted to the Worker's REST API; its order hash. */
async function listOverRest(index: number, tokenId: bigint) {
  const maker = testAccount(index)
  const { executeAllActions } = await seaportOf(index).createOrder(
    {
      offer: [{ itemType: ItemType.ERC721, token: m.contract, identifier: tokenId.toString() }],
      consideration: [{ amount: '1000000000000000000', recipient: maker.address }],
      fees: [
        { recipient: m.feeRecipient, basisPoints: m.runtime.env.platformFee.bps },
        { recipient: m.creator.address, basisPoints: CREATOR_FEE_BPS },
      ],
      endTime: (Math.floor(Date.now() / 1000) + 86_400).toString(),
    },
    maker.address,
  )
  const order = await executeAllActions()
  const posted = Date.now()
  const response = await fetch(`${worker.url}/api/v1/listings`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: PUBLIC_URL,
      cookie: await sessionCookie(maker.address.toLowerCase(), { secure: true }),
    },
    body: JSON.stringify({ chainId: 31337, order: order.parameters, signature: order.signature }),
  })
  if (response.status !== 201) throw new Error(`listing refused: ${response.status} ${await response.text()}`)
  const { orderHash } = ((await response.json()) as { data: { orderHash: string } }).data
  return { order, orderHash, posted }
}

try {
  // The follower is started by the Cron Trigger's handler, as `npm run preview` does at boot.
  await fetch(`${worker.url}/cdn-cgi/local/scheduled?cron=*+*+*+*+*`)
  const seller = 2
  const buyer = 3
  const holder = 4
  const full = () => measured >= EVENTS
  const ownedBy = (index: number) => (d: Awaited<ReturnType<typeof item>>) =>
    d.owner.toLowerCase() === testAccount(index).address.toLowerCase()
  for (const tokenId of tokens) {
    if (full()) break
    const listed = await listOverRest(seller, tokenId)
    const shows = (hash: string) => (d: Awaited<ReturnType<typeof item>>) =>
      d.listings.some((l) => l.orderHash === hash)
    await timeUntil('listing (REST)', listed.posted, tokenId, shows(listed.orderHash))

    if (full()) break
    const { executeAllActions: fill } = await seaportOf(buyer).fulfillOrder({
      order: listed.order,
      accountAddress: testAccount(buyer).address,
    })
    // anvil mines each transaction as it is sent: the block is in when the send returns.
    const filled = await fill()
    await timeUntil('fill (seaport-js)', Date.now(), tokenId, ownedBy(buyer))
    await filled.wait()

    if (full()) break
    await m.send(testAccount(buyer), {
      address: m.contract,
      abi: erc721Abi,
      functionName: 'transferFrom',
      args: [testAccount(buyer).address, testAccount(holder).address, tokenId],
    })
    await timeUntil('transfer (viem)', Date.now(), tokenId, ownedBy(holder))

    if (full()) break
    const relisted = await listOverRest(holder, tokenId)
    // Shown first (not timed), so that its going away is the cancel's doing.
    for (let tries = 0; !shows(relisted.orderHash)(await item(tokenId)); tries++) {
      if (tries > 200) throw new Error(`the listing of token ${tokenId} by its new holder is not shown`)
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    const cancelled = await seaportOf(holder)
      .cancelOrders([relisted.order.parameters], testAccount(holder).address)
      .transact()
    const since = Date.now()
    await timeUntil('cancel (seaport-js)', since, tokenId, (d) => !shows(relisted.orderHash)(d))
    await cancelled.wait()
  }

  const all = Object.values(latencies).flat()
  const onChain = [
    ...latencies['fill (seaport-js)'],
    ...latencies['transfer (viem)'],
    ...latencies['cancel (seaport-js)'],
  ]
  const pct = (values: number[], p: number) => {
    const sorted = [...values].sort((a, b) => a - b)
    return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
  }
  const row = (name: string, values: number[]) =>
    `| ${name} | ${values.length} | ${pct(values, 50)} | ${pct(values, 95)} | ${Math.max(...values)} |`
  const table = [
    '| events | n | p50 ms | p95 ms | max ms |',
    '| --- | ---: | ---: | ---: | ---: |',
    ...Object.entries(latencies).map(([name, values]) => row(name, values)),
    row('on chain (fill, transfer, cancel)', onChain),
    row('**all**', all),
  ].join('\n')
  console.log(table)
  writeSection(
    'follow',
    `## Chain to API on the Workers build (2026-11-26)

\`npm run bench:follow\`: the built Worker in workerd (\`wrangler dev\`) over a local sqld and anvil,
the chain followed by its CHAIN_FOLLOWER Durable Object at the local chain's default interval
(1 s). ${all.length} events made by clients other than the site, each timed from its block's
inclusion (for a REST listing, from the POST) to the first read of \`/api/v1/nfts/{id}\` that shows
it, read every 50 ms. Target: p95 ≤ 3 s. ${pct(all, 95) <= 3_000 && pct(onChain, 95) <= 3_000 ? 'Met.' : 'Not met.'}

${table}

The baseline, the Cron Trigger once a minute: a chain event waited for the next minute, so up to
60 s (about 30 s on average), and a listing over REST was shown at once as it is now (it is a
database write, not a chain event).`,
  )
} finally {
  provider.destroy()
  await Promise.all([worker.stop(), m.stop()])
  await sqld.stop()
  rmSync(dir, { recursive: true, force: true })
}
