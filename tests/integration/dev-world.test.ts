/**
 * The world `npm run dev` prepares (scripts/dev-world.ts, after the local market of
 * chain/local-market.ts): collections Vitrine did not write — an OpenZeppelin ERC-721 with
 * `ipfs://` token URIs, an ERC-1155 with `{id}` URIs, one with on-chain `data:` metadata, one
 * without EIP-2981 — imported by address, their metadata read through the local IPFS gateway
 * (files checked against their CIDs), part of them listed with Seaport orders a buyer can fill;
 * a short history of sales filled on chain between the dev accounts and read by the indexer;
 * a second start changes nothing; and nothing on offer is unbuyable without saying why.
 * With Vitrine's own collections it shows every feature of the site: every filter of the explore
 * page and of a collection page lists something (a collection in each category, an NSFW-flagged
 * token, a live auction with two bids, WETH offers, an ERC-1155 listing bought in part), and the
 * lazy mint, published through the create flow's code, is bought by redeeming its voucher.
 */
import { createHash } from 'node:crypto'
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { and, eq, inArray } from 'drizzle-orm'
import { erc1155Abi, erc20Abi, erc721Abi, getAddress, type Address, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seaportAbi } from '../../chain/artifacts/Seaport'
import { FOREIGN_COLLECTIONS, LOCAL_IPFS_DIR } from '../../chain/local-foreign'
import { vitrineCollectionAbi } from '../../chain/artifacts/VitrineCollection'
import { LOCAL_COLLECTIONS, seedLocalMarket, slugOf, syncLocalChain } from '../../chain/local-market'
import { LOCAL_CHAIN_ID } from '../../chain/marketplace'
import { voucherFromJson, type VoucherJson } from '../../chain/voucher'
import { ItemType, orderFromJson, orderParameters, partOf, type OrderJson } from '../../chain/seaport'
import { CATEGORIES, collections, listings, nftAttributes, nfts, offers } from '../../db/schema'
import { app } from '../../server/app'
import { createCaller } from '../../server/trpc/root'
import { createContext } from '../../server/trpc/init'
import { contentTypeOfKey } from '../../server/media/keys'
import { folderStore, type MediaStore } from '../../server/media/store'
import { sanitizeSvg } from '../../server/media/svg'
import { freePort } from '../../scripts/processes'
import { prepareDevWorld, startDevGateway, type DevWorldResult } from '../../scripts/dev-world'
import { DEV_HISTORY } from '../../scripts/dev-world-history'
import { DEV_LAZY_MINT } from '../../scripts/dev-world-lazy-mint'
import { indexConfiguredChains } from '../../server/trading/indexing'
import { CATEGORY_OPTIONS, FILTER_OPTIONS, SORT_OPTIONS, STATUS_OPTIONS, toListInput } from '../../app/lib/browse'
import type { IpfsGateway } from '../../scripts/ipfs-gateway'
import { startTestChain, testAccount } from '../support/chain'
import { createTestRuntime } from '../support/runtime'

let chain: Awaited<ReturnType<typeof startTestChain>>
let gateway: IpfsGateway
let runtime: Awaited<ReturnType<typeof createTestRuntime>> & { media: MediaStore }
let first: DevWorldResult
let mediaDir: string

beforeAll(async () => {
  chain = await startTestChain()
  gateway = await startDevGateway(await freePort())
  const base = await createTestRuntime({
    CHAIN_RPC_URL: chain.url,
    IPFS_GATEWAY: gateway.gatewayUrl,
    FETCH_ALLOW_HOSTS: gateway.host,
  })
  mediaDir = mkdtempSync(join(tmpdir(), 'vitrine-dev-world-media-'))
  runtime = { ...base, media: folderStore(mediaDir, contentTypeOfKey) }
  // What scripts/dev.ts does on a fresh clone: the default seed, the chain made to match it, the world.
  await seedLocalMarket(runtime.db, runtime.env.platformFee)
  await syncLocalChain(runtime.db, chain.url, runtime.env.platformFee, runtime.env.siteOrigins[0]!)
  first = await prepareDevWorld(runtime, { rpcUrl: chain.url })
}, 180_000)
afterAll(async () => {
  runtime?.close()
  if (mediaDir) rmSync(mediaDir, { recursive: true, force: true })
  await gateway?.stop()
  await chain?.stop()
})

const caller = () => createCaller(createContext({ request: new Request('http://localhost/'), runtime }))

async function importedRows() {
  return runtime.db.select().from(collections).where(eq(collections.source, 'imported'))
}

describe('the dev world', () => {
  it('imports one foreign collection of each kind, found on chain as a user would import it', async () => {
    expect(first.skipped).toEqual([])
    expect(first.lazyMinted).toBe(1)
    expect(first.imported).toBe(FOREIGN_COLLECTIONS.length)
    expect(first.sold).toBe(DEV_HISTORY.filter((step) => step.kind !== 'relist').length)
    const rows = await importedRows()
    const bySlug = new Map(rows.map((r) => [r.slug, r]))
    expect(bySlug.get('kiln-glazes')).toMatchObject({
      standard: 'erc721',
      royaltySource: 'eip2981',
      creatorFeeBps: 600,
    })
    expect(bySlug.get('tram-tokens')).toMatchObject({
      standard: 'erc1155',
      royaltySource: 'eip2981',
      creatorFeeBps: 300,
    })
    expect(bySlug.get('chain-hues')).toMatchObject({ standard: 'erc721', royaltySource: 'eip2981' })
    expect(bySlug.get('open-sketchbook')).toMatchObject({ standard: 'erc721', royaltySource: 'none', creatorFeeBps: 0 })
    for (const row of rows) {
      expect(row).toMatchObject({ verified: false, indexStatus: 'following', lookalikeOf: null })
      expect(row.deployBlock).toBeGreaterThan(0)
    }
    expect(bySlug.get('kiln-glazes')!.contractUri).toMatch(/^ipfs:\/\/bafy[a-z0-9]+\/contract\.json$/)
  })

  it('reads every token’s metadata: ipfs:// and {id} through the local gateway, data: from the contract', async () => {
    const rows = await importedRows()
    const tokens = await runtime.db
      .select()
      .from(nfts)
      .where(
        inArray(
          nfts.collectionId,
          rows.map((r) => r.id),
        ),
      )
    const expected = FOREIGN_COLLECTIONS.reduce((sum, c) => sum + new Set(c.holdings.map((h) => h.tokenId)).size, 0)
    expect(tokens).toHaveLength(expected)
    for (const token of tokens) {
      expect(token, `${token.name}: ${token.metadataError}`).toMatchObject({
        metadataStatus: 'ok',
        metadataError: null,
      })
      expect(token.name).not.toMatch(/^#\d+$/)
      expect(token.description.length).toBeGreaterThan(10)
    }
    const slugOf = new Map(rows.map((r) => [r.id, r.slug]))
    const of = (slug: string) => tokens.filter((t) => slugOf.get(t.collectionId) === slug)
    expect(of('kiln-glazes').find((t) => t.tokenId === '1')).toMatchObject({ name: 'Celadon Tile #1' })
    expect(of('tram-tokens').find((t) => t.tokenId === '3')).toMatchObject({ name: 'N2 · Night Owl' })
    expect(of('tram-tokens')[0]!.tokenUri).toMatch(/\/0{63}[1-4]\.json$/)
    expect(of('chain-hues').find((t) => t.tokenId === '2')).toMatchObject({ name: 'Chain Hues #2' })

    // Every picture was fetched (through the gateway, or from the data: URI the contract drew) and
    // stored by the media pipeline: PNG for the glazes, SVG elsewhere, the same bytes for the PNGs.
    for (const slug of ['kiln-glazes', 'tram-tokens', 'open-sketchbook', 'chain-hues']) {
      for (const token of of(slug)) {
        const png = slug === 'kiln-glazes'
        expect(token.image, `${token.name}`).toMatch(
          png ? /^\/api\/media\/[0-9a-f]{64}\.png$/ : /^\/api\/media\/[0-9a-f]{64}\.svg$/,
        )
        const stored = await runtime.media.get(token.image.slice('/api/media/'.length))
        expect(stored, token.image).toBeTruthy()
        if (png) {
          const file = readFileSync(join(LOCAL_IPFS_DIR, 'kiln-glazes/images', `${token.tokenId}.png`))
          expect(createHash('sha256').update(file).digest('hex')).toBe(token.image.slice(11, 75))
        }
      }
    }
    // The gateway serves the files by their CIDs with their types; SVGs pass the upload checker.
    const metadata = await fetch(of('tram-tokens')[0]!.tokenUri!.replace('ipfs://', gateway.gatewayUrl))
    expect(metadata.status).toBe(200)
    const document = (await metadata.json()) as { image: string }
    const picture = await fetch(document.image.replace('ipfs://', gateway.gatewayUrl))
    expect(picture.headers.get('content-type')).toBe('image/svg+xml')
    const svg = new Uint8Array(await picture.arrayBuffer())
    expect(() => sanitizeSvg(svg)).not.toThrow()

    // Traits feed the trait filters.
    const glaze = await runtime.db
      .select()
      .from(nftAttributes)
      .where(and(eq(nftAttributes.traitType, 'Glaze'), eq(nftAttributes.value, 'Celadon')))
    expect(glaze).toHaveLength(1)
  })

  it('trades a short history on chain whose sales, volumes and feed the indexer reads from Seaport’s OrderFulfilled', async () => {
    const fills = await chain.client.getContractEvents({
      address: chain.contracts.seaport,
      abi: seaportAbi,
      eventName: 'OrderFulfilled',
      fromBlock: 0n,
    })
    expect(fills).toHaveLength(first.sold)
    const rest = async <T>(path: string) => {
      const response = await app.request(`/api/v1${path}`, {}, runtime)
      expect(response.status, path).toBe(200)
      return (await response.json()) as T
    }
    type Price = { wei: string }
    type Event = { type: string; from: string; to: string; price: Price; txHash: string; nft: { id: number } }
    const { data: saleRows } = await rest<{ data: Event[] }>('/activity?type=sale&limit=100')
    expect(saleRows).toHaveLength(fills.length)

    // Each sale in the feed is one fill on chain: its parties and its price as Seaport paid them.
    let paid = 0n
    for (const { args, transactionHash } of fills) {
      const row = saleRows.find((r) => r.txHash === transactionHash)
      expect(row, transactionHash).toBeDefined()
      const accepted = args.offer![0]!.itemType === ItemType.ERC20 // an offer: its maker buys
      const price = accepted
        ? args.offer![0]!.amount
        : args.consideration!.filter((c) => c.itemType === ItemType.NATIVE).reduce((sum, c) => sum + c.amount, 0n)
      expect(row).toMatchObject({
        from: getAddress(accepted ? args.recipient! : args.offerer!),
        to: getAddress(accepted ? args.offerer! : args.recipient!),
        price: { wei: price.toString() },
      })
      paid += price
    }
    const pairs = (list: { from: string; to: string }[]) => list.map((p) => `${p.from}→${p.to}`).sort()
    const account = (index: number) => testAccount(index).address
    expect(pairs(saleRows)).toEqual(
      pairs(
        DEV_HISTORY.flatMap((step) =>
          step.kind === 'buy'
            ? [{ from: account(step.seller), to: account(step.buyer) }]
            : step.kind === 'offer'
              ? [{ from: account(step.holder), to: account(step.bidder) }]
              : [],
        ),
      ),
    )

    // Rankings and collection pages count them: every collection traded in has a volume, the sum is what was paid.
    type Ranked = { collection: { slug: string; name: string }; volume: Price }
    const { data: ranked } = await rest<{ data: Ranked[] }>('/rankings?chain=31337&period=24h&limit=50')
    const traded = new Set(DEV_HISTORY.filter((step) => step.kind !== 'relist').map((step) => step.collection))
    for (const name of traded) {
      const row = ranked.find((r) => r.collection.name === name)
      expect(BigInt(row?.volume.wei ?? 0), name).toBeGreaterThan(0n)
    }
    expect(ranked.reduce((sum, r) => sum + BigInt(r.volume.wei), 0n)).toBe(paid)
    const { data: kiln } = await rest<{ data: { stats: { volume24h: Price; sales: number } } }>(
      '/collections/kiln-glazes',
    )
    expect(BigInt(kiln.stats.volume24h.wei)).toBeGreaterThan(0n)
    expect(kiln.stats.sales).toBeGreaterThan(0)

    // The browser's trading test buys the cheapest buy-now listing: it is still one of Vitrine's ERC-721s.
    const { data: cheapest } = await rest<{ data: { contract: string; collection: { slug: string } }[] }>(
      '/nfts?chain=31337&status=buy-now&sort=price-asc&limit=1',
    )
    const [own] = await runtime.db.select().from(collections).where(eq(collections.slug, cheapest[0]!.collection.slug))
    expect(own).toMatchObject({ source: 'vitrine', standard: 'erc721' })

    // A token bought and listed again by its new owner has a history of several events.
    const relist = DEV_HISTORY.find((step) => step.kind === 'relist' && step.collection === 'Kiln Glazes')
    if (relist?.kind !== 'relist') throw new Error('the history relists a Kiln Glazes token')
    const relisted = saleRows.find((r) => r.to === account(relist.seller) && r.from === account(6))!
    const { data: events } = await rest<{ data: Event[] }>(`/activity?nft=${relisted.nft.id}&limit=20`)
    expect(events.map((e) => e.type).slice(0, 2)).toEqual(['list', 'sale'])
    expect(events.map((e) => e.type)).toContain('mint')
    expect(events[0]).toMatchObject({ from: account(relist.seller) })
  })

  it('lists part of them with signed orders that a buyer fills on chain, an ERC-721 whole and an ERC-1155 in part', async () => {
    const planned = FOREIGN_COLLECTIONS.reduce((sum, c) => sum + c.listings.length, 0)
    expect(first.listed).toBe(planned)
    // The history bought two of them whole and listed one of those again.
    const foreign = new Set(FOREIGN_COLLECTIONS.map((c) => c.name))
    const history = DEV_HISTORY.filter((step) => foreign.has(step.collection))
    const boughtWhole = history.filter((step) => step.kind === 'buy' && !step.units).length
    const relisted = history.filter((step) => step.kind === 'relist').length
    const open = await foreignListings()
    expect(open).toHaveLength(planned - boughtWhole + relisted)
    const buyer = chain.walletOf(testAccount(2))

    const glaze = open.find((l) => l.slug === 'kiln-glazes')!
    const order = orderFromJson(JSON.parse(glaze.orderJson!) as OrderJson)
    const price = order.consideration.reduce((sum, c) => sum + c.startAmount, 0n)
    const hash = await buyer.writeContract({
      address: chain.contracts.seaport,
      abi: seaportAbi,
      functionName: 'fulfillOrder',
      args: [{ parameters: orderParameters(order), signature: glaze.signature as Hex }, `0x${'0'.repeat(64)}`],
      value: price,
    })
    expect((await buyer.waitForTransactionReceipt({ hash })).status).toBe('success')
    const owner = await chain.client.readContract({
      address: glaze.contract as Address,
      abi: erc721Abi,
      functionName: 'ownerOf',
      args: [BigInt(glaze.tokenId)],
    })
    expect(owner).toBe(testAccount(2).address)

    const tram = open.find((l) => l.slug === 'tram-tokens')!
    const editions = orderFromJson(JSON.parse(tram.orderJson!) as OrderJson)
    const quantity = editions.offer[0]!.startAmount
    const total = editions.consideration.reduce((sum, c) => sum + c.startAmount, 0n)
    const bought = await buyer.writeContract({
      address: chain.contracts.seaport,
      abi: seaportAbi,
      functionName: 'fulfillAdvancedOrder',
      args: [
        {
          parameters: orderParameters(editions),
          ...partOf(1n, quantity),
          signature: tram.signature as Hex,
          extraData: '0x',
        },
        [],
        `0x${'0'.repeat(64)}`,
        testAccount(2).address,
      ],
      value: total / quantity,
    })
    expect((await buyer.waitForTransactionReceipt({ hash: bought })).status).toBe('success')
    const balance = await chain.client.readContract({
      address: tram.contract as Address,
      abi: erc1155Abi,
      functionName: 'balanceOf',
      args: [testAccount(2).address, BigInt(tram.tokenId)],
    })
    expect(balance).toBe(1n)
  })

  it('a second start sends no transaction, imports, lists or trades nothing again', async () => {
    const before = await counts()
    // The history left every bidder the WETH and allowance their open offers need.
    const sync = await syncLocalChain(runtime.db, chain.url, runtime.env.platformFee, runtime.env.siteOrigins[0]!)
    expect(sync.transactions).toBe(0)
    const again = await prepareDevWorld(runtime, { rpcUrl: chain.url })
    expect(again).toMatchObject({ transactions: 0, imported: 0, listed: 0, sold: 0, skipped: [] })
    expect(await counts()).toEqual(before)
  })

  it('nothing on offer is unbuyable without a stated reason: every listing is a signed order its maker can honour', async () => {
    const api = caller()
    const active = await runtime.db
      .select({ listing: listings, nft: nfts })
      .from(listings)
      .innerJoin(nfts, eq(nfts.id, listings.nftId))
      .where(eq(listings.status, 'active'))
    expect(active.length).toBeGreaterThan(10)
    for (const { listing, nft } of active) {
      const what = `${nft.name} (${nft.contract} #${nft.tokenId})`
      // Every item on offer is on the local chain, which this machine reaches and trades on.
      expect(nft.chainId, what).toBe(31337)
      const detail = await api.nft.byId({ id: nft.id })
      expect(detail.tradable, what).toBe(true)
      if (listing.kind === 'auction') {
        // An auction is bid on (its page says so and when it ends), not bought outright.
        expect(listing.endsAt.getTime(), what).toBeGreaterThan(Date.now())
        continue
      }
      if (listing.kind === 'voucher') {
        // A lazy mint: its creator still owns the contract, the token is not minted, the voucher stands.
        const { voucher, collection } = voucherFromJson(JSON.parse(listing.orderJson!) as VoucherJson)
        const contract = { address: collection, abi: vitrineCollectionAbi } as const
        const owner = await chain.client.readContract({ ...contract, functionName: 'owner' })
        expect(owner.toLowerCase(), what).toBe(listing.maker)
        const revoked = await chain.client.readContract({
          ...contract,
          functionName: 'voucherRevoked',
          args: [voucher.tokenId],
        })
        expect(revoked, what).toBe(false)
        expect(voucher.expiresAt * 1000n, what).toBeGreaterThan(BigInt(Date.now()))
        await expect(
          chain.client.readContract({
            address: collection,
            abi: erc721Abi,
            functionName: 'ownerOf',
            args: [voucher.tokenId],
          }),
          `${what}: not minted yet`,
        ).rejects.toThrow()
        continue
      }
      expect(listing.orderHash, what).toMatch(/^0x[0-9a-f]{64}$/)
      const maker = listing.maker as Address
      const token = { address: nft.contract as Address, id: BigInt(nft.tokenId) }
      const holds =
        detail.standard === 'erc1155'
          ? (await chain.client.readContract({
              address: token.address,
              abi: erc1155Abi,
              functionName: 'balanceOf',
              args: [maker, token.id],
            })) >=
            BigInt(listing.quantity) - BigInt(listing.filledQuantity)
          : (
              await chain.client.readContract({
                address: token.address,
                abi: erc721Abi,
                functionName: 'ownerOf',
                args: [token.id],
              })
            ).toLowerCase() === maker
      expect(holds, `${what}: its lister still holds it`).toBe(true)
      const approved = await chain.client.readContract({
        address: token.address,
        abi: erc721Abi,
        functionName: 'isApprovedForAll',
        args: [maker, chain.contracts.seaport],
      })
      expect(approved, `${what}: Seaport may transfer it`).toBe(true)
    }
  })

  it('refuses gateway files that no longer match the CIDs they are served under', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vitrine-local-ipfs-'))
    try {
      cpSync(LOCAL_IPFS_DIR, dir, { recursive: true })
      writeFileSync(join(dir, 'kiln-glazes/metadata/1'), '{"name":"Swapped"}')
      await expect(startDevGateway(0, dir)).rejects.toThrow(/kiln-glazes\/metadata: content does not match its CID/)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('the dev world shows every feature of the site', () => {
  const list = (input: Parameters<ReturnType<typeof caller>['nft']['list']>[0]) => caller().nft.list(input)

  it('every sort, filter, status and category of the explore page lists something', async () => {
    const choices = [
      ...SORT_OPTIONS.map((o) => ({ sort: o.value })),
      ...FILTER_OPTIONS.map((o) => ({ filter: o.value })),
      ...STATUS_OPTIONS.map((o) => ({ status: o.value })),
      ...CATEGORY_OPTIONS.map((o) => ({ category: o.value })),
      { minPrice: 0.1, maxPrice: 0.5 },
    ]
    expect(choices.length).toBe(4 + 3 + 3 + CATEGORIES.length + 1)
    for (const search of choices) {
      const { data } = await list(toListInput(search))
      expect(data.length, JSON.stringify(search)).toBeGreaterThan(0)
    }
  })

  it('every sort, filter and status of a collection page lists something (Harbour Tarot shows them all)', async () => {
    const collection = slugOf(DEV_LAZY_MINT.collection)
    const choices = [
      ...SORT_OPTIONS.map((o) => ({ sort: o.value })),
      ...FILTER_OPTIONS.map((o) => ({ filter: o.value })),
      ...STATUS_OPTIONS.map((o) => ({ status: o.value })),
      { minPrice: 0.1, maxPrice: 0.5 },
    ]
    for (const search of choices) {
      const { data } = await list(toListInput(search, { collection }))
      expect(data.length, `${collection} ${JSON.stringify(search)}`).toBeGreaterThan(0)
      for (const item of data) expect(item.collection.slug).toBe(collection)
    }
  })

  it('has Vitrine collections in every category, each with its tokens minted on chain', async () => {
    const rows = await runtime.db
      .select()
      .from(collections)
      .where(and(eq(collections.chainId, LOCAL_CHAIN_ID), eq(collections.source, 'vitrine')))
    expect(rows.map((r) => r.name).sort()).toEqual(LOCAL_COLLECTIONS.map((c) => c.name).sort())
    expect(new Set(rows.map((r) => r.category))).toEqual(new Set(CATEGORIES))
    for (const row of rows) {
      const planned = LOCAL_COLLECTIONS.find((c) => c.name === row.name)!
      // Its last token is minted (ownerOf reverts for a token that is not).
      const holder = await chain.client.readContract({
        address: row.contract as Address,
        abi: vitrineCollectionAbi,
        functionName: 'ownerOf',
        args: [BigInt(planned.tokens)],
      })
      expect(holder, row.name).toMatch(/^0x[0-9a-fA-F]{40}$/)
    }
  })

  it('hides the NSFW-flagged token until the visitor asks for it; NSFW Only lists it and nothing else', async () => {
    const flagged = await runtime.db.select({ id: nfts.id }).from(nfts).where(eq(nfts.nsfw, true))
    expect(flagged.length).toBeGreaterThan(0)
    const { data } = await list(toListInput({ filter: 'nsfw' }))
    expect(data.map((n) => n.id).sort()).toEqual(flagged.map((n) => n.id).sort())
    expect(data.every((n) => n.nsfw)).toBe(true)
    // Every list of the explore page without the filter, however sorted or narrowed, leaves it out.
    for (const sort of ['recently-added', 'price-asc', 'price-desc'] as const) {
      const { data: shown } = await list({ ...toListInput({ sort }), limit: 100 })
      expect(shown.length).toBeGreaterThan(0)
      expect(shown.filter((n) => n.nsfw)).toEqual([])
    }
  })

  it('has a live auction with several signed bids whose bidders hold and allow the WETH', async () => {
    const auctions = await runtime.db
      .select({ nftId: listings.nftId, endsAt: listings.endsAt, reserve: listings.priceWei })
      .from(listings)
      .where(and(eq(listings.kind, 'auction'), eq(listings.status, 'active')))
    const live = auctions.filter((a) => a.endsAt.getTime() > Date.now())
    expect(live.length).toBeGreaterThan(0)
    let most = 0
    for (const auction of live) {
      const bids = await runtime.db
        .select()
        .from(offers)
        .where(and(eq(offers.nftId, auction.nftId), eq(offers.status, 'active')))
      most = Math.max(most, bids.length)
      for (const bid of bids) {
        expect(BigInt(bid.priceWei)).toBeGreaterThan(BigInt(auction.reserve))
        await expectWethFor(bid.maker as Address, BigInt(bid.priceWei))
      }
    }
    expect(most).toBeGreaterThanOrEqual(2)
    const { data } = await list(toListInput({ sort: 'ending-soon' }))
    expect(data[0]!.auctionEndsAt).not.toBeNull()
  })

  it('has WETH offers on items, from bidders who hold and allow the WETH', async () => {
    const open = await runtime.db
      .select({ offer: offers })
      .from(offers)
      .innerJoin(nfts, eq(nfts.id, offers.nftId))
      .where(and(eq(nfts.chainId, LOCAL_CHAIN_ID), eq(offers.status, 'active')))
    expect(new Set(open.map((o) => o.offer.nftId)).size).toBeGreaterThan(5)
    for (const { offer } of open) {
      expect(offer.currency).toBe('WETH')
      expect(offer.signature).toMatch(/^0x[0-9a-f]+$/i)
      await expectWethFor(offer.maker as Address, BigInt(offer.priceWei))
    }
    const { data } = await list(toListInput({ status: 'has-offers' }))
    expect(data.every((n) => n.offerCount > 0)).toBe(true)
  })

  it('has an ERC-1155 listing of several that is partly bought and still open', async () => {
    const partial = await runtime.db
      .select({ listing: listings, standard: collections.standard })
      .from(listings)
      .innerJoin(nfts, eq(nfts.id, listings.nftId))
      .innerJoin(collections, eq(collections.id, nfts.collectionId))
      .where(and(eq(listings.status, 'active'), eq(collections.standard, 'erc1155')))
    const part = partial.find(
      ({ listing }) => BigInt(listing.filledQuantity) > 0n && BigInt(listing.filledQuantity) < BigInt(listing.quantity),
    )
    expect(part, 'an ERC-1155 listing bought in part').toBeDefined()
  })

  it('has a lazy-minted listing, signed by its creator, that a buyer redeems on chain and the indexer reads', async () => {
    const [lazy] = await runtime.db
      .select({ nft: nfts, listing: listings })
      .from(nfts)
      .innerJoin(listings, eq(listings.nftId, nfts.id))
      .where(and(eq(nfts.lazyMinted, true), eq(listings.kind, 'voucher'), eq(listings.status, 'active')))
    expect(lazy).toBeDefined()
    const { data } = await list(toListInput({ filter: 'lazy-minted' }))
    expect(data.map((n) => n.id)).toContain(lazy!.nft.id)
    expect(lazy!.nft).toMatchObject({ name: DEV_LAZY_MINT.name, tokenId: DEV_LAZY_MINT.tokenId.toString() })

    const { voucher, collection } = voucherFromJson(JSON.parse(lazy!.listing.orderJson!) as VoucherJson)
    const buyer = chain.walletOf(testAccount(1))
    const hash = await buyer.writeContract({
      address: collection,
      abi: vitrineCollectionAbi,
      functionName: 'redeem',
      args: [voucher, lazy!.listing.signature as Hex],
      value: voucher.minPrice,
    })
    expect((await buyer.waitForTransactionReceipt({ hash })).status).toBe('success')
    const owner = await chain.client.readContract({
      address: collection,
      abi: erc721Abi,
      functionName: 'ownerOf',
      args: [voucher.tokenId],
    })
    expect(owner).toBe(testAccount(1).address)

    const deadline = Date.now() + 30_000
    for (;;) {
      await indexConfiguredChains(runtime, LOCAL_CHAIN_ID)
      const [row] = await runtime.db.select().from(nfts).where(eq(nfts.id, lazy!.nft.id))
      if (row!.owner === testAccount(1).address.toLowerCase()) {
        expect(row).toMatchObject({ lazyMinted: false, priceWei: null })
        break
      }
      if (Date.now() > deadline) throw new Error('the indexer did not read the redemption')
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
    // Another start neither mints the bought token again nor publishes its voucher a second time.
    const again = await prepareDevWorld(runtime, { rpcUrl: chain.url })
    expect(again).toMatchObject({ transactions: 0, lazyMinted: 0, skipped: [] })
    const sync = await syncLocalChain(runtime.db, chain.url, runtime.env.platformFee, runtime.env.siteOrigins[0]!)
    expect(sync.transactions).toBe(0)
  })
})

/** `maker` holds at least `amount` WETH and lets Seaport take it: the order can be filled. */
async function expectWethFor(maker: Address, amount: bigint) {
  const weth = { address: chain.contracts.weth, abi: erc20Abi } as const
  const balance = await chain.client.readContract({ ...weth, functionName: 'balanceOf', args: [maker] })
  const allowance = await chain.client.readContract({
    ...weth,
    functionName: 'allowance',
    args: [maker, chain.contracts.seaport],
  })
  expect(balance, `${maker}'s WETH`).toBeGreaterThanOrEqual(amount)
  expect(allowance, `${maker}'s WETH allowance`).toBeGreaterThanOrEqual(amount)
}

async function foreignListings() {
  return runtime.db
    .select({
      slug: collections.slug,
      contract: nfts.contract,
      tokenId: nfts.tokenId,
      orderJson: listings.orderJson,
      signature: listings.signature,
    })
    .from(listings)
    .innerJoin(nfts, eq(nfts.id, listings.nftId))
    .innerJoin(collections, eq(collections.id, nfts.collectionId))
    .where(and(eq(collections.source, 'imported'), eq(listings.status, 'active')))
}

async function counts() {
  const count = async (table: string) =>
    Number((await runtime.db.$client.execute(`SELECT count(*) AS n FROM ${table}`)).rows[0]!.n)
  return {
    collections: await count('collections'),
    nfts: await count('nfts'),
    listings: await count('listings'),
    offers: await count('offers'),
  }
}
