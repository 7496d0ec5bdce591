/**
 * A browser test's operator (dev account 0 is `npm run dev`'s), signed in with SIWE as a wallet
 * is: a crafted cookie would carry session version 0, and another test that signs account 0 out
 * everywhere (the wallet test) ends every such session.
 */
import type { PrivateKeyAccount } from 'viem/accounts'
import { testAccount } from './chain'
import { signIn } from './sign-in'

const sessions = new Map<string, Promise<string>>()

/** The session cookie of dev account 0 on `baseUrl`, signed in once per test file. */
export function operatorSession(baseUrl: string): Promise<string> {
  let session = sessions.get(baseUrl)
  if (!session) {
    const request = (path: string, init?: RequestInit) => fetch(`${baseUrl}${path}`, init)
    session = signIn(request, testAccount(0) as unknown as PrivateKeyAccount, baseUrl)
    sessions.set(baseUrl, session)
  }
  return session
}
