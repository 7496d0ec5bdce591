/**
 * Whether a shared list may be believed (ADR 48): its shape (zod), its EIP-712 signature by its
 * issuer, the signer a reader expects, and its time. Each refusal names what is wrong; the caller
 * writes nothing then. Reading a list from its URL is ./read.ts.
 */
import { getAddress, recoverTypedDataAddress, type Address } from 'viem'
import { sharedListTypedData, type SharedList, type SharedListDocument } from '../../chain/shared-list'
import { DomainError } from '../../db/errors'
import { sharedListDocumentSchema } from '../inputs/shared-lists'

/** How far ahead of this server's clock a list's issue time may be (clocks differ a little). */
export const CLOCK_SKEW_S = 5 * 60

const refuse = (message: string): never => {
  throw new DomainError('bad_request', message)
}

/** The document's shape, or a refusal naming the first wrong field. */
export function parseDocument(json: unknown): SharedListDocument {
  const parsed = sharedListDocumentSchema.safeParse(json)
  if (parsed.success) return parsed.data as SharedListDocument
  const issue = parsed.error.issues[0]!
  return refuse(`list: not a shared list (${issue.path.join('.') || 'document'}: ${issue.message})`)
}

/** Who signed `document`'s list, or a refusal when the signature cannot be read. */
export async function signerOf(document: SharedListDocument): Promise<Address> {
  try {
    return await recoverTypedDataAddress({ ...sharedListTypedData(document.list), signature: document.signature })
  } catch {
    return refuse('signature: not a valid EIP-712 signature')
  }
}

/**
 * The list, once its signature is its issuer's, the issuer is the one expected (when one is), and
 * it is in force at `now`. A changed entry, issuer or date makes the signature someone else's.
 */
export async function checkDocument(
  document: SharedListDocument,
  { expectedSigner, now = new Date() }: { expectedSigner?: string; now?: Date } = {},
): Promise<{ list: SharedList; signer: Address }> {
  const { list } = document
  const signer = await signerOf(document)
  const issuer = getAddress(list.issuer.toLowerCase())
  if (signer !== issuer) {
    refuse(`signature: the list is not signed by its issuer ${issuer} (it was changed after signing, or forged)`)
  }
  if (expectedSigner && signer.toLowerCase() !== expectedSigner.toLowerCase()) {
    refuse(
      `signature: the list is signed by ${signer}, not by ${getAddress(expectedSigner)} as this subscription expects`,
    )
  }
  const seconds = Math.floor(now.getTime() / 1000)
  if (list.expiresAt <= list.issuedAt) refuse('list: it expires before it was issued')
  if (list.expiresAt <= seconds) refuse(`list: it expired on ${new Date(list.expiresAt * 1000).toISOString()}`)
  if (list.issuedAt > seconds + CLOCK_SKEW_S) {
    refuse(`list: it says it was issued on ${new Date(list.issuedAt * 1000).toISOString()}, in the future`)
  }
  return { list, signer }
}
