/**
 * The one wagmi configuration. Networks and RPC URLs come from the server's configuration
 * (`CHAINS`, `RPC_URL_<id>`); wallets are found with EIP-6963, plus the legacy injected one.
 * The connection is remembered in a cookie so server rendering can show it on the next visit.
 */
import type { Chain } from 'viem'
import { cookieStorage, createConfig, createStorage, http, type Transport } from 'wagmi'
import { injected, walletConnect } from 'wagmi/connectors'
import type { PublicChain } from '../../chain/networks'
import { VIEM_CHAINS } from '../../chain/viem-chains'

export function createWalletConfig(chains: PublicChain[], walletConnectProjectId?: string | null) {
  const known = chains.filter((c) => VIEM_CHAINS[c.id])
  if (known.length === 0) throw new Error('No wagmi client found: no supported network is configured.')
  const viemChains = known.map((c) => withRpc(VIEM_CHAINS[c.id]!, c.rpcUrl)) as [Chain, ...Chain[]]
  return createConfig({
    chains: viemChains,
    connectors: [
      injected(),
      // Phone wallets through the WalletConnect relay, when the deployment has a project id.
      ...(walletConnectProjectId
        ? [
            walletConnect({
              projectId: walletConnectProjectId,
              metadata: {
                name: 'Vitrine',
                description: 'Discover, collect and sell NFTs',
                url: location.origin,
                icons: [`${location.origin}/favicon.svg`],
              },
            }),
          ]
        : []),
    ],
    multiInjectedProviderDiscovery: true,
    // Built only in the browser (./runtime loads on demand), so no SSR hydration step is needed;
    // the server reads the same cookie itself (server/http/wallet-cookie.ts).
    ssr: false,
    storage: createStorage({ storage: cookieStorage }),
    transports: Object.fromEntries(known.map((c) => [c.id, http(c.rpcUrl)])) as Record<number, Transport>,
  })
}

/** The wallet is told our RPC URL when it is asked to add the network (error 4902). */
function withRpc(chain: Chain, rpcUrl: string): Chain {
  return { ...chain, rpcUrls: { ...chain.rpcUrls, default: { http: [rpcUrl] } } }
}

export type WalletConfig = ReturnType<typeof createWalletConfig>
