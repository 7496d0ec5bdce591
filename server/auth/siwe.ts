/**
 * Sign-In with Ethereum (EIP-4361) on the server: nonces we issue and accept once,
 * and the checks a signed message must pass before it becomes a session.
 */
import { and, eq, gt, isNull, lt } from 'drizzle-orm'
import { createPublicClient, getAddress, http, type Address, type Hex } from 'viem'
import { parseSiweMessage } from 'viem/siwe'
import type { Database } from '../../db/client'
import { siweNonces } from '../../db/schema'
import type { PublicChain } from '../../chain/networks'
import { VIEM_CHAINS } from '../../chain/viem-chains'

/** How long a nonce, and so a sign-in message, stays usable. */
export const SIGN_IN_WINDOW_MS = 10 * 60_000
/** Clocks disagree a little; an issued-at this far ahead of ours is still accepted. */
const CLOCK_SKEW_MS = 60_000

export const SIWE_ERRORS = {
  malformed: 'The sign-in message is not a valid Sign-In with Ethereum message.',
  wrong_domain: 'The message was made for another website.',
  wrong_uri: 'The message was made for another address of this website.',
  unsupported_chain: 'The message names a network this marketplace does not support.',
  issued_in_future: 'The message says it was issued in the future; check your clock.',
  expired: 'The message has expired; please sign in again.',
  expiry_too_long: 'The message stays valid for longer than 10 minutes.',
  not_yet_valid: 'The message is not valid yet.',
  bad_signature: 'The signature does not match the message and address.',
  bad_nonce: 'This sign-in request was not issued by us, was already used, or has expired; please sign in again.',
} as const

export type SiweErrorCode = keyof typeof SIWE_ERRORS

export class SiweRejection extends Error {
  readonly code: SiweErrorCode
  constructor(code: SiweErrorCode) {
    super(SIWE_ERRORS[code])
    this.name = 'SiweRejection'
    this.code = code
  }
}

const ALPHANUMERIC = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
/** 32 characters drawn from 62: about 190 bits, well over the 128 a secret needs. */
const NONCE_LENGTH = 32

/**
 * An EIP-4361 nonce (alphanumeric) from the platform's CSPRNG, on Node and Workers alike.
 * Not viem's generateSiweNonce: that is a window sliding over a Math.random buffer, so one
 * nonce gives away the next ones.
 */
function newSiweNonce(): string {
  let nonce = ''
  while (nonce.length < NONCE_LENGTH) {
    for (const byte of crypto.getRandomValues(new Uint8Array(NONCE_LENGTH))) {
      // 248 = 4 × 62: higher bytes are dropped, so that every character is equally likely.
      if (byte < 248 && nonce.length < NONCE_LENGTH) nonce += ALPHANUMERIC[byte % ALPHANUMERIC.length]
    }
  }
  return nonce
}

/** A fresh nonce, stored so that it can be accepted exactly once. Expired ones are swept. */
export async function issueNonce(db: Database, now = Date.now()): Promise<string> {
  const nonce = newSiweNonce()
  await db.delete(siweNonces).where(lt(siweNonces.expiresAt, now - SIGN_IN_WINDOW_MS))
  await db.insert(siweNonces).values({ nonce, expiresAt: now + SIGN_IN_WINDOW_MS })
  return nonce
}

export interface SignInAttempt {
  message: string
  signature: Hex
  /** The site's configured origins (never the request's): the message must name one of them. */
  origins: string[]
  chains: PublicChain[]
  db: Database
  now?: number
}

/** Checks a signed EIP-4361 message; answers the signer's address or throws a SiweRejection. */
export async function verifySignIn({ message, signature, origins, chains, db, now = Date.now() }: SignInAttempt) {
  const fields = parseSiweMessage(message)
  const { address, domain, uri, chainId, nonce, issuedAt, expirationTime, notBefore, version } = fields
  if (!address || !domain || !uri || !chainId || !nonce || !issuedAt || version !== '1') {
    throw new SiweRejection('malformed')
  }
  const origin = origins.map((o) => new URL(o)).find((o) => o.host === domain)
  if (!origin) throw new SiweRejection('wrong_domain')
  if (!URL.canParse(uri) || new URL(uri).origin !== origin.origin) throw new SiweRejection('wrong_uri')
  const chain = chains.find((c) => c.id === chainId)
  if (!chain) throw new SiweRejection('unsupported_chain')
  const issued = issuedAt.getTime()
  if (Number.isNaN(issued)) throw new SiweRejection('malformed')
  if (issued > now + CLOCK_SKEW_MS) throw new SiweRejection('issued_in_future')
  if (issued < now - SIGN_IN_WINDOW_MS) throw new SiweRejection('expired')
  if (expirationTime) {
    if (expirationTime.getTime() <= now) throw new SiweRejection('expired')
    if (expirationTime.getTime() - issued > SIGN_IN_WINDOW_MS) throw new SiweRejection('expiry_too_long')
  }
  if (notBefore && notBefore.getTime() > now + CLOCK_SKEW_MS) throw new SiweRejection('not_yet_valid')

  // The nonce is spent before the signature is checked: a message we never issued (or a replay)
  // costs one indexed update, never an RPC call, and a nonce is tried at most once.
  const used = await db
    .update(siweNonces)
    .set({ usedAt: now })
    .where(and(eq(siweNonces.nonce, nonce), isNull(siweNonces.usedAt), gt(siweNonces.expiresAt, now)))
    .returning({ nonce: siweNonces.nonce })
  if (used.length !== 1) throw new SiweRejection('bad_nonce')

  if (!(await signatureIsValid(chain, address, message, signature))) throw new SiweRejection('bad_signature')
  return getAddress(address)
}

/**
 * An ordinary account's signature is checked locally; otherwise the chain is asked,
 * which covers smart-contract wallets (EIP-1271) and undeployed ones (EIP-6492).
 */
async function signatureIsValid(chain: PublicChain, address: Address, message: string, signature: Hex) {
  const client = createPublicClient({
    chain: VIEM_CHAINS[chain.id],
    transport: http(chain.rpcUrl, { timeout: 5_000 }),
  })
  try {
    return await client.verifyMessage({ address, message, signature, mode: 'eoa' })
  } catch {
    return false
  }
}
