/**
 * seaport-js as a third-party trader runs it: ethers 6 wallets of anvil's test accounts on the
 * test chain, each with a Seaport client of the chain's Seaport.
 */
import { Seaport } from '@opensea/seaport-js'
import { HDNodeWallet, JsonRpcProvider } from 'ethers'
import type { Address } from 'viem'
import { TEST_MNEMONIC } from './chain'

/** seaport-js is CommonJS and types its signer with ethers' CommonJS declarations, tests with the ESM ones. */
type SeaportSigner = ConstructorParameters<typeof Seaport>[0]

export function seaportClients(rpcUrl: string, seaport: Address) {
  const provider = new JsonRpcProvider(rpcUrl, 31337, { staticNetwork: true, pollingInterval: 50, cacheTimeout: -1 })
  /** Anvil's account `index` as an ethers wallet, derived by ethers itself. */
  const walletOf = (index: number) =>
    HDNodeWallet.fromPhrase(TEST_MNEMONIC, undefined, `m/44'/60'/0'/0/${index}`).connect(provider)
  const seaportOf = (index: number) =>
    new Seaport(walletOf(index) as unknown as SeaportSigner, { overrides: { contractAddress: seaport } })
  return { provider, walletOf, seaportOf, destroy: () => provider.destroy() }
}
