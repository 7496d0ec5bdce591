import { describe, expect, it } from 'vitest'
import { UserRejectedRequestError } from 'viem'
import { authErrorMessage } from '../../app/lib/auth-errors'
import { safeCallbackPath } from '../../app/wallet/auth-client'
import { walletErrorCode, walletErrorMessage } from '../../app/wallet/errors'
import { rememberedAccount } from '../../server/http/wallet-cookie'
import { parseEnv } from '../../server/platform/env'
import { NETWORKS } from '../../chain/networks'

describe('wallet error messages', () => {
  it('finds the EIP-1193 code along the cause chain', () => {
    const wrapped = new UserRejectedRequestError(Object.assign(new Error('no'), { code: 4001 }))
    expect(walletErrorCode(wrapped)).toBe(4001)
    expect(walletErrorCode({ cause: { cause: { code: -32002 } } })).toBe(-32002)
    expect(walletErrorCode(new Error('plain'))).toBeUndefined()
  })

  it('says what happened in words', () => {
    expect(walletErrorMessage({ code: 4001 })).toBe('You rejected the request in your wallet.')
    expect(walletErrorMessage({ code: -32002 })).toContain('already has a request waiting')
    expect(walletErrorMessage({ code: 4902 })).toContain('does not know this network')
    expect(walletErrorMessage(Object.assign(new Error('x'), { name: 'ProviderNotFoundError' }))).toBe(
      'No browser wallet was found.',
    )
    expect(walletErrorMessage(new Error('boom\n  at stack'))).toBe('Your wallet reported a problem: boom')
    const refusal = Object.assign(new Error('Too many sign-in attempts; try again in 42 seconds.'), {
      name: 'ServerRefusal',
    })
    expect(walletErrorMessage(refusal)).toBe('Too many sign-in attempts; try again in 42 seconds.')
  })
})

describe('login page errors', () => {
  it('explains Auth.js error types and SIWE refusal codes', () => {
    expect(authErrorMessage(undefined)).toBeNull()
    expect(authErrorMessage('SessionRequired')).toContain('sign in')
    expect(authErrorMessage('CredentialsSignin', 'bad_nonce')).toContain('already used or has expired')
    expect(authErrorMessage('CredentialsSignin', 'unknown')).toContain('could not be verified')
    expect(authErrorMessage('Whatever')).toContain('Something went wrong')
  })
})

describe('callback URLs after sign-in', () => {
  it('follows same-site paths only', () => {
    expect(safeCallbackPath('/profile/0xabc?x=1', '/')).toBe('/profile/0xabc?x=1')
    expect(safeCallbackPath('//evil.example/x', '/')).toBe('/')
    expect(safeCallbackPath('https://evil.example/', '/home')).toBe('/home')
    expect(safeCallbackPath(undefined, '/fallback')).toBe('/fallback')
  })
})

describe('the remembered wallet (wagmi cookie)', () => {
  const cookie = (state: unknown) => `theme=dark; wagmi.store=${encodeURIComponent(JSON.stringify(state))}; other=1`
  const state = {
    state: {
      current: 'uid1',
      chainId: 1,
      connections: {
        __type: 'Map',
        value: [['uid1', { accounts: ['0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'], chainId: 31337, connector: {} }]],
      },
    },
    version: 2,
  }

  it('reads the current account, checksummed, and its chain', () => {
    expect(rememberedAccount(cookie(state))).toEqual({
      address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      chainId: 31337,
    })
  })

  it('ignores a missing, disconnected or garbled cookie', () => {
    expect(rememberedAccount(null)).toBeNull()
    expect(rememberedAccount('theme=dark')).toBeNull()
    expect(rememberedAccount(cookie({ state: { ...state.state, current: null } }))).toBeNull()
    expect(rememberedAccount('wagmi.store={not json')).toBeNull()
    expect(rememberedAccount(cookie({ state: { current: 'u', connections: [] } }))).toBeNull()
  })
})

describe('chain configuration', () => {
  const secret = 'x'.repeat(32)
  it('offers anvil first in development and only public networks in production', () => {
    expect(parseEnv({ AUTH_SECRET: secret }).chains.map((c) => c.id)).toEqual([31337, 1, 11155111, 8453])
    const production = parseEnv({
      NODE_ENV: 'production',
      AUTH_SECRET: secret,
      DATABASE_URL: 'libsql://x.turso.io',
      PLATFORM_FEE_RECIPIENT: '0x00000000000000000000000000000000000000fe',
      PUBLIC_URL: 'https://vitrine.example',
    })
    expect(production.chains.map((c) => c.id)).toEqual([1, 8453, 11155111])
  })

  it("takes the list from CHAINS, the server RPCs from RPC_URL_<id> and the browsers' from PUBLIC_RPC_URL_<id>", () => {
    const env = parseEnv({
      AUTH_SECRET: secret,
      CHAINS: '8453,31337,1',
      RPC_URL_8453: 'https://base.example/rpc/secret-key',
      PUBLIC_RPC_URL_1: 'https://eth.example/public',
    })
    expect(env.chains).toEqual([
      { id: 8453, rpcUrl: 'https://base.example/rpc/secret-key', publicRpcUrl: 'https://mainnet.base.org' },
      { id: 31337, rpcUrl: 'http://127.0.0.1:8545', publicRpcUrl: 'http://127.0.0.1:8545' },
      { id: 1, rpcUrl: NETWORKS[1]!.defaultRpcUrl, publicRpcUrl: 'https://eth.example/public' },
    ])
    expect(() => parseEnv({ AUTH_SECRET: secret, PUBLIC_RPC_URL_1: 'not a url' })).toThrow(
      /PUBLIC_RPC_URL_1: must be a URL/,
    )
  })

  it('enables WalletConnect with a well-formed project id only', () => {
    expect(parseEnv({ AUTH_SECRET: secret }).WALLETCONNECT_PROJECT_ID).toBeUndefined()
    const id = '0123456789abcdef0123456789abcdef'
    expect(parseEnv({ AUTH_SECRET: secret, WALLETCONNECT_PROJECT_ID: id }).WALLETCONNECT_PROJECT_ID).toBe(id)
    expect(() => parseEnv({ AUTH_SECRET: secret, WALLETCONNECT_PROJECT_ID: 'abc' })).toThrow(
      /WALLETCONNECT_PROJECT_ID: must be the 32-character project id/,
    )
  })

  it('names an unknown chain and a bad RPC URL', () => {
    expect(() => parseEnv({ AUTH_SECRET: secret, CHAINS: '1,5' })).toThrow(/CHAINS: unknown chain id 5/)
    expect(() => parseEnv({ AUTH_SECRET: secret, RPC_URL_1: 'nope' })).toThrow(/RPC_URL_1: must be a URL/)
    expect(() => parseEnv({ AUTH_SECRET: secret, CHAINS: 'base' })).toThrow(/CHAINS: must be chain ids/)
  })
})
