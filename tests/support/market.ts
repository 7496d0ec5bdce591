/**
 * A marketplace on a throwaway chain for trading tests: anvil with Seaport and WETH, one Vitrine
 * collection whose creator (test account 1) minted tokens to a seller (account 2), the same
 * collection and tokens in a fresh database, and helpers that act as a wallet would.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { erc721Abi, type Address, type Hex } from 'viem'
import type { PrivateKeyAccount, HDAccount } from 'viem/accounts'
import { seaportAbi } from '../../chain/artifacts/Seaport'
import { vitrineCollectionAbi } from '../../chain/artifacts/VitrineCollection'
import { wrappedEtherAbi } from '../../chain/artifacts/WrappedEther'
import { deployCollection } from '../../chain/local-contracts'
import {
  listingOrder,
  offerOrder,
  orderParameters,
  orderToJson,
  orderTypedData,
  randomSalt,
  type OrderComponents,
} from '../../chain/seaport'
import { collections, nfts } from '../../db/schema'
import { app } from '../../server/app'
import { contentTypeOfKey } from '../../server/media/keys'
import { folderStore } from '../../server/media/store'
import { indexConfiguredChains } from '../../server/trading/indexing'
import { startTestChain, testAccount } from './chain'
import { createTestRuntime } from './runtime'
import { sessionCookie } from './session'

type Account = PrivateKeyAccount | HDAccount
export const CREATOR_FEE_BPS = 500

/** `vars`: further configuration (a DATABASE_URL: that database, e.g. a sqld the Worker also uses). */
export async function startMarket(
  tokenIds: bigint[] = [1n, 2n, 3n, 4n, 5n, 6n, 7n, 8n, 9n],
  vars: Record<string, string> = {},
) {
  const chain = await startTestChain()
  const base = await createTestRuntime(vars)
  const mediaDir = mkdtempSync(join(tmpdir(), 'vitrine-media-'))
  const runtime = {
    ...base,
    env: { ...base.env, chains: [{ id: 31337, rpcUrl: chain.url, publicRpcUrl: chain.url }] },
    media: folderStore(mediaDir, contentTypeOfKey),
  }
  const creator = testAccount(1)
  const seller = testAccount(2)
  const feeRecipient = runtime.env.platformFee.recipient
  const contract = await deployCollection(chain.url, {
    name: 'Harbour Lights',
    symbol: 'HRBR',
    creator: creator.address,
    royaltyBps: CREATOR_FEE_BPS,
    feeRecipient,
    feeBps: runtime.env.platformFee.bps,
  })
  const creatorWallet = chain.walletOf(creator)
  for (const tokenId of tokenIds) {
    const hash = await creatorWallet.writeContract({
      address: contract,
      abi: vitrineCollectionAbi,
      functionName: 'mint',
      args: [seller.address, tokenId, `http://127.0.0.1/metadata/${tokenId}`],
    })
    await chain.client.waitForTransactionReceipt({ hash })
  }
  const [collection] = await runtime.db
    .insert(collections)
    .values({
      slug: 'harbour-lights',
      chainId: 31337,
      contract: contract.toLowerCase(),
      name: 'Harbour Lights',
      logoUrl: '/api/art/logo/harbour.svg',
      bannerUrl: '/api/art/banner/harbour.svg',
      category: 'art',
      creator: creator.address.toLowerCase(),
      creatorFeeBps: CREATOR_FEE_BPS,
    })
    .returning()
  const rows = await runtime.db
    .insert(nfts)
    .values(
      tokenIds.map((tokenId) => ({
        collectionId: collection!.id,
        chainId: 31337,
        contract: contract.toLowerCase(),
        tokenId: tokenId.toString(),
        name: `Light #${tokenId}`,
        image: `/api/art/nft/harbour/${tokenId}.svg`,
        owner: seller.address.toLowerCase(),
        creator: creator.address.toLowerCase(),
        category: 'art' as const,
        addDate: new Date(),
      })),
    )
    .returning({ id: nfts.id, tokenId: nfts.tokenId })
  const nftId = (tokenId: bigint) => rows.find((r) => r.tokenId === tokenId.toString())!.id

  /** A REST call as the wallet `as` (signed in), or anonymous. */
  async function api(path: string, init: RequestInit = {}, as?: Account) {
    const headers = new Headers(init.headers)
    if (as) headers.set('cookie', await sessionCookie(as.address.toLowerCase()))
    if (init.body) headers.set('content-type', 'application/json')
    const response = await app.request(`/api${path}`, { ...init, headers }, runtime)
    return {
      status: response.status,
      body: (await response.json()) as Record<string, unknown> & { data?: never; error?: { message: string } },
    }
  }

  const send = async (account: Account, request: object) => {
    const hash = await chain.walletOf(account).writeContract(request as never)
    const receipt = await chain.client.waitForTransactionReceipt({ hash })
    if (receipt.status !== 'success') throw new Error(`transaction ${hash} reverted`)
    return receipt
  }

  const counterOf = (account: Account) =>
    chain.client.readContract({
      address: chain.contracts.seaport,
      abi: seaportAbi,
      functionName: 'getCounter',
      args: [account.address],
    })

  const fees = [
    { recipient: feeRecipient, bps: runtime.env.platformFee.bps },
    { recipient: creator.address, bps: CREATOR_FEE_BPS },
  ]

  async function signedListing(
    maker: Account,
    tokenId: bigint,
    price: bigint,
    change: (o: OrderComponents) => OrderComponents = (o) => o,
  ) {
    const now = BigInt(Math.floor(Date.now() / 1000))
    const order = change(
      listingOrder({
        maker: maker.address,
        token: { contract, tokenId },
        price,
        fees,
        startTime: now - 60n,
        endTime: now + 86_400n,
        salt: randomSalt(),
        counter: await counterOf(maker),
      }),
    )
    const signature = await maker.signTypedData(orderTypedData(31337, chain.contracts.seaport, order))
    return { order, signature }
  }

  async function signedOffer(maker: Account, tokenId: bigint, price: bigint, endTime?: bigint) {
    const now = BigInt(Math.floor(Date.now() / 1000))
    const order = offerOrder({
      maker: maker.address,
      token: { contract, tokenId },
      price,
      fees,
      weth: chain.contracts.weth,
      startTime: now - 60n,
      endTime: endTime ?? now + 86_400n,
      salt: randomSalt(),
      counter: await counterOf(maker),
    })
    const signature = await maker.signTypedData(orderTypedData(31337, chain.contracts.seaport, order))
    return { order, signature }
  }

  const submit = (kind: 'listings' | 'offers', signed: { order: OrderComponents; signature: Hex }, as: Account) =>
    api(
      `/v1/${kind}`,
      {
        method: 'POST',
        body: JSON.stringify({ chainId: 31337, order: orderToJson(signed.order), signature: signed.signature }),
      },
      as,
    )

  /** Imports a deployed contract's collection as `as` would; throws unless it is accepted. */
  const importCollection = async (collection: Address, as: Account) => {
    const imported = await api(
      '/v1/collections/import',
      { method: 'POST', body: JSON.stringify({ chainId: 31337, contract: collection }) },
      as,
    )
    if (imported.status !== 202) throw new Error(`import refused (${imported.status}): ${imported.body.error?.message}`)
    return imported
  }

  /** ERC-721 and ERC-1155 share setApprovalForAll: `collection` may be either. */
  const approveSeaport = (owner: Account, approved = true, collection: Address = contract) =>
    send(owner, {
      address: collection,
      abi: erc721Abi,
      functionName: 'setApprovalForAll',
      args: [chain.contracts.seaport, approved],
    })

  const wrapAndApprove = async (account: Account, amount: bigint) => {
    await send(account, { address: chain.contracts.weth, abi: wrappedEtherAbi, functionName: 'deposit', value: amount })
    await send(account, {
      address: chain.contracts.weth,
      abi: wrappedEtherAbi,
      functionName: 'approve',
      args: [chain.contracts.seaport, amount],
    })
  }

  /** Fills a stored order as `filler` would: parameters and signature from GET /api/v1/orders/{hash}. */
  const fill = (filler: Account, signed: { order: OrderComponents; signature: Hex }, value = 0n) =>
    chain.walletOf(filler).writeContract({
      address: chain.contracts.seaport,
      abi: seaportAbi,
      functionName: 'fulfillOrder',
      args: [
        { parameters: orderParameters(signed.order), signature: signed.signature },
        '0x0000000000000000000000000000000000000000000000000000000000000000',
      ],
      value,
    })

  /** Runs the indexer over the chain; throws what it ran into. */
  const index = async () => {
    const result = (await indexConfiguredChains(runtime, 31337))[31337]
    if (result && 'error' in result) throw new Error(result.error)
    return result
  }
  /** Gives `tokenId` of the market's collection from `from` to `to`, as a wallet would. */
  const transfer = (from: Account, to: Account, tokenId: bigint) =>
    send(from, {
      address: contract,
      abi: erc721Abi,
      functionName: 'transferFrom',
      args: [from.address, to.address, tokenId],
    })
  const ownerOf = (tokenId: bigint) =>
    chain.client.readContract({ address: contract, abi: erc721Abi, functionName: 'ownerOf', args: [tokenId] })

  return {
    chain,
    runtime,
    contract: contract as Address,
    creator,
    seller,
    feeRecipient,
    nftId,
    api,
    send,
    counterOf,
    signedListing,
    signedOffer,
    submit,
    importCollection,
    approveSeaport,
    wrapAndApprove,
    fill,
    index,
    transfer,
    ownerOf,
    stop: async () => {
      base.close()
      rmSync(mediaDir, { recursive: true, force: true })
      await chain.stop()
    },
  }
}
