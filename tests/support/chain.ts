/**
 * A throwaway local chain for tests: anvil on a free port with the marketplace contracts
 * deployed exactly as `npm run dev` deploys them, and anvil's funded test accounts.
 */
import { createTestClient, createWalletClient, http, publicActions, walletActions, type Account } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { anvil } from 'viem/chains'
import { deployMarketplace } from '../../chain/local-contracts'
import { startAnvil } from '../../scripts/processes'

/** Anvil's well-known development mnemonic: public, funded only on local chains. */
export const TEST_MNEMONIC = 'test test test test test test test test test test test junk'

export const testAccount = (addressIndex: number) => mnemonicToAccount(TEST_MNEMONIC, { addressIndex })

export async function startTestChain() {
  const node = await startAnvil()
  const contracts = await deployMarketplace(node.url)
  const client = createTestClient({ chain: anvil, mode: 'anvil', transport: http(node.url) })
    .extend(publicActions)
    .extend(walletActions)
  const walletOf = (account: Account) =>
    createWalletClient({ chain: anvil, transport: http(node.url), account }).extend(publicActions)
  return { url: node.url, contracts, client, walletOf, stop: node.stop }
}
