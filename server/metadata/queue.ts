/**
 * The metadata queue: tokens of imported collections whose metadata is pending and due are
 * read from their own URI (tokenURI / uri from the chain, then the document it names), a few
 * at a time, and stored. A failure is recorded with its reason and tried again later, each
 * wait twice the last (RETRY), until MAX_ATTEMPTS: then the token is 'failed' until someone
 * refreshes it or its contract announces new metadata. Either way the token is listed, with
 * its number and contract.
 */
import { BaseError, ContractFunctionRevertedError, parseAbi, type Address, type PublicClient } from 'viem'
import { applyTokenMetadata, claimDueMetadata, recordMetadataFailure, type ClaimedToken } from '../../db/market'
import { storeTokenImage, storeTokenMotion } from './token-image'
import type { Runtime } from '../platform/runtime'
import { ChainUnavailableError } from '../platform/clients'
import { parseTokenMetadata } from './parse'
import { FetchRefused, safeFetch, type NetworkAccess } from './safe-fetch'
import { resolveTokenUri, substituteId } from './uri'

/** Bounds on one token's document: 1 MB, 10 s (redirects included). */
export const METADATA_MAX_BYTES = 1024 * 1024
export const METADATA_TIMEOUT_MS = 10_000

/** Wait before try n+1: 1 min × 2^n, at most 6 h; after 8 failed reads the token is 'failed'. */
export const RETRY = { baseMs: 60_000, capMs: 6 * 3_600_000, maxAttempts: 8 } as const

export const retryDelayMs = (failedBefore: number) => Math.min(RETRY.baseMs * 2 ** failedBefore, RETRY.capMs)

/** How long a claimed token is held for its reader before another run may take it. */
const CLAIM_HOLD_MS = 2 * 60_000
/**
 * Tokens claimed at once, their URIs read in one Multicall3 call: their documents, `concurrency`
 * at a time and each bound by METADATA_TIMEOUT_MS, are all read well within CLAIM_HOLD_MS.
 */
export const URI_BATCH = 64
/** Longer URIs (whole on-chain documents) are read but not kept in the row. */
const KEPT_URI_LENGTH = 2048

export interface MetadataRun {
  read: number
  failed: number
}

export interface MetadataQueueOptions {
  chainId: number
  client: PublicClient
  /** Stop taking new tokens after this long (reads under way finish). */
  budgetMs?: number
  /** Tokens read at once. */
  concurrency?: number
  network?: NetworkAccess
  now?: () => Date
}

/** ERC-721's tokenURI and ERC-1155's uri: one ABI, so a batch may mix both standards. */
const URI_ABI = parseAbi([
  'function tokenURI(uint256 tokenId) view returns (string)',
  'function uri(uint256 id) view returns (string)',
])

/** The call that reads a token's URI from its contract. */
const uriCall = (token: ClaimedToken) => ({
  address: token.contract as Address,
  abi: URI_ABI,
  functionName: token.standard === 'erc1155' ? ('uri' as const) : ('tokenURI' as const),
  args: [BigInt(token.tokenId)] as const,
})

/** What the contract answered, `{id}` substituted for ERC-1155. */
const answered = (token: ClaimedToken, uri: string) =>
  token.standard === 'erc1155' ? substituteId(uri, BigInt(token.tokenId)) : uri

/** Why a token's URI could not be read, as its record says it. */
function uriRefusal(token: ClaimedToken, error: unknown): FetchRefused {
  if (error instanceof ChainUnavailableError) throw error
  const reverted = error instanceof BaseError ? error.walk((e) => e instanceof ContractFunctionRevertedError) : null
  const fn = token.standard === 'erc1155' ? 'uri' : 'tokenURI'
  if (reverted)
    return new FetchRefused(
      `${fn} reverted${(reverted as ContractFunctionRevertedError).reason ? `: ${(reverted as ContractFunctionRevertedError).reason}` : ''}`,
    )
  return new FetchRefused(`${fn} could not be read: ${(error as BaseError).shortMessage ?? (error as Error).message}`)
}

/** One token's URI in a call of its own. */
async function readTokenUri(client: PublicClient, token: ClaimedToken): Promise<string | FetchRefused> {
  try {
    return answered(token, await client.readContract(uriCall(token)))
  } catch (error) {
    return uriRefusal(token, error)
  }
}

/**
 * The URIs of a batch of tokens in one Multicall3 call. A token whose call fails there is asked
 * again alone (a contract that burns the call's gas must not fail the tokens after it), and so is
 * every token when the batch as a whole fails (or the chain has no Multicall3): a reverting token
 * is that token's failure only.
 */
async function readTokenUris(client: PublicClient, tokens: ClaimedToken[]): Promise<(string | FetchRefused)[]> {
  let results: { status: 'success' | 'failure'; result?: unknown }[]
  try {
    results = await client.multicall({ contracts: tokens.map(uriCall), allowFailure: true, batchSize: 0 })
  } catch (error) {
    if (error instanceof ChainUnavailableError) throw error
    return Promise.all(tokens.map((token) => readTokenUri(client, token)))
  }
  return Promise.all(
    tokens.map((token, i) =>
      results[i]?.status === 'success' && typeof results[i].result === 'string'
        ? answered(token, results[i].result)
        : readTokenUri(client, token),
    ),
  )
}

const JSON_TYPES = /^(application\/json|text\/plain|text\/json|application\/[a-z0-9.+-]*\+json)$/

/** Reads, parses and stores one token's metadata; a refusal or failure is recorded on it. */
async function readOne(
  { db, env, media }: Runtime,
  token: ClaimedToken,
  uri: string | FetchRefused,
  network: NetworkAccess | undefined,
  now: () => Date,
) {
  const { ipfsGateway, arweaveGateway, allowHosts } = env.metadataFetch
  const gateways = { ipfsGateway, arweaveGateway }
  let tokenUri: string | null | undefined
  try {
    if (uri instanceof FetchRefused) throw uri
    tokenUri = uri.length <= KEPT_URI_LENGTH ? uri : null
    const resolved = resolveTokenUri(uri, gateways, METADATA_MAX_BYTES)
    let bytes: Uint8Array
    if (resolved.kind === 'data') {
      if (!JSON_TYPES.test(resolved.mediaType)) throw new FetchRefused(`not JSON (${resolved.mediaType})`)
      bytes = resolved.bytes
    } else {
      const fetched = await safeFetch(resolved.url, {
        accept: 'json',
        maxBytes: METADATA_MAX_BYTES,
        timeoutMs: METADATA_TIMEOUT_MS,
        allowHosts,
        ...(network ? { network } : {}),
      })
      bytes = fetched.bytes
    }
    const metadata = parseTokenMetadata(bytes, { gateways, allowHosts })
    // Its picture (and MP4 motion) is fetched now and served from our media store (server/metadata/token-image.ts).
    // A picture that cannot be brought home does not hold back the name and traits: they are
    // stored, and the token stays due, with the picture's reason, to be tried again.
    let image = metadata.image
    let pictureRefused: FetchRefused | null = null
    if (media) {
      try {
        image = await storeTokenImage(media, metadata.image, { allowHosts, network })
      } catch (error) {
        if (!(error instanceof FetchRefused)) throw error
        pictureRefused = error
        image = ''
      }
    }
    const animationUrl = media
      ? await storeTokenMotion(media, metadata.animationUrl, { allowHosts, network })
      : metadata.animationUrl
    const retry = pictureRefused ? nextTry(token, pictureRefused.message, now) : null
    await applyTokenMetadata(db, token.id, { ...metadata, image, animationUrl, tokenUri }, retry)
    return retry === null
  } catch (error) {
    if (error instanceof ChainUnavailableError) throw error
    const reason = error instanceof FetchRefused ? error.message : `unexpected error: ${(error as Error).message}`
    await recordMetadataFailure(db, token.id, {
      ...nextTry(token, reason, now),
      ...(tokenUri === undefined ? {} : { tokenUri }),
    })
    return false
  }
}

/** A failed read's record: its reason, and when to try again (null after the last attempt). */
function nextTry(token: ClaimedToken, reason: string, now: () => Date) {
  const attempts = token.attempts + 1
  const nextAttemptAt = attempts >= RETRY.maxAttempts ? null : new Date(now().getTime() + retryDelayMs(token.attempts))
  return { error: reason.slice(0, 300), attempts, nextAttemptAt }
}

/**
 * Reads the due tokens of one chain, `concurrency` at a time, until none is due or the budget
 * is spent. A chain that stops answering ends the run; its tokens are taken again later.
 */
export async function readDueMetadata(runtime: Runtime, options: MetadataQueueOptions): Promise<MetadataRun> {
  const { chainId, client, budgetMs = 10_000, concurrency = 8, network, now = () => new Date() } = options
  const run: MetadataRun = { read: 0, failed: 0 }
  const until = Date.now() + budgetMs
  do {
    const at = now()
    const batch = await claimDueMetadata(runtime.db, {
      chainId,
      now: at,
      limit: URI_BATCH,
      holdUntil: new Date(at.getTime() + CLAIM_HOLD_MS),
    })
    if (batch.length === 0) break
    let uris: (string | FetchRefused)[]
    try {
      uris = await readTokenUris(client, batch)
    } catch (error) {
      if (error instanceof ChainUnavailableError) return run
      throw error
    }
    for (let i = 0; i < batch.length; i += concurrency) {
      const outcomes = await Promise.allSettled(
        batch.slice(i, i + concurrency).map((token, j) => readOne(runtime, token, uris[i + j]!, network, now)),
      )
      for (const outcome of outcomes) {
        if (outcome.status === 'rejected') {
          if (outcome.reason instanceof ChainUnavailableError) return run
          throw outcome.reason
        }
        run[outcome.value ? 'read' : 'failed']++
      }
    }
  } while (Date.now() < until)
  return run
}
