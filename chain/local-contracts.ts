/**
 * Deploys the marketplace contracts (Seaport 1.6, its conduit controller, WETH) and Vitrine
 * collections to the local chain, at the CREATE2 addresses of ./create2.ts. Node only: used by
 * `npm run dev`, the seed and the tests.
 */
import { concat, createWalletClient, encodeDeployData, http, publicActions, type Address, type Hex } from 'viem'
import { anvil } from 'viem/chains'
import { CREATE2_PROXY, CREATE2_SALT, create2Address, seaportArtifact, seaportInitCode } from './create2'
import { localDeployment } from './artifacts/localDeployment'
import { vitrineCollectionAbi, vitrineCollectionBytecode } from './artifacts/VitrineCollection'
import { multicall3Bytecode } from './artifacts/Multicall3'
import { wrappedEtherBytecode } from './artifacts/WrappedEther'
import { MULTICALL3 } from './viem-chains'

/** anvil's last test account (9) pays the gas of the local deployments; 0 to 2 stay untouched for wallets. */
const DEPLOYER: Address = '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720'

/** Deploys `initCode` through the CREATE2 proxy unless code is already there; returns the address. */
export async function deployOnce(rpcUrl: string, initCode: Hex): Promise<Address> {
  const address = create2Address(initCode)
  const client = createWalletClient({ chain: anvil, transport: http(rpcUrl), account: DEPLOYER }).extend(publicActions)
  if (await client.getCode({ address })) return address
  const hash = await client.sendTransaction({ to: CREATE2_PROXY, data: concat([CREATE2_SALT, initCode]) })
  const receipt = await client.waitForTransactionReceipt({ hash })
  if (receipt.status !== 'success' || !(await client.getCode({ address }))) {
    throw new Error(`deploying to ${address} failed (transaction ${hash})`)
  }
  return address
}

/**
 * Puts Multicall3 at its canonical address, as public chains have it, so that batched reads work
 * the same locally: its runtime code is what its creation code returns (an eth_call, no
 * transaction), set there with anvil_setCode. Idempotent.
 */
export async function placeMulticall3(rpcUrl: string): Promise<void> {
  const client = createWalletClient({ chain: anvil, transport: http(rpcUrl), account: DEPLOYER }).extend(publicActions)
  if (await client.getCode({ address: MULTICALL3 })) return
  const { data } = await client.call({ data: multicall3Bytecode })
  if (!data) throw new Error('Multicall3: its creation code returned no runtime code')
  await client.request({ method: 'anvil_setCode' as never, params: [MULTICALL3, data] as never })
}

/**
 * Puts the conduit controller, Seaport, WETH and Multicall3 on the local chain (idempotent). Fails when
 * chain/artifacts/localDeployment.ts no longer matches the bytecode: run `npm run contracts`.
 */
export async function deployMarketplace(rpcUrl: string): Promise<typeof localDeployment> {
  const deployed = {
    conduitController: await deployOnce(rpcUrl, seaportArtifact('conduitController').bytecode),
    seaport: await deployOnce(rpcUrl, seaportInitCode(localDeployment.conduitController)),
    weth: await deployOnce(rpcUrl, wrappedEtherBytecode),
  }
  await placeMulticall3(rpcUrl)
  for (const [name, address] of Object.entries(deployed)) {
    if (address !== localDeployment[name as keyof typeof deployed]) {
      throw new Error(`${name} landed at ${address}, not where localDeployment.ts says: run \`npm run contracts\``)
    }
  }
  return localDeployment
}

export interface CollectionContract {
  name: string
  symbol: string
  creator: Address
  royaltyBps: number
  feeRecipient: Address
  feeBps: number
}

export function collectionInitCode(c: CollectionContract): Hex {
  return encodeDeployData({
    abi: vitrineCollectionAbi,
    bytecode: vitrineCollectionBytecode,
    args: [c.name, c.symbol, c.creator, BigInt(c.royaltyBps), c.feeRecipient, BigInt(c.feeBps)],
  })
}

/** Deploys a Vitrine collection contract (idempotent: its address follows from its arguments). */
export function deployCollection(rpcUrl: string, collection: CollectionContract): Promise<Address> {
  return deployOnce(rpcUrl, collectionInitCode(collection))
}
