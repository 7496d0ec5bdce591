import { describe, expect, it } from 'vitest'
import { contentSecurityPolicy, pageSecurityHeaders } from '../../server/http/page-security'

const env = {
  NODE_ENV: 'production' as const,
  chains: [
    { id: 1, rpcUrl: 'https://private.example/v2/key', publicRpcUrl: 'https://eth.example/v2/public' },
    { id: 8453, rpcUrl: 'https://base.example/rpc', publicRpcUrl: 'https://base.example/rpc' },
  ],
  WALLETCONNECT_PROJECT_ID: undefined,
}

describe('page security policy', () => {
  it('lets pages talk only to our origin and the RPCs the browser uses', () => {
    const policy = contentSecurityPolicy({ nonce: 'abc', env })
    expect(policy).toContain("script-src 'self' 'nonce-abc';")
    expect(policy).toContain("connect-src 'self' https://eth.example https://base.example;")
    expect(policy).toContain("frame-src 'none'")
    expect(policy).not.toContain('walletconnect')
  })

  it('opens WalletConnect’s relay and verify frame only when a project id is configured', () => {
    const policy = contentSecurityPolicy({ nonce: 'abc', env: { ...env, WALLETCONNECT_PROJECT_ID: 'f'.repeat(32) } })
    expect(policy).toMatch(/connect-src [^;]*wss:\/\/\*\.walletconnect\.org/)
    expect(policy).toMatch(/frame-src https:\/\/verify\.walletconnect\.com/)
  })

  it('adds HSTS in production only, and Vite’s socket in development only', () => {
    expect(pageSecurityHeaders({ nonce: 'n', env })['strict-transport-security']).toContain('max-age=')
    const dev = pageSecurityHeaders({
      nonce: 'n',
      env: { ...env, NODE_ENV: 'development' },
      devOrigin: 'http://localhost:3000',
    })
    expect(dev['strict-transport-security']).toBeUndefined()
    expect(dev['content-security-policy']).toContain('ws://localhost:3000')
  })
})
