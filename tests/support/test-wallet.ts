/**
 * A browser wallet for tests: an EIP-1193 provider announced with EIP-6963, injected with
 * `page.addInitScript`. It signs with viem private-key accounts (anvil's public test mnemonic)
 * in Node and forwards everything else to the local chain. Tests steer it: switch account,
 * reject the next request, see what it was asked.
 */
import type { Page } from 'playwright-core'
import { watchErrors, type TestBrowser } from './browser'
import { numberToHex, type Hex } from 'viem'
import { testAccount } from './chain'

export interface TestWalletOptions {
  rpcUrl: string
  chainId?: number
  /** Networks the wallet knows; switching to another answers 4902 until it is added. */
  knownChains?: number[]
  name?: string
  rdns?: string
  /** Which of anvil's test accounts the wallet holds (default 0, 1 and 2). */
  accounts?: number[]
  /**
   * EIP-5792: answers wallet_getCapabilities with atomic batching on 31337 and runs
   * wallet_sendCalls on anvil, all or none. Off by default: the wallet then forwards those
   * methods to anvil, which refuses them, as most wallets do today.
   */
  eip5792?: boolean
}

/** A batch the wallet ran: its calls' receipts, or that it failed and was undone. */
interface Batch {
  chainId: Hex
  receipts: unknown[]
  failed: boolean
}

interface RpcError {
  code: number
  message: string
}

export async function installTestWallet(page: Page, options: TestWalletOptions) {
  const accounts = (options.accounts ?? [0, 1, 2]).map(testAccount)
  const state = {
    current: 0,
    chainId: options.chainId ?? 31337,
    known: new Set(options.knownChains ?? [options.chainId ?? 31337]),
    connected: false,
    /** The next call of this method (or any request the visitor would see, with '*') is refused with 4001. */
    rejectNext: null as string | null,
    added: [] as { chainId: string; rpcUrls: string[] }[],
    watched: [] as unknown[],
    requests: [] as string[],
    batches: new Map<string, Batch>(),
  }
  const account = () => accounts[state.current]!
  const id = (options.rdns ?? 'dev.vitrine.test-wallet').replace(/[^a-z0-9]/gi, '_')
  const emit = (event: string, payload: unknown) =>
    page.evaluate(
      ([name, e, p]) =>
        (window as unknown as Record<string, (e: string, p: unknown) => void>)[name as string]!(e as string, p),
      [`__testWalletEmit_${id}`, event, payload] as const,
    )
  const rejected = (): RpcError => ({ code: 4001, message: 'User rejected the request.' })

  async function rpc(method: string, params: unknown[]): Promise<{ result?: unknown; error?: RpcError }> {
    const response = await fetch(options.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    })
    const body = (await response.json()) as { result?: unknown; error?: RpcError }
    return body.error ? { error: body.error } : { result: body.result }
  }

  /** A sent transaction's receipt, once mined (anvil may answer the hash before its block). */
  async function receiptOf(hash: Hex) {
    for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
      const receipt = (await rpc('eth_getTransactionReceipt', [hash])).result
      if (receipt) return receipt
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    return undefined
  }

  /**
   * All or none: the calls are first simulated together (eth_simulateV1, each seeing the state
   * the previous left); a batch with a failing call sends nothing. Otherwise they are sent one
   * after another from the wallet's account (anvil sends for its unlocked and impersonated
   * accounts), and should one still fail, the chain goes back to the snapshot taken before the
   * first (which would also undo anything else sent meanwhile: the simulation keeps that rare).
   */
  async function sendCalls(request: { chainId: Hex; calls: { to: Hex; data?: Hex; value?: Hex }[] }) {
    const from = account().address
    const simulated = await rpc('eth_simulateV1', [
      { blockStateCalls: [{ calls: request.calls.map((call) => ({ from, ...call })) }] },
      'latest',
    ])
    const results = (simulated.result as { calls: { status: Hex }[] }[] | undefined)?.[0]?.calls ?? []
    let failed = simulated.error !== undefined || results.some((call) => call.status !== '0x1')
    const receipts: unknown[] = []
    if (!failed) {
      const snapshot = (await rpc('evm_snapshot', [])).result
      for (const call of request.calls) {
        const sent = await rpc('eth_sendTransaction', [{ from, ...call }])
        const receipt = sent.error ? undefined : await receiptOf(sent.result as Hex)
        if (!receipt || (receipt as { status: Hex }).status !== '0x1') {
          failed = true
          break
        }
        receipts.push(receipt)
      }
      if (failed) await rpc('evm_revert', [snapshot])
    }
    const id = `0x${crypto.randomUUID().replace(/-/g, '')}`
    state.batches.set(id, { chainId: request.chainId, receipts: failed ? [] : receipts, failed })
    return id
  }

  async function handle(method: string, params: unknown[]): Promise<{ result?: unknown; error?: RpcError }> {
    state.requests.push(method)
    const userFacing = [
      'eth_requestAccounts',
      'personal_sign',
      'eth_signTypedData_v4',
      'eth_sendTransaction',
      'wallet_switchEthereumChain',
      'wallet_addEthereumChain',
      'wallet_sendCalls',
    ]
    if (state.rejectNext === method || (state.rejectNext === '*' && userFacing.includes(method))) {
      state.rejectNext = null
      return { error: rejected() }
    }
    switch (method) {
      case 'eth_requestAccounts':
      case 'wallet_requestPermissions':
        state.connected = true
        return {
          result: method === 'eth_requestAccounts' ? [account().address] : [{ parentCapability: 'eth_accounts' }],
        }
      case 'eth_accounts':
        return { result: state.connected ? [account().address] : [] }
      case 'wallet_getPermissions':
        return { result: state.connected ? [{ parentCapability: 'eth_accounts' }] : [] }
      case 'wallet_revokePermissions':
        state.connected = false
        return { result: null }
      case 'eth_chainId':
        return { result: numberToHex(state.chainId) }
      case 'net_version':
        return { result: String(state.chainId) }
      case 'personal_sign': {
        const [data, from] = params as [Hex, string]
        if (from.toLowerCase() !== account().address.toLowerCase()) {
          return { error: { code: 4100, message: 'The requested account has not been authorized.' } }
        }
        return { result: await account().signMessage({ message: { raw: data } }) }
      }
      case 'eth_signTypedData_v4': {
        const [from, json] = params as [string, string]
        if (from.toLowerCase() !== account().address.toLowerCase()) {
          return { error: { code: 4100, message: 'The requested account has not been authorized.' } }
        }
        const typed = JSON.parse(json) as Parameters<ReturnType<typeof testAccount>['signTypedData']>[0]
        const { EIP712Domain: _domain, ...types } = typed.types as Record<string, unknown>
        return { result: await account().signTypedData({ ...typed, types } as typeof typed) }
      }
      case 'wallet_switchEthereumChain': {
        const id = Number((params[0] as { chainId: string }).chainId)
        if (!state.known.has(id)) return { error: { code: 4902, message: `Unrecognized chain ID ${id}.` } }
        state.chainId = id
        await emit('chainChanged', numberToHex(id))
        return { result: null }
      }
      case 'wallet_addEthereumChain': {
        const chain = params[0] as { chainId: string; rpcUrls: string[] }
        state.added.push(chain)
        state.known.add(Number(chain.chainId))
        // Like MetaMask, adding a network also switches to it.
        state.chainId = Number(chain.chainId)
        await emit('chainChanged', chain.chainId)
        return { result: null }
      }
      case 'wallet_watchAsset':
        state.watched.push(params)
        return { result: true }
      case 'wallet_getCapabilities':
        if (!options.eip5792) return rpc(method, params)
        return { result: { [numberToHex(31337)]: { atomic: { status: 'supported' } } } }
      case 'wallet_sendCalls': {
        if (!options.eip5792) return rpc(method, params)
        const request = params[0] as { chainId: Hex; from?: string; calls: { to: Hex; data?: Hex; value?: Hex }[] }
        if (Number(request.chainId) !== 31337 || Number(request.chainId) !== state.chainId) {
          return { error: { code: 5710, message: `Chain ${Number(request.chainId)} is not supported for batches.` } }
        }
        if (request.from && request.from.toLowerCase() !== account().address.toLowerCase()) {
          return { error: { code: 4100, message: 'The requested account has not been authorized.' } }
        }
        return { result: { id: await sendCalls(request) } }
      }
      case 'wallet_getCallsStatus': {
        if (!options.eip5792) return rpc(method, params)
        const id = params[0] as string
        const batch = state.batches.get(id)
        if (!batch) return { error: { code: 5730, message: 'Unknown bundle id.' } }
        return {
          result: {
            version: '2.0.0',
            id,
            chainId: batch.chainId,
            status: batch.failed ? 500 : 200,
            atomic: true,
            receipts: batch.receipts,
          },
        }
      }
      default:
        return rpc(method, params)
    }
  }

  await page.exposeFunction(`__testWalletRequest_${id}`, (method: string, params: unknown[]) =>
    handle(method, params ?? []),
  )
  await page.addInitScript(pageScript(id, options.name ?? 'Test Wallet', options.rdns ?? 'dev.vitrine.test-wallet'))

  return {
    accounts,
    state,
    address: () => account().address,
    /** As when the visitor presses Reject in the wallet. */
    rejectNext(method = '*') {
      state.rejectNext = method
    },
    /** As when the visitor picks another account in the wallet. */
    async switchAccount(index: number) {
      state.current = index
      await emit('accountsChanged', [account().address])
    },
  }
}

export type TestWallet = Awaited<ReturnType<typeof installTestWallet>>

/**
 * The page side, as source text: functions handed to addInitScript would carry the test
 * transpiler's helpers (e.g. esbuild's __name) into a page that does not have them.
 */
function pageScript(id: string, name: string, rdns: string): string {
  const icon =
    "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Crect width='32' height='32' rx='8' fill='%236d3cff'/%3E%3C/svg%3E"
  return `(() => {
    const listeners = {}
    const provider = {
      async request({ method, params }) {
        const answer = await window.__testWalletRequest_${id}(method, params || [])
        if (answer.error) throw Object.assign(new Error(answer.error.message), { code: answer.error.code })
        return answer.result
      },
      on(event, listener) { (listeners[event] = listeners[event] || []).push(listener); return provider },
      removeListener(event, listener) {
        listeners[event] = (listeners[event] || []).filter((l) => l !== listener)
        return provider
      },
    }
    window.__testWalletEmit_${id} = (event, payload) => (listeners[event] || []).forEach((l) => l(payload))
    const info = Object.freeze({ uuid: crypto.randomUUID(), name: ${JSON.stringify(name)}, icon: ${JSON.stringify(icon)}, rdns: ${JSON.stringify(rdns)} })
    const announce = () =>
      window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }))
    window.addEventListener('eip6963:requestProvider', announce)
    announce()
  })()`
}

/** A browser context of its own (1280×900) whose page has a test wallet and an error watch. */
export async function visitorWithWallet(browser: TestBrowser, options: TestWalletOptions) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  const page = await context.newPage()
  const errors = watchErrors(page)
  const wallet = await installTestWallet(page, options)
  return { page, wallet, errors, close: () => context.close() }
}
