/**
 * A hostile ERC-721 (chain/contracts/foreign/Hostile721.sol) on a local chain: trades through
 * Seaport like any ERC-721, and lies in its logs when told to.
 *
 *   const hostile = await deployHostile721(chain.url, { feeRecipient, feeBps })
 *   await hostile.mint(holder.address, 1n)
 *   await hostile.forge({ from: victim.address })        // the next moves log the victim as sender
 *   await hostile.forgeVoucherRedeemed(1n, victim.address, parseEther('1000000'))
 *   await hostile.flood(1_000_000n, 14_000n)             // Transfer logs of tokens that do not exist
 *   await hostile.refuseApprovals(true)                  // isApprovedForAll reverts
 */
import { zeroAddress, type Abi, type Address } from 'viem'
import type { HDAccount } from 'viem/accounts'
import { hostile1155Abi, hostile1155Bytecode } from '../../chain/artifacts/Hostile1155'
import { hostile721Abi, hostile721Bytecode } from '../../chain/artifacts/Hostile721'
import { testAccount } from './chain'
import { deploy, send as sendFrom } from './foreign'

export async function deployHostile721(
  rpcUrl: string,
  {
    feeRecipient = zeroAddress,
    feeBps = 0,
    owner = testAccount(9),
  }: { feeRecipient?: Address; feeBps?: number; owner?: HDAccount } = {},
) {
  const abi = hostile721Abi as Abi
  const { address, deployBlock } = await deploy(rpcUrl, owner, abi, hostile721Bytecode, [feeRecipient, BigInt(feeBps)])
  const send = (functionName: string, args: readonly unknown[], gas?: bigint) =>
    sendFrom(rpcUrl, owner, { address, abi, functionName, args, gas })
  return {
    address,
    deployBlock,
    owner,
    mint: (to: Address, tokenId: bigint) => send('mint', [to, tokenId]),
    /** From now on, each move's Transfer log names these instead of the real parties (zero: the real one). */
    forge: ({ from = zeroAddress, to = zeroAddress }: { from?: Address; to?: Address }) => send('forge', [from, to]),
    /** `count` of Seaport's CounterIncremented logs in one transaction (the contract's own counter). */
    floodCounters: (seaport: Address, count: bigint) => send('floodCounters', [seaport, count], 29_000_000n),
    /** While set, `isApprovedForAll` reverts. */
    refuseApprovals: (refuses: boolean) => send('refuseApprovals', [refuses]),
    forgeVoucherRedeemed: (tokenId: bigint, buyer: Address, price: bigint) =>
      send('forgeVoucherRedeemed', [tokenId, buyer, price]),
    /** `count` Transfer logs in one transaction (about 2,000 gas each). */
    flood: (firstId: bigint, count: bigint) => send('flood', [firstId, count], 29_000_000n),
  }
}

/**
 * A hostile ERC-1155 (chain/contracts/foreign/Hostile1155.sol): OpenZeppelin's, plus TransferSingle
 * logs of moves that never happened.
 *
 *   await editions.forgeSingle(victim.address, attacker.address, 1n, 3n) // the victim holds none
 */
export async function deployHostile1155(rpcUrl: string, owner: HDAccount = testAccount(9)) {
  const abi = hostile1155Abi as Abi
  const { address, deployBlock } = await deploy(rpcUrl, owner, abi, hostile1155Bytecode, [])
  const send = (functionName: string, args: readonly unknown[]) =>
    sendFrom(rpcUrl, owner, { address, abi, functionName, args })
  return {
    address,
    deployBlock,
    owner,
    mint: (to: Address, id: bigint, amount: bigint) => send('mint', [to, id, amount]),
    forgeSingle: (from: Address, to: Address, id: bigint, value: bigint) => send('forgeSingle', [from, to, id, value]),
  }
}
