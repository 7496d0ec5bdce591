/**
 * Importing any NFT collection by its contract address. The chain is the only source: ERC-165
 * says whether the contract is an ERC-721 or an ERC-1155, the contract itself answers what it
 * has of name, symbol, owner, contractURI (ERC-7572) and EIP-2981 royalties, and a binary search
 * over eth_getCode finds the block it was deployed in, where the backfill
 * (chain/indexer/backfill.ts) starts reading its transfers. A contract that is not an NFT is
 * refused before anything is written.
 */
import { and, eq } from 'drizzle-orm'
import { getAddress, parseAbi, zeroAddress, type Address, type PublicClient } from 'viem'
import type { Database } from '../../db/client'
import { isUniqueViolation, refuse } from '../../db/errors'
import { recordImportedCollection, retryFailedImport } from '../../db/market'
import { collections, type TokenStandard } from '../../db/schema'
import type { Env } from '../platform/env'
import { refuseIfBlocked } from '../queries/blocked'
import { findCollection, toCollectionJson } from '../queries/collections'
import { chainClient, unlessUnavailable } from '../platform/clients'
import type { ImportCollectionInput } from '../inputs/collections'
import { cleanLine } from '../metadata/text'
import { findLookalike } from './lookalike'

const INTERFACE = {
  erc165: '0x01ffc9a7',
  invalid: '0xffffffff',
  erc721: '0x80ac58cd',
  erc1155: '0xd9b67a26',
  erc2981: '0x2a55205a',
} as const

const abi = parseAbi([
  'function supportsInterface(bytes4 interfaceId) view returns (bool)',
  'function name() view returns (string)',
  'function symbol() view returns (string)',
  'function owner() view returns (address)',
  'function contractURI() view returns (string)',
  'function royaltyInfo(uint256 tokenId, uint256 salePrice) view returns (address receiver, uint256 royaltyAmount)',
])

/**
 * A sale price of 10,000 units makes EIP-2981's royalty amount the rate in basis points. Token 1's
 * rate is the one the collection shows; every order reads its own token's (server/trading/royalties.ts).
 */
const ROYALTY_PROBE_PRICE = 10_000n

/** A string a contract chose: no control or bidi characters, one line, bounded. */
function cleanText(value: unknown, max: number): string | null {
  return (typeof value === 'string' && cleanLine(value, max)) || null
}

/** ERC-165 as the standard asks: answers true for its own id and false for 0xffffffff. */
async function detectStandard(client: PublicClient, address: Address): Promise<TokenStandard | null> {
  const supports = (id: `0x${string}`) =>
    client.readContract({ address, abi, functionName: 'supportsInterface', args: [id] }).catch(unlessUnavailable(false))
  const [erc165, invalid, erc721, erc1155] = await Promise.all([
    supports(INTERFACE.erc165),
    supports(INTERFACE.invalid),
    supports(INTERFACE.erc721),
    supports(INTERFACE.erc1155),
  ])
  if (!erc165 || invalid) return null
  return erc721 ? 'erc721' : erc1155 ? 'erc1155' : null
}

/**
 * The first block with code at `address`: code appears once, at deployment, so "has code" is
 * monotonic over block numbers. A node that cannot answer for an old block (not an archive
 * node) counts as "had code", so the search errs earlier: more blocks read, never a gap.
 */
async function deploymentBlock(client: PublicClient, address: Address, head: bigint): Promise<bigint> {
  let low = 0n
  let high = head
  while (low < high) {
    const middle = (low + high) / 2n
    const code = await client.getCode({ address, blockNumber: middle }).catch(unlessUnavailable('0xerror'))
    if (code && code !== '0x') high = middle
    else low = middle + 1n
  }
  return low
}

/** What the contract has of the optional reads, each null where it has none. */
async function readContract(client: PublicClient, address: Address) {
  const read = <F extends 'name' | 'symbol' | 'owner' | 'contractURI'>(functionName: F) =>
    client.readContract({ address, abi, functionName }).catch(unlessUnavailable(null))
  const [name, symbol, owner, contractUri, royalty, declaresRoyalty] = await Promise.all([
    read('name'),
    read('symbol'),
    read('owner'),
    read('contractURI'),
    client
      .readContract({ address, abi, functionName: 'royaltyInfo', args: [1n, ROYALTY_PROBE_PRICE] })
      .catch(unlessUnavailable(null)),
    client
      .readContract({ address, abi, functionName: 'supportsInterface', args: [INTERFACE.erc2981] })
      .catch(unlessUnavailable(false)),
  ])
  // No receiver, nothing to pay, or more than the whole price: no royalty a sale can honour.
  const paysRoyalty = royalty && royalty[0] !== zeroAddress && royalty[1] > 0n && royalty[1] <= ROYALTY_PROBE_PRICE
  return {
    // EIP-2981 lets each token have its own royalty: a contract that declares it (ERC-165), or whose
    // token 1 pays one, is asked per token when an order is made, even if token 1 itself pays none.
    eip2981: declaresRoyalty || Boolean(paysRoyalty),
    name: cleanText(name, 100),
    symbol: cleanText(symbol, 20),
    owner: typeof owner === 'string' && owner !== zeroAddress ? (owner.toLowerCase() as Address) : null,
    contractUri: cleanText(contractUri, 2000),
    royalty: paysRoyalty ? { receiver: royalty[0].toLowerCase() as Address, bps: Number(royalty[1]) } : null,
  }
}

async function collectionAnswer(db: Database, slug: string) {
  const row = await findCollection(db, slug)
  if (!row) throw new Error(`collection ${slug} vanished after it was stored`)
  return toCollectionJson(row)
}

/**
 * Imports the contract as a collection, or answers the one already there (`created: false`; a
 * failed one is then tried again at the indexer's next round).
 * Refuses, writing nothing, a chain Vitrine does not index, a contract this marketplace blocked,
 * an address without code (saying whether it is a wallet), and a contract that is not an ERC-721
 * or ERC-1155.
 */
export async function importCollection(
  { db, env }: { db: Database; env: Env },
  importer: Address,
  input: ImportCollectionInput,
) {
  const client = chainClient(env, input.chainId)
  if (!client) {
    refuse(
      `chainId: Vitrine does not index chain ${input.chainId} (it indexes ${env.chains.map((c) => c.id).join(', ')})`,
    )
  }
  // Before the collection already there is answered (and retried): a blocked contract is not added again.
  await refuseIfBlocked(db, input.chainId, input.contract)
  const known = async () => {
    const [row] = await db
      .select({ id: collections.id, slug: collections.slug })
      .from(collections)
      .where(and(eq(collections.chainId, input.chainId), eq(collections.contract, input.contract)))
    if (!row) return undefined
    // Adding a collection whose indexing failed or paused again is asking for another try now.
    await retryFailedImport(db, row.id)
    return { created: false, collection: await collectionAnswer(db, row.slug) }
  }
  const existing = await known()
  if (existing) return existing

  const address = input.contract
  const shown = getAddress(address)
  const code = await client.getCode({ address })
  if (!code || code === '0x') {
    const [nonce, balance] = await Promise.all([
      client.getTransactionCount({ address }),
      client.getBalance({ address }),
    ])
    if (nonce > 0 || balance > 0n) {
      refuse(`contract: ${shown} is a wallet (an externally owned account), not a contract`)
    }
    refuse(`contract: there is no contract at ${shown} on chain ${input.chainId}`)
  }
  const standard = await detectStandard(client, address)
  if (!standard) {
    refuse(`contract: ${shown} is not an NFT contract (it declares neither ERC-721 nor ERC-1155 by ERC-165)`)
  }
  // Not viem's cached head: one seconds old may predate the contract, and the search needs code at `head`.
  const [read, head] = await Promise.all([readContract(client, address), client.getBlockNumber({ cacheTime: 0 })])
  const deployBlock = await deploymentBlock(client, address, head)

  const name = read.name ?? read.symbol ?? `Collection ${address.slice(0, 6)}…${address.slice(-4)}`
  const verified = await db
    .select({ id: collections.id, name: collections.name })
    .from(collections)
    .where(eq(collections.verified, true))
  const lookalike = findLookalike(name, verified)

  let stored: { slug: string }
  try {
    stored = await recordImportedCollection(db, {
      chainId: input.chainId,
      contract: address,
      name,
      category: 'collectibles',
      creator: read.owner ?? zeroAddress,
      creatorFeeBps: read.royalty?.bps ?? 0,
      standard,
      symbol: read.symbol,
      contractOwner: read.owner,
      contractUri: read.contractUri,
      royaltySource: read.eip2981 ? 'eip2981' : 'none',
      lookalikeOf: lookalike?.id ?? null,
      deployBlock: Number(deployBlock),
      headBlock: Number(head),
      importedBy: importer,
    })
  } catch (error) {
    // Someone imported the same contract a moment before: theirs is the answer.
    if (isUniqueViolation(error)) {
      const raced = await known()
      if (raced) return raced
    }
    throw error
  }
  return { created: true, collection: await collectionAnswer(db, stored.slug) }
}
