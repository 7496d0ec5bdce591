/**
 * Publishing this instance's list (ADR 48). The server holds no operator key: it drafts the list
 * from the decisions in force as EIP-712 typed data, an operator signs it with their wallet, and
 * the server keeps the signed document once it checked the signer is an operator and the list is
 * still what the decisions say. `GET /api/v1/shared-list` serves the latest one as it was signed.
 */
import { getAddress, type Address } from 'viem'
import {
  SHARED_LIST_DOMAIN,
  SHARED_LIST_TYPES,
  type SharedList,
  type SharedListDocument,
} from '../../chain/shared-list'
import { recordPublication } from '../../db/market'
import { DomainError } from '../../db/errors'
import type { Runtime } from '../platform/runtime'
import { latestPublication, listedDecisions } from '../queries/shared-lists'
import { checkDocument } from './check'

/** How long a signed draft stays good to publish: an operator signs it within the hour. */
export const DRAFT_TTL_S = 60 * 60

const DAY_S = 24 * 60 * 60

/** The list to sign now: the decisions in force, the next sequence, valid `days` from now. */
export async function draftList(
  { db, env }: Pick<Runtime, 'db' | 'env'>,
  issuer: string,
  days: number,
  now = new Date(),
) {
  const [entries, latest] = await Promise.all([listedDecisions(db), latestPublication(db)])
  const issuedAt = Math.floor(now.getTime() / 1000)
  const list: SharedList = {
    issuer: getAddress(issuer),
    origin: env.siteOrigins[0]!,
    sequence: (latest?.sequence ?? 0) + 1,
    issuedAt,
    expiresAt: issuedAt + days * DAY_S,
    ...entries,
  }
  // As a wallet's eth_signTypedData_v4 takes it: numbers as JSON numbers, token ids as decimal text.
  return { domain: SHARED_LIST_DOMAIN, types: SHARED_LIST_TYPES, primaryType: 'SharedList' as const, message: list }
}

const entriesKey = (list: Pick<SharedList, 'items' | 'collections'>) =>
  JSON.stringify([
    list.items.map((i) => [i.chainId, i.contract.toLowerCase(), i.tokenId, i.category]),
    list.collections.map((c) => [c.chainId, c.contract.toLowerCase(), c.category]),
  ])

/**
 * Keeps a signed draft as the published list: signed by an operator of this instance (its
 * issuer), for this origin, with a sequence not yet published, signed within the hour, and listing
 * exactly what the decisions in force list now (else the draft is stale: a 409).
 */
export async function publishList(
  { db, env }: Pick<Runtime, 'db' | 'env'>,
  document: SharedListDocument,
  now = new Date(),
): Promise<{ sequence: number; issuer: Address; entries: number; expiresAt: string }> {
  const { list, signer } = await checkDocument(document, { now })
  if (!env.operators.includes(signer.toLowerCase() as Address)) {
    throw new DomainError('forbidden', `signature: ${signer} is not an operator of this marketplace (OPERATORS)`)
  }
  if (list.origin !== env.siteOrigins[0]) {
    throw new DomainError(
      'bad_request',
      `list: its origin ${list.origin} is not this marketplace's (${env.siteOrigins[0]})`,
    )
  }
  if (list.issuedAt < now.getTime() / 1000 - DRAFT_TTL_S) {
    throw new DomainError('bad_request', 'list: the draft is over an hour old; fetch the draft again and sign it')
  }
  const [latest, current] = await Promise.all([latestPublication(db), listedDecisions(db)])
  if (latest && list.sequence <= latest.sequence) {
    throw new DomainError(
      'conflict',
      `list: sequence ${list.sequence} is not after ${latest.sequence}, published already`,
    )
  }
  if (entriesKey(list) !== entriesKey(current)) {
    throw new DomainError('conflict', 'list: the decisions changed since the draft; fetch the draft again and sign it')
  }
  const entries = list.items.length + list.collections.length
  await recordPublication(
    db,
    {
      sequence: list.sequence,
      issuer: signer,
      // Served as it was signed: a reader checks exactly these bytes' values.
      document: JSON.stringify({ list, signature: document.signature }),
      issuedAt: new Date(list.issuedAt * 1000),
      expiresAt: new Date(list.expiresAt * 1000),
      entries,
    },
    now,
  )
  return { sequence: list.sequence, issuer: signer, entries, expiresAt: new Date(list.expiresAt * 1000).toISOString() }
}
