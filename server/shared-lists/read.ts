/**
 * Reads another instance's shared list from its URL through the SSRF-safe fetcher (no private
 * address unless FETCH_ALLOW_HOSTS names it, bounded in size and time), then checks it (./check.ts).
 */
import type { Address } from 'viem'
import type { SharedList } from '../../chain/shared-list'
import { DomainError } from '../../db/errors'
import { MAX_LIST_BYTES } from '../inputs/shared-lists'
import { FetchRefused, safeFetch } from '../metadata/safe-fetch'
import { checkDocument, parseDocument } from './check'

export const LIST_TIMEOUT_MS = 15_000

export async function readList(
  url: string,
  options: { allowHosts: readonly string[]; expectedSigner?: string; now?: Date },
): Promise<{ list: SharedList; signer: Address }> {
  let bytes: Uint8Array
  try {
    ;({ bytes } = await safeFetch(url, {
      accept: 'json',
      maxBytes: MAX_LIST_BYTES,
      timeoutMs: LIST_TIMEOUT_MS,
      allowHosts: options.allowHosts,
    }))
  } catch (error) {
    if (error instanceof FetchRefused)
      throw new DomainError('bad_request', `url: the list was not read (${error.message})`)
    throw error
  }
  let json: unknown
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes))
  } catch {
    throw new DomainError('bad_request', 'list: not JSON')
  }
  return checkDocument(parseDocument(json), options)
}
