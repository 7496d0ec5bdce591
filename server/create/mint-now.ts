/**
 * Mint now: the creator minted the token from their wallet (paying the gas) and registers it.
 * The server checks on chain that it exists, belongs to the creator and carries the URI of the
 * metadata sent, then stores it (with its mint in the feed, keyed like the indexer's row).
 */
import { parseEventLogs, erc721Abi, type Address, type Hash } from 'viem'
import { z } from 'zod'
import { vitrineCollectionAbi } from '../../chain/artifacts/VitrineCollection'
import type { Database } from '../../db/client'
import { recordMintedToken } from '../../db/market'
import type { Env } from '../platform/env'
import { refuse } from '../../db/errors'
import { unlessUnavailable } from '../platform/clients'
import type { MediaStore } from '../media/store'
import {
  checkTokenMedia,
  creatorCollection,
  ensureTokenIdFree,
  lazyMintInput,
  tokenDocument,
  tokenRecord,
} from './lazy-mint'

export const mintedInput = lazyMintInput
  .omit({ minPriceWei: true, expiresAt: true, signature: true })
  .extend({ txHash: z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'must be a transaction hash') })

export async function registerMint(
  {
    db,
    env,
    media,
    origin,
    now = new Date(),
  }: { db: Database; env: Env; media?: MediaStore; origin: string; now?: Date },
  creator: Address,
  input: z.infer<typeof mintedInput>,
) {
  await checkTokenMedia(media, input)
  const { collection, client, contract } = await creatorCollection({ db, env }, creator, input.collection)
  const receipt = await client.getTransactionReceipt({ hash: input.txHash as Hash }).catch(unlessUnavailable(null))
  if (!receipt || receipt.status !== 'success') refuse('txHash: no successful transaction with this hash')
  const [mint] = parseEventLogs({ abi: erc721Abi, eventName: 'Transfer', logs: receipt!.logs }).filter(
    (log) => log.address.toLowerCase() === collection.contract && log.args.tokenId === input.tokenId,
  )
  if (!mint || mint.args.from !== '0x0000000000000000000000000000000000000000') {
    refuse(`txHash: did not mint token ${input.tokenId} of this collection`)
  }
  const [owner, onChainUri] = await Promise.all([
    client.readContract({
      address: contract,
      abi: vitrineCollectionAbi,
      functionName: 'ownerOf',
      args: [input.tokenId],
    }),
    client.readContract({
      address: contract,
      abi: vitrineCollectionAbi,
      functionName: 'tokenURI',
      args: [input.tokenId],
    }),
  ])
  const { metadata, uri } = await tokenDocument(
    origin,
    { chainId: collection.chainId, contract, tokenId: input.tokenId },
    input,
  )
  if (onChainUri !== uri) refuse(`tokenId: its token URI on chain is not the one for this metadata (${uri})`)
  // Registered once: the database must not know it yet (the chain does).
  await ensureTokenIdFree(db, collection, input.tokenId)
  const minedAt = new Date(Number((await client.getBlock({ blockNumber: receipt!.blockNumber })).timestamp) * 1000)
  const token = await tokenRecord(
    collection,
    input.tokenId,
    owner.toLowerCase() as Address,
    input,
    metadata,
    false,
    now,
  )
  const { nftId } = await recordMintedToken(db, token, {
    txHash: input.txHash,
    logIndex: mint!.logIndex,
    blockNumber: receipt!.blockNumber,
    at: minedAt,
  })
  return { nftId, uri }
}
