/**
 * Creating from the browser wallet (loaded on first use, like ./trading): deploy a collection
 * contract, sign a lazy-mint voucher, or mint now. The server checks each result on chain.
 */
import { getAddress, type Address } from 'viem'
import type { Config } from 'wagmi'
import { deployContract, signTypedData } from 'wagmi/actions'
import { vitrineCollectionAbi, vitrineCollectionBytecode } from '../../chain/artifacts/VitrineCollection'
import { tokenMediaUrls, tokenUri, voucherTypedData, type TokenMetadataInput } from '../../chain/voucher'
import type { Category } from '../../db/schema/categories'
import type { createTrpcClient } from '../lib/trpc'
import { TradeError, walletCalls, type OnStep } from './calls'

type TrpcClient = ReturnType<typeof createTrpcClient>

export interface NewCollection {
  chainId: number
  name: string
  symbol: string
  description: string
  category: Category
  royaltyBps: number
  platformFee: { recipient: string; bps: number }
}

export interface NewToken {
  collection: { slug: string; chainId: number; contract: Address }
  name: string
  description: string
  externalUrl?: string
  /** The uploaded file's key (POST /api/media). */
  media: string
  /** An MP4's poster picture, uploaded beside it. */
  poster?: string
  attributes: { trait_type: string; value: string }[]
  freeze: boolean
}

/** A random 64-bit token id: collisions are checked by the server, and practically never happen. */
const randomTokenId = () => {
  const [high, low] = crypto.getRandomValues(new Uint32Array(2))
  return (BigInt(high!) << 32n) | BigInt(low!)
}

export function createCreating(config: Config, api: TrpcClient) {
  const { account, onChain, confirmed, send } = walletCalls(config)
  const metadataOf = (token: NewToken): TokenMetadataInput => ({
    name: token.name,
    description: token.description,
    ...tokenMediaUrls(location.origin, token.media, token.poster),
    externalUrl: token.externalUrl ?? null,
    attributes: token.attributes,
  })
  const fields = (token: NewToken) => ({
    collection: token.collection.slug,
    name: token.name,
    description: token.description,
    externalUrl: token.externalUrl,
    media: token.media,
    poster: token.poster,
    attributes: token.attributes,
    freeze: token.freeze,
  })

  return {
    /** Deploys Vitrine's ERC-721 contract from the creator's wallet (EIP-2981 earnings set), then registers it. */
    async deployCollection(c: NewCollection, onStep: OnStep) {
      const creator = account()
      await onChain(c.chainId, onStep)
      onStep('deploying')
      const hash = await deployContract(config, {
        abi: vitrineCollectionAbi,
        bytecode: vitrineCollectionBytecode,
        args: [
          c.name,
          c.symbol,
          creator,
          BigInt(c.royaltyBps),
          getAddress(c.platformFee.recipient),
          BigInt(c.platformFee.bps),
        ],
        chainId: c.chainId,
      })
      const receipt = await confirmed(c.chainId, onStep, hash, 'The deployment failed on chain.')
      if (!receipt.contractAddress) throw new TradeError('The deployment created no contract.')
      onStep('submitting')
      return api.create.registerCollection.mutate({
        chainId: c.chainId,
        contract: receipt.contractAddress,
        description: c.description,
        category: c.category,
      })
    },

    /** Lazy mint: no transaction; the creator signs a voucher the first buyer redeems. */
    async lazyMint(token: NewToken, minPrice: bigint, expiresAt: Date, onStep: OnStep) {
      const creator = account()
      await onChain(token.collection.chainId, onStep)
      const tokenId = randomTokenId()
      const uri = await tokenUri(location.origin, { ...token.collection, tokenId }, metadataOf(token), token.freeze)
      const voucher = { tokenId, uri, minPrice, creator, expiresAt: BigInt(Math.floor(expiresAt.getTime() / 1000)) }
      onStep('signing')
      const signature = await signTypedData(
        config,
        voucherTypedData(token.collection.chainId, token.collection.contract, voucher),
      )
      onStep('submitting')
      return api.create.publishLazyMint.mutate({
        ...fields(token),
        tokenId: tokenId.toString(),
        minPriceWei: minPrice.toString(),
        expiresAt: voucher.expiresAt.toString(),
        signature,
      })
    },

    /** Mint now: the creator pays the gas and owns the token, then registers it. */
    async mintNow(token: NewToken, onStep: OnStep) {
      const creator = account()
      await onChain(token.collection.chainId, onStep)
      const tokenId = randomTokenId()
      const uri = await tokenUri(location.origin, { ...token.collection, tokenId }, metadataOf(token), token.freeze)
      onStep('minting')
      const hash = await send(
        token.collection.chainId,
        onStep,
        {
          address: token.collection.contract,
          abi: vitrineCollectionAbi,
          functionName: 'mint',
          args: [creator, tokenId, uri],
        },
        'The mint failed on chain.',
      )
      onStep('submitting')
      return api.create.registerMint.mutate({ ...fields(token), tokenId: tokenId.toString(), txHash: hash })
    },
  }
}

export type Creating = ReturnType<typeof createCreating>
