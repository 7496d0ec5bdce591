/**
 * The wallet and session state every component reads:
 * initializing → unavailable | notConnected | connected, and connecting in between.
 * This file stays light: wallets are discovered with a few lines of EIP-6963, and wagmi
 * (./runtime) is loaded only when it is needed.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react'
import type { Address } from 'viem'
import { networkName } from '../../chain/networks'
import { useTRPC, useTRPCClient } from '../lib/trpc-react'
import { onSessionChangeElsewhere } from './session-channel'
import type { LiveConnection, WalletRuntime } from './runtime'
import type { Creating } from './creating'
import type { Trading } from './trading'

export type WalletStatus = 'initializing' | 'unavailable' | 'notConnected' | 'connecting' | 'connected'

export interface DiscoveredWallet {
  /** EIP-6963 rdns, also wagmi's connector id; 'injected' for a wallet that does not announce itself. */
  id: string
  name: string
  icon?: string
}

export interface Connected {
  address: Address
  chainId: number
}

export interface WalletContextValue {
  status: WalletStatus
  address?: Address
  chainId?: number
  /** True when the wallet's network is not one this deployment offers. */
  unsupportedChain: boolean
  chainName?: string
  balance?: bigint
  wallets: DiscoveredWallet[]
  supportedChainIds: number[]
  session: { status: 'loading' | 'authenticated' | 'unauthenticated'; address?: string }
  /** The last problem or hint worth telling the visitor. */
  notice: string | null
  busy: 'signing' | 'switching' | null
  dismissNotice: () => void
  /** Answers the connected account, or null (the notice says why). */
  connect: (walletId?: string) => Promise<Connected | null>
  /** Signs in as the given (just connected) account, or the current one. */
  signIn: (
    callbackUrl?: string,
    as?: Connected,
  ) => Promise<{ ok: boolean; error?: string | null; code?: string | null }>
  signOut: () => Promise<void>
  switchChain: (chainId: number) => Promise<void>
  addWeth: () => Promise<void>
  /** The trading actions (list, buy, offer, accept, cancel), loaded on first use. */
  trading: () => Promise<Trading>
  /** The creating actions (deploy a collection, lazy mint, mint now), loaded on first use. */
  creating: () => Promise<Creating>
}

const WalletContext = createContext<WalletContextValue | null>(null)

/** Using wallet state outside its provider is an error. */
export function useWallet(): WalletContextValue {
  const value = useContext(WalletContext)
  if (!value) throw new Error('useWallet must be used inside <WalletProvider>')
  return value
}

// Needed only when something happens, so they load then and stay out of the first page load.
const authClient = () => import('./auth-client')
const describe = (error: unknown) =>
  import('./errors')
    .then((m) => m.walletErrorMessage(error))
    .catch(() => 'Something went wrong with your wallet. Please try again.')

const WALLETCONNECT: DiscoveredWallet = { id: 'walletConnect', name: 'WalletConnect' }

/** How long discovery waits for wallets to announce themselves before calling them missing. */
const DISCOVERY_MS = 400

export function WalletProvider({ children, sessionRefetchMs = 0 }: { children: ReactNode; sessionRefetchMs?: number }) {
  const trpc = useTRPC()
  const router = useRouter()
  const queryClient = useQueryClient()
  const boot = useQuery(trpc.wallet.queryOptions(undefined, { staleTime: Infinity }))
  const sessionQuery = useQuery(trpc.session.queryOptions(undefined, { refetchInterval: sessionRefetchMs || false }))
  const loadTrpcClient = useTRPCClient()
  const remembered = boot.data?.remembered ?? null
  const chains = useMemo(() => boot.data?.chains ?? [], [boot.data])
  const walletConnectProjectId = boot.data?.walletConnectProjectId ?? null
  const [injectedWallets, setWallets] = useState<DiscoveredWallet[]>([])
  // Phone wallets are one more choice when the deployment has a WalletConnect project.
  const wallets = useMemo(
    () => (walletConnectProjectId ? [...injectedWallets, WALLETCONNECT] : injectedWallets),
    [injectedWallets, walletConnectProjectId],
  )

  const [discovered, setDiscovered] = useState(false)
  const [live, setLive] = useState<LiveConnection | null>(null)
  const [balanceOf, setBalanceOf] = useState<{ key: string; value: bigint }>()
  const [notice, setNotice] = useState<string | null>(null)
  const [busy, setBusy] = useState<WalletContextValue['busy']>(null)
  const runtime = useRef<Promise<WalletRuntime> | null>(null)

  const loadRuntime = useCallback(() => {
    // Effects and handlers run in the browser only; this keeps wagmi out of the server bundle.
    if (import.meta.env.SSR) return Promise.reject(new Error('The wallet runtime is browser-only.'))
    runtime.current ??= import('./runtime').then(({ createWalletRuntime }) =>
      createWalletRuntime(chains, walletConnectProjectId, setLive),
    )
    return runtime.current
  }, [chains, walletConnectProjectId])

  // EIP-6963: wallets announce themselves; a wallet that does not is found at window.ethereum.
  useEffect(() => {
    const found = new Map<string, DiscoveredWallet>()
    const onAnnounce = (event: Event) => {
      const info = (event as CustomEvent<{ info?: { rdns?: string; name?: string; icon?: string } }>).detail?.info
      if (!info?.rdns || !info.name) return
      found.set(info.rdns, { id: info.rdns, name: info.name, icon: info.icon })
      setWallets([...found.values()])
    }
    window.addEventListener('eip6963:announceProvider', onAnnounce)
    window.dispatchEvent(new Event('eip6963:requestProvider'))
    const timer = setTimeout(() => {
      if (found.size === 0 && 'ethereum' in window && window.ethereum) {
        found.set('injected', { id: 'injected', name: 'Metamask' })
        setWallets([...found.values()])
      }
      setDiscovered(true)
    }, DISCOVERY_MS)
    return () => {
      clearTimeout(timer)
      window.removeEventListener('eip6963:announceProvider', onAnnounce)
    }
  }, [])

  // A returning visitor: restore the remembered connection (the first paint already shows it).
  useEffect(() => {
    if (!remembered || chains.length === 0) return
    void loadRuntime().then((r) => r.reconnect())
  }, [remembered, chains, loadRuntime])

  // Sessions change in other tabs, and while this tab was hidden.

  const status: WalletStatus = (() => {
    if (live) {
      if (live.status === 'connected' && live.address) return 'connected'
      if (live.status === 'connecting') return 'connecting'
      if (live.status === 'reconnecting' && remembered) return 'connected'
    } else if (remembered) {
      return 'connected'
    }
    if (!discovered && wallets.length === 0) return 'initializing'
    return wallets.length === 0 ? 'unavailable' : 'notConnected'
  })()
  // The live connection once wagmi runs; until then the one the server remembered.
  const account = live ? (live.status === 'disconnected' ? undefined : live) : remembered
  const address = account?.address
  const chainId = account?.chainId
  const supportedChainIds = useMemo(() => chains.map((c) => c.id), [chains])
  const unsupportedChain = chainId !== undefined && !supportedChainIds.includes(chainId)
  const chainName = chainId === undefined ? undefined : networkName(chainId)
  const sessionAddress = sessionQuery.data?.address

  // The balance follows the account and the network.
  const balanceKey = `${address}:${chainId}`
  const balance = balanceOf?.key === balanceKey ? balanceOf.value : undefined
  useEffect(() => {
    if (status !== 'connected' || !address || chainId === undefined || unsupportedChain || !live) return
    let current = true
    void loadRuntime()
      .then((r) => r.balance(address, chainId))
      .then((value) => current && setBalanceOf({ key: `${address}:${chainId}`, value }))
      .catch(() => {})
    return () => {
      current = false
    }
  }, [status, address, chainId, unsupportedChain, live, loadRuntime])

  /** Reads the session again and re-runs the loaders that depend on it. */
  const refreshSession = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: trpc.session.queryKey() })
    await router.invalidate()
  }, [queryClient, router, trpc])

  // Sessions change in other tabs, and while this tab was hidden.
  useEffect(() => {
    // A hidden tab only re-reads the session; a change announced by another tab also re-runs loaders.
    const onVisible = () =>
      document.visibilityState === 'visible' &&
      void queryClient.invalidateQueries({ queryKey: trpc.session.queryKey() })
    document.addEventListener('visibilitychange', onVisible)
    const stop = onSessionChangeElsewhere(() => void refreshSession())
    return () => {
      document.removeEventListener('visibilitychange', onVisible)
      stop()
    }
  }, [refreshSession, queryClient, trpc])

  // A session belongs to one address; if the wallet switches accounts, it ends.
  useEffect(() => {
    if (!live || live.status !== 'connected' || !live.address || !sessionAddress) return
    if (live.address.toLowerCase() === sessionAddress.toLowerCase()) return
    void (async () => {
      await (await authClient()).signOut()
      setNotice(`Your wallet switched to another account. Sign in again to continue as ${live.address}.`)
      await refreshSession()
    })()
  }, [live, sessionAddress, refreshSession])

  const connect = useCallback(
    async (walletId?: string) => {
      if (wallets.length === 0) {
        setNotice('No browser wallet was found.')
        return null
      }
      setNotice(null)
      try {
        const r = await loadRuntime()
        const connected = await r.connect(walletId ?? (wallets.length === 1 ? wallets[0]!.id : undefined))
        return connected.address ? { address: connected.address, chainId: connected.chainId } : null
      } catch (error) {
        // A pending request (-32002) is only a hint; the wallet is already asking the visitor.
        setNotice(await describe(error))
        return null
      }
    },
    [wallets, loadRuntime],
  )

  const signIn = useCallback(
    async (callbackUrl = '/', as?: Connected) => {
      const account = as ?? (address && chainId !== undefined ? { address, chainId } : null)
      if (!account) return { ok: false }
      if (!supportedChainIds.includes(account.chainId)) {
        setNotice('Switch your wallet to a supported network before signing in.')
        return { ok: false }
      }
      setBusy('signing')
      setNotice(null)
      try {
        const r = await loadRuntime()
        const { message, signature } = await r.signInMessage(
          account.address,
          account.chainId,
          await (await loadTrpcClient()).siweNonce.mutate(),
        )
        const result = await (await authClient()).submitSignIn(message, signature, callbackUrl)
        await refreshSession()
        return { ok: !result.error, ...result }
      } catch (error) {
        setNotice(await describe(error))
        return { ok: false }
      } finally {
        setBusy(null)
      }
    },
    [address, chainId, supportedChainIds, loadRuntime, loadTrpcClient, refreshSession],
  )

  const signOut = useCallback(async () => {
    setNotice(null)
    await (await authClient()).signOut()
    if (runtime.current) await (await runtime.current).disconnect()
    setLive({ status: 'disconnected' })
    await refreshSession()
  }, [refreshSession])

  const switchChain = useCallback(
    async (target: number) => {
      setBusy('switching')
      setNotice(null)
      try {
        await (await loadRuntime()).switchChain(target)
      } catch (error) {
        setNotice(await describe(error))
      } finally {
        setBusy(null)
      }
    },
    [loadRuntime],
  )

  const addWeth = useCallback(async () => {
    if (chainId === undefined) return
    try {
      const added = await (await loadRuntime()).watchWeth(chainId)
      setNotice(added ? 'WETH was added to your wallet.' : 'Your wallet did not add WETH.')
    } catch (error) {
      setNotice(await describe(error))
    }
  }, [chainId, loadRuntime])

  const tradingActions = useRef<Promise<Trading> | null>(null)
  const trading = useCallback(() => {
    // Browser-only, like the runtime: the Worker's bundle leaves trading and creating out.
    if (import.meta.env.SSR) return Promise.reject(new Error('Trading is browser-only.'))
    tradingActions.current ??= Promise.all([loadRuntime(), import('./trading'), loadTrpcClient()]).then(
      ([loaded, { createTrading }, trpcClient]) => createTrading(loaded.config, trpcClient),
    )
    return tradingActions.current
  }, [loadRuntime, loadTrpcClient])

  const creatingActions = useRef<Promise<Creating> | null>(null)
  const creating = useCallback(() => {
    if (import.meta.env.SSR) return Promise.reject(new Error('Creating is browser-only.'))
    creatingActions.current ??= Promise.all([loadRuntime(), import('./creating'), loadTrpcClient()]).then(
      ([loaded, { createCreating }, trpcClient]) => createCreating(loaded.config, trpcClient),
    )
    return creatingActions.current
  }, [loadRuntime, loadTrpcClient])

  const value: WalletContextValue = {
    status,
    address,
    chainId,
    unsupportedChain,
    chainName,
    balance,
    wallets,
    supportedChainIds,
    session: sessionQuery.isPending
      ? { status: 'loading' }
      : sessionAddress
        ? { status: 'authenticated', address: sessionAddress }
        : { status: 'unauthenticated' },
    notice,
    busy,
    dismissNotice: () => setNotice(null),
    connect,
    signIn,
    signOut,
    switchChain,
    addWeth,
    trading,
    creating,
  }
  return <WalletContext.Provider value={value}>{children}</WalletContext.Provider>
}

declare global {
  interface Window {
    ethereum?: unknown
  }
}
