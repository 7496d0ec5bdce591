/**
 * The local chain's collections that Vitrine did not write (chain/contracts/foreign/), as a
 * newcomer's `npm run dev` shows them beside Vitrine's own: a plain OpenZeppelin ERC-721 whose
 * token URIs are `ipfs://` (PNG art), an ERC-1155 with one `{id}` URI (SVG art), an ERC-721 that
 * draws its metadata on chain (`data:` URIs), and a bare ERC-721 without EIP-2981. Their metadata
 * and images are files in chain/local-ipfs/, served by the local IPFS gateway under the CIDs
 * that chain/local-ipfs/cids.json records (scripts/dev-world-art.ts writes both).
 *
 * `deployForeignCollections` puts them on the chain as their projects would have: deployed (at
 * CREATE2 addresses that follow from their arguments, so a restart finds them), minted to anvil's
 * test accounts 3 to 6, and Seaport approved by the accounts that list. It is idempotent. What is
 * listed, and for how much, is `FOREIGN_COLLECTIONS[].listings`; scripts/dev-world.ts imports the
 * collections and signs those listings through the same code a user's browser and request reach.
 * Node only.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  createWalletClient,
  encodeDeployData,
  erc721Abi,
  http,
  parseAbiItem,
  publicActions,
  zeroAddress,
  type Abi,
  type Address,
  type Hex,
} from 'viem'
import { anvil } from 'viem/chains'
import { foreignArt721Abi, foreignArt721Bytecode } from './artifacts/ForeignArt721'
import { foreignEditions1155Abi, foreignEditions1155Bytecode } from './artifacts/ForeignEditions1155'
import { foreignOnchain721Abi, foreignOnchain721Bytecode } from './artifacts/ForeignOnchain721'
import { foreignPlain721Abi, foreignPlain721Bytecode } from './artifacts/ForeignPlain721'
import { create2Address } from './create2'
import { deployOnce } from './local-contracts'
import { accounts } from './local-market'
import { LOCAL_CHAIN_ID, marketplaceContracts } from './marketplace'

/** The gateway's folder: one directory per collection, each with `images/` and `metadata/`. */
export const LOCAL_IPFS_DIR = 'chain/local-ipfs'

export type ForeignKind = 'ipfs721' | 'editions1155' | 'onchain721' | 'plain721'

export interface ForeignHolding {
  tokenId: bigint
  /** anvil test account (3 to 6). */
  holder: number
  /** ERC-1155 only: how many of the token. */
  amount?: bigint
}

export interface ForeignListing {
  tokenId: bigint
  seller: number
  /** ETH per token. */
  price: string
  /** ERC-1155 only: how many of the seller's tokens are offered. */
  quantity?: bigint
}

export interface ForeignCollection {
  /** Its directory in chain/local-ipfs/ (and the key of its CIDs), if its metadata is there. */
  key: string
  kind: ForeignKind
  name: string
  symbol: string
  /** The account that deployed it: `owner()` and royalty receiver where the contract has them. */
  artist: number
  /** EIP-2981, basis points; 0 for the contract without it. */
  royaltyBps: number
  holdings: ForeignHolding[]
  listings: ForeignListing[]
}

const ids = (count: number, holder: (id: number) => number): ForeignHolding[] =>
  Array.from({ length: count }, (_, i) => ({ tokenId: BigInt(i + 1), holder: holder(i + 1) }))
const pool = (id: number) => 3 + (id % 4)

/**
 * Prices stay above the cheapest of Vitrine's own local listings (0.12 ETH), so "cheapest first"
 * on the local chain still starts with a token of Vitrine's own contract.
 */
export const FOREIGN_COLLECTIONS: readonly ForeignCollection[] = [
  {
    key: 'kiln-glazes',
    kind: 'ipfs721',
    name: 'Kiln Glazes',
    symbol: 'KILN',
    artist: 5,
    royaltyBps: 600,
    holdings: ids(8, pool),
    listings: [
      { tokenId: 1n, seller: pool(1), price: '0.18' },
      { tokenId: 3n, seller: pool(3), price: '0.4' },
      { tokenId: 6n, seller: pool(6), price: '0.65' },
    ],
  },
  {
    key: 'tram-tokens',
    kind: 'editions1155',
    name: 'Tram Tokens',
    symbol: 'TRAM',
    artist: 6,
    royaltyBps: 300,
    holdings: [
      { tokenId: 1n, holder: 3, amount: 10n },
      { tokenId: 1n, holder: 4, amount: 5n },
      { tokenId: 2n, holder: 4, amount: 8n },
      { tokenId: 3n, holder: 5, amount: 12n },
      { tokenId: 4n, holder: 6, amount: 3n },
    ],
    listings: [
      { tokenId: 1n, seller: 3, price: '0.15', quantity: 4n },
      { tokenId: 3n, seller: 5, price: '0.22', quantity: 6n },
    ],
  },
  {
    key: 'chain-hues',
    kind: 'onchain721',
    name: 'Chain Hues',
    symbol: 'HUES',
    artist: 4,
    royaltyBps: 250,
    holdings: ids(6, (id) => pool(id + 1)),
    listings: [
      { tokenId: 2n, seller: pool(3), price: '0.2' },
      { tokenId: 5n, seller: pool(6), price: '0.35' },
    ],
  },
  {
    key: 'open-sketchbook',
    kind: 'plain721',
    name: 'Open Sketchbook',
    symbol: 'SKETCH',
    artist: 3,
    royaltyBps: 0,
    holdings: ids(6, (id) => pool(id + 2)),
    listings: [
      { tokenId: 1n, seller: pool(3), price: '0.16' },
      { tokenId: 4n, seller: pool(6), price: '0.5' },
    ],
  },
]

/** chain/local-ipfs/cids.json: `<key>/images` and `<key>/metadata` → the directory's CID. */
export function localIpfsCids(dir = LOCAL_IPFS_DIR): Record<string, string> {
  return JSON.parse(readFileSync(join(dir, 'cids.json'), 'utf8')) as Record<string, string>
}

function metadataCid(collection: ForeignCollection, cids: Record<string, string>): string {
  const cid = cids[`${collection.key}/metadata`]
  if (!cid) throw new Error(`${LOCAL_IPFS_DIR}/cids.json has no CID for ${collection.key}/metadata`)
  return cid
}

/** The contract's creation code with its constructor arguments: its CREATE2 address follows. */
export function foreignInitCode(collection: ForeignCollection, cids: Record<string, string>): Hex {
  const artist = accounts[collection.artist]!.address
  const royalty = BigInt(collection.royaltyBps)
  switch (collection.kind) {
    case 'ipfs721': {
      const base = `ipfs://${metadataCid(collection, cids)}/`
      return encodeDeployData({
        abi: foreignArt721Abi,
        bytecode: foreignArt721Bytecode,
        args: [collection.name, collection.symbol, base, `${base}contract.json`, artist, artist, royalty],
      })
    }
    case 'editions1155': {
      const base = `ipfs://${metadataCid(collection, cids)}/`
      return encodeDeployData({
        abi: foreignEditions1155Abi,
        bytecode: foreignEditions1155Bytecode,
        args: [collection.name, collection.symbol, `${base}{id}.json`, `${base}contract.json`, artist, artist, royalty],
      })
    }
    case 'onchain721':
      return encodeDeployData({
        abi: foreignOnchain721Abi,
        bytecode: foreignOnchain721Bytecode,
        args: [collection.name, collection.symbol, artist, artist, royalty],
      })
    case 'plain721':
      return encodeDeployData({
        abi: foreignPlain721Abi,
        bytecode: foreignPlain721Bytecode,
        args: [collection.name, collection.symbol, `ipfs://${metadataCid(collection, cids)}/`],
      })
  }
}

const ABIS: Record<ForeignKind, Abi> = {
  ipfs721: foreignArt721Abi,
  editions1155: foreignEditions1155Abi,
  onchain721: foreignOnchain721Abi,
  plain721: foreignPlain721Abi,
}

const transferSingle = parseAbiItem(
  'event TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value)',
)
const transferBatch = parseAbiItem(
  'event TransferBatch(address indexed operator, address indexed from, address indexed to, uint256[] ids, uint256[] values)',
)

export interface DeployedForeign {
  collection: ForeignCollection
  address: Address
}

/**
 * Deploys each foreign collection, mints its tokens to their holders and has every seller approve
 * Seaport, skipping what the chain already has. Answers the addresses and how many transactions
 * it sent (none on a restart).
 */
export async function deployForeignCollections(
  rpcUrl: string,
  cids: Record<string, string> = localIpfsCids(),
): Promise<{ deployed: DeployedForeign[]; transactions: number }> {
  const { seaport } = marketplaceContracts(LOCAL_CHAIN_ID)!
  // anvil's test accounts are unlocked: the node signs for them.
  const as = (index: number) =>
    createWalletClient({ chain: anvil, transport: http(rpcUrl), account: accounts[index]!.address }).extend(
      publicActions,
    )
  const reader = as(0)
  let transactions = 0
  const send = async (from: number, request: { address: Address; abi: Abi; functionName: string; args: unknown[] }) => {
    const client = as(from)
    const hash = await client.writeContract({ ...request, chain: anvil, account: accounts[from]!.address })
    const receipt = await client.waitForTransactionReceipt({ hash })
    if (receipt.status !== 'success')
      throw new Error(`${request.functionName} on ${request.address} reverted (${hash})`)
    transactions++
  }

  const deployed: DeployedForeign[] = []
  for (const collection of FOREIGN_COLLECTIONS) {
    const initCode = foreignInitCode(collection, cids)
    const known = create2Address(initCode)
    const hadCode = !!(await reader.getCode({ address: known }))
    const address = await deployOnce(rpcUrl, initCode)
    if (!hadCode) transactions++
    const abi = ABIS[collection.kind]
    // The plain contract has an open mint; the others mint only for their owner, the artist.
    const minter = (holder: number) => (collection.kind === 'plain721' ? holder : collection.artist)

    if (collection.kind === 'editions1155') {
      // Minted once per holder, in one TransferBatch: a holder with any mint log has all of theirs.
      const holders = [...new Set(collection.holdings.map((h) => h.holder))]
      for (const holder of holders) {
        const to = accounts[holder]!.address
        const args = { from: zeroAddress, to }
        const logs = [
          ...(await reader.getLogs({ address, event: transferSingle, args, fromBlock: 0n })),
          ...(await reader.getLogs({ address, event: transferBatch, args, fromBlock: 0n })),
        ]
        if (logs.length > 0) continue
        const mine = collection.holdings.filter((h) => h.holder === holder)
        await send(collection.artist, {
          address,
          abi,
          functionName: 'mintBatch',
          args: [to, mine.map((h) => h.tokenId), mine.map((h) => h.amount ?? 1n)],
        })
      }
    } else {
      for (const { tokenId, holder } of collection.holdings) {
        const minted = await reader
          .readContract({ address, abi: erc721Abi, functionName: 'ownerOf', args: [tokenId] })
          .then(
            () => true,
            () => false,
          )
        if (minted) continue
        await send(minter(holder), {
          address,
          abi,
          functionName: 'mint',
          args: [accounts[holder]!.address, tokenId, 1n],
        })
      }
    }

    for (const seller of new Set(collection.listings.map((l) => l.seller))) {
      const approved = await reader.readContract({
        address,
        abi: erc721Abi,
        functionName: 'isApprovedForAll',
        args: [accounts[seller]!.address, seaport],
      })
      if (!approved) await send(seller, { address, abi, functionName: 'setApprovalForAll', args: [seaport, true] })
    }
    deployed.push({ collection, address })
  }
  return { deployed, transactions }
}
