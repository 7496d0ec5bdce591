/**
 * The webhook channel, as the Standard Webhooks specification has it: a JSON POST of
 * `{ type, timestamp, data }` with `webhook-id` (the same on every attempt: a receiver drops what
 * it has seen), `webhook-timestamp` (seconds, this attempt's) and `webhook-signature`
 * (`v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the secret's bytes), so any
 * Standard Webhooks library verifies it unchanged. Sent through the SSRF-safe POST: no private or
 * loopback address, no redirect followed, one deadline. WebCrypto only: the same on Workers.
 */
import { FetchRefused, safePost, type NetworkAccess } from '../metadata/safe-fetch'
import type { Attempt, Outgoing, WebhookChannel } from './channels'

export const SECRET_PREFIX = 'whsec_'
/** How long an endpoint has to answer. */
export const WEBHOOK_TIMEOUT_MS = 10_000

const base64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes))

/** A new signing secret: `whsec_` and 32 random bytes in base64. */
export function newWebhookSecret(): string {
  return `${SECRET_PREFIX}${base64(crypto.getRandomValues(new Uint8Array(32)))}`
}

/** The `webhook-signature` value of one message. */
export async function signWebhook(secret: string, id: string, timestamp: number, body: string): Promise<string> {
  const raw = Uint8Array.from(atob(secret.slice(SECRET_PREFIX.length)), (c) => c.charCodeAt(0))
  const key = await crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
  const mac = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`${id}.${timestamp}.${body}`))
  return `v1,${base64(new Uint8Array(mac))}`
}

/** A message's id: one per notification, so every attempt of it carries the same. */
export const webhookId = (notificationId: number) => `msg_vitrine_${notificationId}`

/** What a receiver gets: the event's type, when it happened, and the notification in full. */
export function webhookPayload(
  item: Pick<
    Outgoing,
    'notificationId' | 'kind' | 'recipient' | 'message' | 'data' | 'nft' | 'collection' | 'createdAt'
  >,
) {
  const { nft, collection, data } = item
  return {
    type: `notification.${item.kind}`,
    timestamp: item.createdAt.toISOString(),
    data: {
      id: item.notificationId,
      kind: item.kind,
      recipient: item.recipient,
      title: item.message.title,
      body: item.message.body,
      url: item.message.url,
      nft: nft && { id: nft.id, chainId: nft.chainId, contract: nft.contract, tokenId: nft.tokenId, name: nft.name },
      collection: collection && { id: collection.id, slug: collection.slug, name: collection.name },
      actor: data.actor ?? null,
      priceWei: data.priceWei ?? null,
      currency: data.currency ?? null,
      orderHash: data.orderHash ?? null,
      reason: data.reason ?? null,
      endsAt: data.endsAt === undefined ? null : new Date(data.endsAt).toISOString(),
      error: data.error ?? null,
      decision: data.decision ?? null,
      action: data.action ?? null,
      category: data.category ?? null,
      appeal: data.appeal ?? null,
      outcome: data.outcome ?? null,
    },
  }
}

/** Signs and posts `payload` to `url` once; what the attempt met. */
export async function postWebhook(
  url: string,
  secret: string,
  id: string,
  payload: unknown,
  { allowHosts = [], network, timeoutMs = WEBHOOK_TIMEOUT_MS }: WebhookOptions = {},
): Promise<Attempt> {
  const body = JSON.stringify(payload)
  const timestamp = Math.floor(Date.now() / 1000)
  const started = Date.now()
  const durationMs = () => Date.now() - started
  try {
    const posted = await safePost(url, {
      body,
      timeoutMs,
      allowHosts,
      network,
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Vitrine webhooks',
        'webhook-id': id,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': await signWebhook(secret, id, timestamp, body),
      },
    })
    if (posted.status >= 200 && posted.status < 300)
      return { ok: true, status: posted.status, durationMs: durationMs() }
    const said = posted.text.replace(/\s+/g, ' ').trim().slice(0, 200)
    return {
      ok: false,
      status: posted.status,
      error: `HTTP ${posted.status}${said ? `: ${said}` : ''}`,
      durationMs: durationMs(),
    }
  } catch (error) {
    const message = error instanceof FetchRefused ? error.message : String(error)
    // An address the rules refuse stays refused: trying again cannot help.
    const permanent =
      error instanceof FetchRefused && /refused|not fetched|user name/.test(message) && !/redirect/.test(message)
    return { ok: false, error: message, permanent, durationMs: durationMs() }
  }
}

export interface WebhookOptions {
  /** `host:port` pairs exempt from the address rules (FETCH_ALLOW_HOSTS: development and tests). */
  allowHosts?: readonly string[]
  network?: NetworkAccess
  timeoutMs?: number
}

export function webhookChannel(options: WebhookOptions = {}): WebhookChannel {
  return {
    send: (item, secret) =>
      postWebhook(item.target, secret, webhookId(item.notificationId), webhookPayload(item), options),
  }
}
