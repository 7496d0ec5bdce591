/** What the login page says for each Auth.js error type, and for each SIWE refusal code. */
const BY_TYPE: Record<string, string> = {
  SessionRequired: 'Please sign in with your wallet to see that page.',
  CredentialsSignin: 'Sign-in failed: the signed message could not be verified.',
  MissingCSRF: 'Sign-in failed: the form expired. Reload the page and try again.',
  AccessDenied: 'Access denied: this wallet may not sign in.',
  Configuration: 'Sign-in is not available right now because of a server problem. Please try again later.',
  Verification: 'The sign-in link is no longer valid.',
  OAuthSignin: 'Sign-in with that provider is not available here; use your wallet.',
  InvalidProvider: 'Sign-in with that provider is not available here; use your wallet.',
}

/** Mirrors server/auth/siwe.ts SIWE_ERRORS (the server names the code, the page explains it). */
const BY_CODE: Record<string, string> = {
  malformed: 'The signed message was not a valid Sign-In with Ethereum message.',
  wrong_domain: 'The signed message was made for another website.',
  wrong_uri: 'The signed message was made for another address of this website.',
  unsupported_chain: 'Your wallet is on a network Vitrine does not support. Switch network and sign in again.',
  issued_in_future: 'The signed message says it was issued in the future; check your computer clock.',
  expired: 'The sign-in request expired. Please sign in again.',
  expiry_too_long: 'The signed message stays valid for too long (at most 10 minutes).',
  not_yet_valid: 'The signed message is not valid yet.',
  bad_signature: 'The signature does not match your address.',
  bad_nonce: 'That sign-in request was already used or has expired. Please sign in again.',
}

export function authErrorMessage(error: string | undefined, code?: string): string | null {
  if (!error) return null
  if (error === 'CredentialsSignin' && code && BY_CODE[code]) return BY_CODE[code]
  return BY_TYPE[error] ?? 'Something went wrong while signing in. Please try again.'
}
