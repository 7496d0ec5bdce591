/**
 * Collections Vitrine did not write (chain/contracts/foreign/), deployed on a local chain and
 * minted to given accounts, for tests of importing, indexing and trading foreign NFTs.
 *
 *   const art = await deployForeignArt721(chain.url, { baseURI: 'ipfs://bafy…/' })
 *   await art.mint(testAccount(1).address, 1n, 3n)            // ids 1, 2, 3
 *   const editions = await deployForeignEditions1155(chain.url)
 *   await editions.mint(testAccount(2).address, 7n, 10n)      // 10 of id 7
 *
 * Every deployment is a fresh contract (plain CREATE from the owner's account), so tests never
 * share one. The default owner is anvil's test account 7.
 */
import {
  createWalletClient,
  getAddress,
  http,
  publicActions,
  type Abi,
  type Address,
  type Hex,
  type PrivateKeyAccount,
} from 'viem'
import { anvil } from 'viem/chains'
import type { HDAccount } from 'viem/accounts'
import { foreignArt721Abi, foreignArt721Bytecode } from '../../chain/artifacts/ForeignArt721'
import { foreignEditions1155Abi, foreignEditions1155Bytecode } from '../../chain/artifacts/ForeignEditions1155'
import { foreignOnchain721Abi, foreignOnchain721Bytecode } from '../../chain/artifacts/ForeignOnchain721'
import { foreignPlain721Abi, foreignPlain721Bytecode } from '../../chain/artifacts/ForeignPlain721'
import { testAccount } from './chain'

type Account = HDAccount | PrivateKeyAccount

export interface ForeignCommon {
  /** Signs the deployment and every mint; the contract's `owner()` where it has one. */
  owner?: Account
}

export interface ForeignRoyalty {
  royaltyReceiver?: Address
  /** EIP-2981 royalty in basis points; default 500 (5%). */
  royaltyBps?: number
}

export interface Deployed {
  address: Address
  /** The block the contract was created in. */
  deployBlock: bigint
  owner: Account
}

function walletFor(rpcUrl: string, account: Account) {
  return createWalletClient({ chain: anvil, transport: http(rpcUrl), account }).extend(publicActions)
}

export async function deploy(
  rpcUrl: string,
  account: Account,
  abi: Abi,
  bytecode: Hex,
  args: unknown[],
): Promise<Deployed> {
  const wallet = walletFor(rpcUrl, account)
  const hash = await wallet.deployContract({ abi, bytecode, args })
  const receipt = await wallet.waitForTransactionReceipt({ hash })
  if (receipt.status !== 'success' || !receipt.contractAddress) throw new Error(`deploying failed (${hash})`)
  return { address: getAddress(receipt.contractAddress), deployBlock: receipt.blockNumber, owner: account }
}

/** Sends a contract call from `account` and waits for it to be mined; returns its receipt. */
export async function send(
  rpcUrl: string,
  account: Account,
  call: { address: Address; abi: Abi; functionName: string; args: readonly unknown[]; gas?: bigint },
) {
  const wallet = walletFor(rpcUrl, account)
  const hash = await wallet.writeContract({ ...call, chain: anvil, account })
  const receipt = await wallet.waitForTransactionReceipt({ hash })
  if (receipt.status !== 'success') throw new Error(`${call.functionName} reverted (${hash})`)
  return receipt
}

const defaultOwner = () => testAccount(7)

/** A plain OpenZeppelin ERC-721: token URI = baseURI + id, EIP-2981, owner, contractURI, ERC-4906. */
export async function deployForeignArt721(
  rpcUrl: string,
  options: ForeignCommon &
    ForeignRoyalty & { name?: string; symbol?: string; baseURI?: string; contractURI?: string } = {},
) {
  const owner = options.owner ?? defaultOwner()
  const abi = foreignArt721Abi as Abi
  const contract = await deploy(rpcUrl, owner, abi, foreignArt721Bytecode, [
    options.name ?? 'Foreign Art',
    options.symbol ?? 'FART',
    options.baseURI ?? 'ipfs://bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi/',
    options.contractURI ?? '',
    owner.address,
    options.royaltyReceiver ?? owner.address,
    BigInt(options.royaltyBps ?? 500),
  ])
  const call = (functionName: string, args: unknown[]) =>
    send(rpcUrl, owner, { address: contract.address, abi, functionName, args })
  return {
    ...contract,
    standard: 'erc721' as const,
    /** Mints ids firstId … firstId + count − 1 to `to`. */
    mint: (to: Address, firstId: bigint, count = 1n) => call('mint', [to, firstId, count]),
    /** Moves every token's metadata and emits BatchMetadataUpdate(0, max). */
    setBaseURI: (baseURI: string) => call('setBaseURI', [baseURI]),
    /** Emits MetadataUpdate(tokenId). */
    touch: (tokenId: bigint) => call('touch', [tokenId]),
    /** Gives one token its own EIP-2981 receiver and rate. */
    setTokenRoyalty: (tokenId: bigint, receiver: Address, royaltyBps: number) =>
      call('setTokenRoyalty', [tokenId, receiver, BigInt(royaltyBps)]),
    transfer: (from: Account, to: Address, tokenId: bigint) =>
      send(rpcUrl, from, {
        address: contract.address,
        abi,
        functionName: 'transferFrom',
        args: [from.address, to, tokenId],
      }),
  }
}

/** An OpenZeppelin ERC-1155 with one `{id}` URI, name/symbol, EIP-2981, owner, contractURI. */
export async function deployForeignEditions1155(
  rpcUrl: string,
  options: ForeignCommon & ForeignRoyalty & { name?: string; symbol?: string; uri?: string; contractURI?: string } = {},
) {
  const owner = options.owner ?? defaultOwner()
  const abi = foreignEditions1155Abi as Abi
  const contract = await deploy(rpcUrl, owner, abi, foreignEditions1155Bytecode, [
    options.name ?? 'Foreign Editions',
    options.symbol ?? 'FED',
    options.uri ?? 'ipfs://bafybeihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku/{id}.json',
    options.contractURI ?? '',
    owner.address,
    options.royaltyReceiver ?? owner.address,
    BigInt(options.royaltyBps ?? 750),
  ])
  const call = (functionName: string, args: unknown[]) =>
    send(rpcUrl, owner, { address: contract.address, abi, functionName, args })
  return {
    ...contract,
    standard: 'erc1155' as const,
    /** TransferSingle: `amount` of `id` to `to`. */
    mint: (to: Address, id: bigint, amount = 1n) => call('mint', [to, id, amount]),
    /** One TransferBatch. */
    mintBatch: (to: Address, ids: bigint[], amounts: bigint[]) => call('mintBatch', [to, ids, amounts]),
    transfer: (from: Account, to: Address, id: bigint, amount: bigint) =>
      send(rpcUrl, from, {
        address: contract.address,
        abi,
        functionName: 'safeTransferFrom',
        args: [from.address, to, id, amount, '0x'],
      }),
  }
}

/** An ERC-721 drawing its metadata on chain: even ids base64 `data:` JSON, odd ids plain JSON; SVG images. */
export async function deployForeignOnchain721(
  rpcUrl: string,
  options: ForeignCommon & ForeignRoyalty & { name?: string; symbol?: string } = {},
) {
  const owner = options.owner ?? defaultOwner()
  const abi = foreignOnchain721Abi as Abi
  const contract = await deploy(rpcUrl, owner, abi, foreignOnchain721Bytecode, [
    options.name ?? 'Foreign Onchain',
    options.symbol ?? 'FON',
    owner.address,
    options.royaltyReceiver ?? owner.address,
    BigInt(options.royaltyBps ?? 250),
  ])
  return {
    ...contract,
    standard: 'erc721' as const,
    mint: (to: Address, firstId: bigint, count = 1n) =>
      send(rpcUrl, owner, { address: contract.address, abi, functionName: 'mint', args: [to, firstId, count] }),
  }
}

/** A bare ERC-721: no EIP-2981, no owner, no contractURI; anyone may mint. */
export async function deployForeignPlain721(
  rpcUrl: string,
  options: ForeignCommon & { name?: string; symbol?: string; baseURI?: string } = {},
) {
  const owner = options.owner ?? defaultOwner()
  const abi = foreignPlain721Abi as Abi
  const contract = await deploy(rpcUrl, owner, abi, foreignPlain721Bytecode, [
    options.name ?? 'Foreign Plain',
    options.symbol ?? 'FPL',
    options.baseURI ?? 'https://example.invalid/plain/',
  ])
  return {
    ...contract,
    standard: 'erc721' as const,
    mint: (to: Address, firstId: bigint, count = 1n) =>
      send(rpcUrl, owner, { address: contract.address, abi, functionName: 'mint', args: [to, firstId, count] }),
  }
}
