import { Auth, type AuthConfig } from '@auth/core'
import { CredentialsSignin } from '@auth/core/errors'
import Credentials from '@auth/core/providers/credentials'
import type { Session } from '@auth/core/types'
import { eq } from 'drizzle-orm'
import { isHex } from 'viem'
import { endSessions, recordSignIn } from '../../db/market'
import { users } from '../../db/schema'
import type { Runtime } from '../platform/runtime'
import { hasSessionCookie } from '../http/session-cookie'
import { SiweRejection, verifySignIn, type SiweErrorCode } from './siwe'

export const AUTH_BASE_PATH = '/api/auth'

/** Auth.js puts `code` in the redirect URL's query; the login page explains it. */
class SiweSignInError extends CredentialsSignin {
  constructor(code: SiweErrorCode) {
    super()
    this.code = code
  }
}

/**
 * Auth.js (@auth/core) with one provider, `siwe`: Sign-In with Ethereum. A verified
 * message becomes a JWT session whose subject is the checksummed wallet address.
 */
export function createAuthConfig({ env, db }: Runtime): AuthConfig {
  return {
    basePath: AUTH_BASE_PATH,
    secret: env.AUTH_SECRET,
    // Every request reaches Auth.js rebased on a configured origin (`onSiteOrigin`), so the host
    // it sees is ours, not whatever the Host header said.
    trustHost: true,
    ...sessionCookies(env),
    session: { strategy: 'jwt', maxAge: 30 * 24 * 60 * 60 },
    // Our login page shows every error type in words (app/lib/auth-errors.ts).
    pages: { signIn: '/login', error: '/login' },
    providers: [
      Credentials({
        id: 'siwe',
        name: 'Ethereum',
        credentials: { message: { label: 'Message' }, signature: { label: 'Signature' } },
        async authorize(credentials) {
          const { message, signature } = credentials
          if (typeof message !== 'string' || typeof signature !== 'string' || !isHex(signature)) {
            throw new SiweSignInError('malformed')
          }
          try {
            const address = await verifySignIn({
              message,
              signature,
              origins: env.siteOrigins,
              chains: env.chains,
              db,
            })
            const sessionVersion = await recordSignIn(db, address)
            return { id: address, name: address, sessionVersion }
          } catch (error) {
            if (error instanceof SiweRejection) throw new SiweSignInError(error.code)
            throw error
          }
        },
      }),
    ],
    events: {
      async signOut(message) {
        const address = 'token' in message ? message.token?.sub : undefined
        if (address) await endSessions(db, address)
      },
    },
    callbacks: {
      // Runs at sign-in (with `user`) and on every read of the session: a token issued under an
      // older session version of its wallet (signed out since) is over, however long its cookie lives.
      async jwt({ token, user }) {
        if (user?.id) {
          // When the wallet signed (seconds): Auth.js renews `iat` on every read, so it cannot tell.
          const signedInAt = Math.floor(Date.now() / 1000)
          return { ...token, sub: user.id, sv: (user as SignedInUser).sessionVersion, sat: signedInAt }
        }
        if (!token.sub || (token.sv ?? 0) !== (await sessionVersion(db, token.sub))) return null
        return token
      },
      // The wallet in a field of its own (`address`), for clients that read the session directly;
      // `user.name` keeps it too, where Auth.js clients look.
      session({ session, token }) {
        const signedInAt = typeof token.sat === 'number' ? token.sat : null
        return { ...session, address: token.sub ?? null, signedInAt, user: { name: token.sub ?? null } } as Session
      },
    },
  }
}

interface SignedInUser {
  sessionVersion: number
}

declare module '@auth/core/jwt' {
  interface JWT {
    /** The wallet's session version when this session was issued (absent: 0). */
    sv?: number
    /** When the wallet signed the SIWE message, in seconds since the epoch (absent: before ADR 44). */
    sat?: number
  }
}

declare module '@auth/core/types' {
  interface Session {
    /**
     * When the wallet signed in, in seconds since the epoch (null: a session from before this was
     * recorded): moderation writes ask for a recent one (server/auth/roles.ts).
     */
    signedInAt?: number | null
  }
}

async function sessionVersion(db: Runtime['db'], address: string): Promise<number> {
  const [row] = await db
    .select({ sessionVersion: users.sessionVersion })
    .from(users)
    .where(eq(users.address, address.toLowerCase()))
  return row?.sessionVersion ?? 0
}

/**
 * In production behind https, cookies are `Secure` and `__Host-` (no Domain, Path=/) whatever
 * scheme this process sees: TLS usually ends at a proxy in front of Node.
 */
function sessionCookies(env: Runtime['env']): Pick<AuthConfig, 'useSecureCookies' | 'cookies'> {
  if (env.NODE_ENV !== 'production' || !env.siteOrigins[0]!.startsWith('https:')) return {}
  const options = { httpOnly: true, sameSite: 'lax' as const, path: '/', secure: true }
  return {
    useSecureCookies: true,
    cookies: {
      sessionToken: { name: '__Host-authjs.session-token', options },
      callbackUrl: { name: '__Host-authjs.callback-url', options },
      csrfToken: { name: '__Host-authjs.csrf-token', options },
    },
  }
}

/** The request's URL on the site's own origin: a Host header naming another one is ignored. */
function onSiteOrigin(url: URL, origins: string[]): URL {
  if (origins.includes(url.origin)) return url
  return new URL(`${url.pathname}${url.search}`, origins[0])
}

/** Reads the session of a request (null when signed out) through Auth.js itself. */
export async function getSession(request: Request, runtime: Runtime): Promise<Session | null> {
  // Without its cookie Auth.js can only answer null, after building its config, a CSRF token (a
  // SHA-256) and a response: a tenth of an anonymous page's server time.
  if (!hasSessionCookie(request.headers.get('cookie'))) return null
  const url = new URL(`${AUTH_BASE_PATH}/session`, onSiteOrigin(new URL(request.url), runtime.env.siteOrigins))
  const response = await Auth(new Request(url, { headers: request.headers }), createAuthConfig(runtime))
  if (!response.ok) return null
  const session = (await response.json()) as Session | null
  return session?.user?.name ? session : null
}

/**
 * The Auth.js endpoints. Clients of the Auth.js REST API post `json=true` to get
 * `{ url }` back instead of a redirect; @auth/core reads that wish from a header, so it is set here.
 */
export async function handleAuth(request: Request, runtime: Runtime): Promise<Response> {
  const url = onSiteOrigin(new URL(request.url), runtime.env.siteOrigins)
  const body = request.method === 'POST' ? await request.text() : undefined
  const form = body === undefined ? url.searchParams : new URLSearchParams(body)
  const wantsJson = request.headers.has('x-auth-return-redirect') || form.get('json') === 'true'
  const provider = PROVIDER_PATH.exec(url.pathname)?.[1]
  if (provider && provider !== 'siwe') {
    // An unknown provider (only SIWE exists) goes to the sign-in page, keeping where the visitor was headed.
    const target = new URL('/login', url)
    const callbackUrl = form.get('callbackUrl')
    if (callbackUrl) target.searchParams.set('callbackUrl', callbackUrl)
    return wantsJson ? Response.json({ url: target.href }) : Response.redirect(target.href, 302)
  }
  const headers = new Headers(request.headers)
  if (wantsJson) headers.set('x-auth-return-redirect', '1')
  // A new Request: the body was read above, and runtimes differ in what they let you clone.
  return Auth(new Request(url, { method: request.method, headers, body }), createAuthConfig(runtime))
}

const PROVIDER_PATH = new RegExp(`^${AUTH_BASE_PATH}/(?:signin|callback)/([^/]+)$`)
