/**
 * The wallet runtime: wagmi and viem, loaded on demand (they weigh ~50 KB gzipped, more than a
 * third of the first-load budget). WalletProvider imports this only when a visitor connects,
 * or when their wallet was connected on a previous visit.
 */
import type { Address } from 'viem'
import { createSiweMessage } from 'viem/siwe'
import {
  connect,
  disconnect,
  getBalance,
  getConnection,
  getConnectors,
  reconnect,
  signMessage,
  switchChain,
  watchAsset,
  watchConnection,
} from 'wagmi/actions'
import { NETWORKS, type PublicChain } from '../../chain/networks'
import { createWalletConfig } from './config'

export interface LiveConnection {
  status: 'connected' | 'connecting' | 'reconnecting' | 'disconnected'
  address?: Address
  chainId?: number
}

/** Sign-in messages live 10 minutes at most (the server refuses longer ones). */
const MESSAGE_LIFETIME_MS = 10 * 60_000 - 5_000

export function createWalletRuntime(
  chains: PublicChain[],
  walletConnectProjectId: string | null,
  onChange: (connection: LiveConnection) => void,
) {
  const config = createWalletConfig(chains, walletConnectProjectId)
  const report = () => {
    const { status, address, chainId } = getConnection(config)
    onChange({ status, address, chainId })
  }
  const unwatch = watchConnection(config, { onChange: report })

  return {
    /** wagmi's configuration, for the trading actions (./trading.ts). */
    config,
    /** Restores the connection remembered in the wagmi cookie, if the wallet still allows it. */
    async reconnect() {
      await reconnect(config)
      report()
    },
    /** `walletId` is the EIP-6963 rdns; without it, the first wallet found. */
    async connect(walletId?: string) {
      const connectors = getConnectors(config)
      const connector =
        connectors.find((c) => c.id === walletId) ??
        connectors.find((c) => c.type === 'injected' && c.id !== 'injected') ??
        connectors[0]
      if (!connector) throw Object.assign(new Error('No wallet connector'), { name: 'ConnectorNotFoundError' })
      const { accounts, chainId } = await connect(config, { connector })
      return { address: accounts[0], chainId }
    },
    async disconnect() {
      await disconnect(config)
    },
    balance: async (address: Address, chainId: number) => (await getBalance(config, { address, chainId })).value,
    /** wagmi's injected connector adds the network (wallet_addEthereumChain) when the wallet answers 4902. */
    switchChain: (chainId: number) => switchChain(config, { chainId }),
    async signInMessage(address: Address, chainId: number, nonce: string) {
      const issuedAt = new Date()
      const message = createSiweMessage({
        domain: location.host,
        address,
        statement: 'Sign in to Vitrine. This proves you own this wallet; it sends no transaction and costs no gas.',
        uri: location.origin,
        version: '1',
        chainId,
        nonce,
        issuedAt,
        expirationTime: new Date(issuedAt.getTime() + MESSAGE_LIFETIME_MS),
      })
      return { message, signature: await signMessage(config, { account: address, message }) }
    },
    async watchWeth(chainId: number) {
      const weth = NETWORKS[chainId]?.weth
      if (!weth) throw new Error('WETH is not known on this network.')
      return watchAsset(config, { type: 'ERC20', options: { address: weth, symbol: 'WETH', decimals: 18 } })
    },
    dispose: unwatch,
  }
}

export type WalletRuntime = ReturnType<typeof createWalletRuntime>
