/**
 * Security headers of every HTML page. The Content-Security-Policy runs only our own scripts:
 * same-origin files, and inline scripts that carry this response's nonce (the framework's
 * hydration data and the theme boot script; TanStack Router stamps `ssr.nonce` on them). Pages
 * cannot be framed (clickjacking of the buy and accept buttons), and talk only to our origin,
 * the chains' RPC URLs the browser uses, and WalletConnect when it is configured.
 */
import type { Env } from '../platform/env'

/** The request header through which the one fetch handler hands the nonce to the renderer. */
export const CSP_NONCE_HEADER = 'x-vitrine-csp-nonce'

/** 128 random bits, base64: unguessable per response. */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return btoa(String.fromCharCode(...bytes))
}

/** WalletConnect's relay, verify frame and wallet pictures, only when a project id enables it. */
const WALLETCONNECT = {
  connect: [
    'https://*.walletconnect.com',
    'https://*.walletconnect.org',
    'wss://*.walletconnect.com',
    'wss://*.walletconnect.org',
    'https://*.reown.com',
    'wss://*.reown.com',
    'https://api.web3modal.org',
  ],
  frame: ['https://verify.walletconnect.com', 'https://verify.walletconnect.org'],
  img: ['https://*.walletconnect.com', 'https://*.reown.com', 'https://api.web3modal.org'],
}

export interface PagePolicyOptions {
  nonce: string
  env: Pick<Env, 'NODE_ENV' | 'chains' | 'WALLETCONNECT_PROJECT_ID'>
  /** Vite's dev server: its HMR socket on the page's own host. */
  devOrigin?: string
}

export function contentSecurityPolicy({ nonce, env, devOrigin }: PagePolicyOptions): string {
  const walletConnect = Boolean(env.WALLETCONNECT_PROJECT_ID)
  const rpc = [...new Set(env.chains.map((chain) => new URL(chain.publicRpcUrl).origin))]
  const hmr = devOrigin ? [devOrigin.replace(/^http/, 'ws')] : []
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", `'nonce-${nonce}'`],
    // React sets style attributes; styles cannot run script.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...(walletConnect ? WALLETCONNECT.img : [])],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...rpc, ...hmr, ...(walletConnect ? WALLETCONNECT.connect : [])],
    'frame-src': walletConnect ? WALLETCONNECT.frame : ["'none'"],
    'media-src': ["'self'", 'blob:'],
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  }
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ')
}

export function pageSecurityHeaders(options: PagePolicyOptions): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(options),
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-content-type-options': 'nosniff',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()',
    ...(options.env.NODE_ENV === 'production'
      ? { 'strict-transport-security': 'max-age=63072000; includeSubDomains' }
      : {}),
  }
}
