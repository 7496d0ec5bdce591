/**
 * openapi.json as a third-party client reads it: valid OpenAPI 3.1 to an independent validator,
 * and every answer of every operation — successes and each documented error — valid against the
 * schema it documents, checked by ajv (JSON Schema 2020-12). Answers come from the real app over
 * a seeded database and a market on a local chain; every address in them is EIP-55 checksummed,
 * and a filler fills a listing with exactly the components and signature the API hands out.
 */
import { createClient } from '@libsql/client'
import { and, eq } from 'drizzle-orm'
import { Validator } from '@seriousme/openapi-schema-validator'
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020'
import addFormats from 'ajv-formats'
import { getAddress, maxUint256, parseEther } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orderFromJson, orderToJson, type OrderComponents, type OrderJson } from '../../chain/seaport'
import { tokenUri, voucherTypedData } from '../../chain/voucher'
import { wrappedEtherAbi } from '../../chain/artifacts/WrappedEther'
import { createDatabase } from '../../db/client'
import { recordCriteriaOffer, recordDecision, reverseDecision } from '../../db/market'
import { nfts as nftRows } from '../../db/schema'
import { app } from '../../server/app'
import type { Runtime } from '../../server/platform/runtime'
import { testAccount } from '../support/chain'
import { deployForeignArt721 } from '../support/foreign'
import { startMarket } from '../support/market'
import { createTestRuntime } from '../support/runtime'
import { createSeededRuntime } from '../support/seeded'
import { sessionCookie } from '../support/session'
import { startSmtpServer } from '../support/smtp'
import { startHttpServer } from '../support/http-server'
import { sharedListTypedData } from '../../chain/shared-list'

/* eslint-disable @typescript-eslint/no-explicit-any -- answers are JSON, checked by schema */
type Doc = {
  paths: Record<string, Record<string, { parameters?: { name: string; in: string; schema: object }[]; responses: any }>>
}

let seeded: Runtime & { close(): void }
let m: Awaited<ReturnType<typeof startMarket>>
let doc: Doc
beforeAll(async () => {
  ;[seeded, m] = await Promise.all([createSeededRuntime(300), startMarket([1n, 2n, 3n])])
  doc = (await (await app.request('/api/v1/openapi.json', {}, seeded)).json()) as Doc
}, 60_000)
afterAll(async () => {
  seeded?.close()
  await m?.stop()
})

const ORIGIN = 'http://localhost:3000'
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const

/** The operation (`GET /nfts/{id}`) a URL answers to, by the document's path templates alone. */
function operationOf(method: string, url: string): string {
  const path = new URL(url, ORIGIN).pathname.replace(/^\/api\/v1/, '')
  const matches = Object.keys(doc.paths).filter((template) =>
    new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(path),
  )
  // A literal segment wins over a template (`/users/owned/…` is not `/users/{address}/…`).
  const best = matches.sort((a, b) => a.split('{').length - b.split('{').length)[0]
  if (!best) throw new Error(`no operation of openapi.json serves ${method} ${path}`)
  return `${method} ${best}`
}

const ajv = new Ajv2020({ strict: true, allErrors: true, strictTypes: false })
addFormats(ajv)
const validators = new Map<string, ValidateFunction>()
const answered = new Set<string>()

/**
 * Every address shown in `value`: a string that is one, or one inside prose (an error message);
 * not inside a URL, where it is part of a path key (an avatar's artwork), not an address shown.
 */
function addressesIn(value: unknown): string[] {
  if (typeof value === 'string') {
    if (/^(\/|[a-z][a-z0-9+.-]*:\/\/)/.test(value)) return []
    return value.match(/(?<![0-9a-zA-Z])0x[0-9a-fA-F]{40}(?![0-9a-fA-F])/g) ?? []
  }
  if (Array.isArray(value)) return value.flatMap(addressesIn)
  if (value && typeof value === 'object') return Object.values(value).flatMap(addressesIn)
  return []
}

/**
 * A request to the real app; its answer must be documented for the operation and status, hold
 * to that schema, and show every address checksummed.
 */
async function call(
  runtime: Runtime,
  url: string,
  init: RequestInit & { as?: string; json?: unknown } = {},
): Promise<{ status: number; body: any }> {
  const method = (init.method ?? 'GET').toLowerCase()
  const headers = new Headers(init.headers)
  if (init.as) headers.set('cookie', await sessionCookie(init.as.toLowerCase()))
  let body = init.body
  if (init.json !== undefined) {
    headers.set('content-type', 'application/json')
    body = JSON.stringify(init.json)
  }
  const response = await app.request(`${ORIGIN}${url}`, { method, headers, body }, runtime)
  // A redirect (the mailed confirmation link) has no body, only its Location.
  const redirect = response.status >= 300 && response.status < 400
  const json = redirect ? null : await response.json()
  const operation = operationOf(method.toUpperCase(), url)
  const key = `${operation} ${response.status}`
  const documented = doc.paths[operation.split(' ')[1]!]![method]!.responses[response.status]
  expect(documented, `${key} is not documented: ${JSON.stringify(json)}`).toBeDefined()
  let validate = validators.get(key)
  if (!validate && !redirect) {
    validate = ajv.compile(documented.content['application/json'].schema)
    validators.set(key, validate)
  }
  validate?.(json)
  expect(validate?.errors ?? [], `${key} ${url}`).toEqual([])
  for (const address of addressesIn(json)) expect(address, `${key} ${url}`).toBe(getAddress(address))
  for (const [name, header] of Object.entries<any>(documented.headers ?? {})) {
    const value = response.headers.get(name)
    if (header.required) expect(value, `${key} header ${name}`).not.toBeNull()
    if (value === null) continue
    const typed = header.schema.type === 'integer' ? Number(value) : value
    expect(ajv.validate(header.schema, typed), `${key} header ${name}: ${value}`).toBe(true)
  }
  answered.add(key)
  return { status: response.status, body: json }
}

it('is valid OpenAPI 3.1 to an independent validator, and every schema compiles under JSON Schema 2020-12', async () => {
  const result = await new Validator().validate(structuredClone(doc) as Record<string, unknown>)
  expect(result.errors ?? [], JSON.stringify(result.errors, null, 1)).toEqual([])
  expect(result.valid).toBe(true)
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const operation = operations[method]
      if (!operation) continue
      for (const [status, response] of Object.entries<any>(operation.responses)) {
        if (/^3/.test(status)) {
          expect(response.headers?.Location?.required, `${method} ${path} ${status}`).toBe(true)
          continue
        }
        expect(response.content?.['application/json']?.schema, `${method} ${path} ${status}`).toBeDefined()
        expect(() => ajv.compile(response.content['application/json'].schema)).not.toThrow()
      }
      for (const parameter of operation.parameters ?? []) ajv.compile(parameter.schema)
    }
  }
})

it("types the chain filter as an id or 'all', and slugs in any case, as the server takes them", async () => {
  const parameter = (path: string, name: string) =>
    ajv.compile(doc.paths[path]!.get!.parameters!.find((p) => p.name === name)!.schema as never)
  const chain = parameter('/nfts', 'chain')
  expect([8453, 'all', 'All', 'ALL'].map((v) => chain(v))).toEqual([true, true, true, true])
  expect(chain('mainnet')).toBe(false)
  const slug = parameter('/collections/{idOrSlug}', 'idOrSlug')
  expect(slug('Neon-Cathedrals')).toBe(true)
  const slugged = (await call(seeded, '/api/v1/collections?limit=1')).body.data[0].slug as string
  expect((await call(seeded, `/api/v1/collections/${slugged.toUpperCase()}`)).status).toBe(200)
  expect((await call(seeded, '/api/v1/rankings?chain=ALL')).status).toBe(200)
})

describe('reads', () => {
  it('lists, items, collections, users, rankings, activity and search', async () => {
    const nfts = (await call(seeded, '/api/v1/nfts?sort=price-desc&limit=60')).body.data
    const offered = (await call(seeded, '/api/v1/nfts?status=has-offers&limit=1')).body.data[0]
    const auction = (await call(seeded, '/api/v1/nfts?status=on-auction&limit=1')).body.data[0]
    for (const nft of [nfts[0], offered, auction]) await call(seeded, `/api/v1/nfts/${nft.id}`)
    await call(seeded, '/api/v1/nfts/999999')
    await call(seeded, '/api/v1/nfts/abc')
    await call(seeded, '/api/v1/nfts?collection=no-such-thing')
    await call(seeded, '/api/v1/nfts?limit=0')

    const fan = String((await seeded.db.$client.execute('select user_address from favorites limit 1')).rows[0]![0])
    await call(seeded, `/api/v1/users/${offered.owner}`)
    await call(seeded, `/api/v1/users/0x${'0'.repeat(40)}`)
    await call(seeded, `/api/v1/users/0x${'ab'.repeat(20)}`)
    await call(seeded, '/api/v1/users/nope')
    await call(seeded, `/api/v1/users/favorited/${fan}`)
    await call(seeded, `/api/v1/users/owned/${offered.owner.toLowerCase()}?limit=100`)
    await call(seeded, `/api/v1/users/stolen/${offered.owner}`)

    await call(seeded, '/api/v1/collections?tab=trending&limit=40')
    await call(seeded, '/api/v1/collections?tab=hot')
    await call(seeded, `/api/v1/collections/${offered.collection.slug}`)
    await call(seeded, `/api/v1/collections/${offered.collection.id}`)
    await call(seeded, '/api/v1/collections/nope')
    await call(seeded, '/api/v1/collections/a_b')
    await call(seeded, `/api/v1/collections/${offered.collection.slug}/traits`)
    await call(seeded, `/api/v1/collections/${offered.collection.id}/traits?type=Background&q=mi`)
    await call(seeded, `/api/v1/collections/${offered.collection.id}/traits?type=Background&limit=1`)
    await call(seeded, `/api/v1/collections/${offered.collection.id}/traits?limit=1`)
    await call(seeded, `/api/v1/collections/${offered.collection.id}/traits?cursor=nope`)
    await call(seeded, '/api/v1/collections/nope/traits')
    await call(seeded, '/api/v1/collections/a_b/traits')
    await call(seeded, `/api/v1/collections/${offered.collection.slug}/offers`)
    await call(seeded, '/api/v1/collections/nope/offers')
    const [trait] = (
      (await call(seeded, `/api/v1/collections/${offered.collection.slug}/traits`)).body as unknown as {
        data: { type: string; value: string }[]
      }
    ).data
    const criteria = await call(
      seeded,
      `/api/v1/collections/${offered.collection.slug}/criteria?trait=${encodeURIComponent(`${trait!.type}:${trait!.value}`)}`,
    )
    // A trait offer on it (stored as the server stores one it checked), and a covered token's proof.
    const { root, tokenIds } = criteria.body.data as unknown as { root: string; tokenIds: string[] }
    const hash = `0x${'7'.repeat(64)}`
    await recordCriteriaOffer(seeded.db, {
      collectionId: offered.collection.id,
      trait: { type: trait!.type, value: trait!.value },
      criteriaRoot: root,
      tokenIds,
      maker: offered.owner.toLowerCase(),
      priceWei: parseEther('0.1'),
      quantity: 2n,
      startsAt: new Date(),
      endsAt: new Date(Date.now() + 86_400_000),
      orderHash: hash,
      orderJson: '{}',
      signature: '0x00',
      counter: 0n,
    })
    await call(seeded, `/api/v1/offers/${hash}/criteria?tokenId=${tokenIds[0]}`)
    await call(seeded, `/api/v1/offers/${hash}/criteria?tokenId=${BigInt(tokenIds.at(-1)!) + 100_000n}`)
    // A token this marketplace flagged stolen: no proof to accept the offer with it (403).
    const [flaggedToken] = await seeded.db
      .select({ id: nftRows.id })
      .from(nftRows)
      .where(and(eq(nftRows.collectionId, offered.collection.id), eq(nftRows.tokenId, tokenIds[0]!)))
    const flag = await recordDecision(seeded.db, {
      action: 'flag_stolen',
      target: { kind: 'item', key: String(flaggedToken!.id) },
      category: 'stolen',
      reason: 'Reported by its owner.',
      actor: testAccount(0).address,
    })
    expect((await call(seeded, `/api/v1/offers/${hash}/criteria?tokenId=${tokenIds[0]}`)).status).toBe(403)
    await reverseDecision(seeded.db, flag.id, { actor: testAccount(0).address, reason: 'Cleared.' })
    await call(seeded, `/api/v1/collections/${offered.collection.slug}/criteria?trait=Background:Nope`)
    await call(seeded, `/api/v1/collections/${offered.collection.slug}/criteria`)
    await call(seeded, '/api/v1/collections/nope/criteria?trait=Background:Mint')
    await call(seeded, `/api/v1/offers/0x${'1'.repeat(64)}/criteria?tokenId=1`)
    await call(seeded, `/api/v1/offers/0x${'1'.repeat(64)}/criteria?tokenId=abc`)
    await call(seeded, `/api/v1/collections/${offered.collection.slug}/history`)
    await call(seeded, `/api/v1/collections/${offered.collection.id}/history?interval=hour&range=7d`)
    await call(seeded, `/api/v1/collections/${offered.collection.slug}/history?range=all`)
    await call(seeded, '/api/v1/collections/nope/history')
    await call(seeded, `/api/v1/collections/${offered.collection.slug}/history?interval=week`)
    await call(seeded, `/api/v1/collections/${offered.collection.slug}/history?interval=hour&range=all`)
    await call(seeded, `/api/v1/collections/${offered.collection.slug}/sweep?count=5&maxTotal=100`)
    await call(seeded, `/api/v1/collections/${offered.collection.id}/sweep?count=2&maxTotal=0.000001`)
    await call(seeded, `/api/v1/collections/${offered.collection.slug}/sweep?count=0&maxTotal=1`)
    await call(seeded, '/api/v1/collections/nope/sweep?count=1&maxTotal=1')
    await call(
      seeded,
      `/api/v1/nfts?collection=${offered.collection.slug}&trait=Background:Mint&trait=Mood:Calm&sort=rarest`,
    )
    await call(seeded, `/api/v1/nfts?collection=${offered.collection.slug}&traitRange=Level:5..1`)
    await call(seeded, `/api/v1/marketplace/filterNFTbyCollection/${offered.collection.slug}?sort=price-asc`)
    await call(seeded, '/api/v1/marketplace/filterNFTbyCollection/nope')
    await call(seeded, '/api/v1/marketplace/filterNFTbyCollection/a_b')

    await call(seeded, '/api/v1/rankings?period=all&limit=40')
    await call(seeded, '/api/v1/rankings?chain=mainnet')
    await call(seeded, '/api/v1/activity?limit=100')
    await call(seeded, '/api/v1/activity?type=nope')
    await call(seeded, '/api/v1/activity?collection=nope')
    await call(seeded, `/api/v1/activity?type=sale&collection=${offered.collection.slug}&limit=5`)
    await call(seeded, `/api/v1/activity?type=list&nft=${offered.id}`)
    await call(seeded, `/api/v1/activity?type=sales&collection=${offered.collection.slug}`)
    await call(seeded, '/api/v1/search?q=the&limit=20')
    await call(seeded, '/api/v1/search')
  })

  it('POST /users: created, bad input, signed out, another wallet, too large', async () => {
    const me = testAccount(7).address
    expect(
      (await call(seeded, '/api/v1/users', { method: 'POST', json: { walletAddress: me, userName: 'seven' }, as: me }))
        .status,
    ).toBe(200)
    await call(seeded, '/api/v1/users', { method: 'POST', json: { walletAddress: me, userName: 'a b' }, as: me })
    await call(seeded, '/api/v1/users', { method: 'POST', json: { walletAddress: me, userName: 'seven' } })
    await call(seeded, '/api/v1/users', {
      method: 'POST',
      json: { walletAddress: testAccount(8).address, userName: 'eight' },
      as: me,
    })
    const big = await call(seeded, '/api/v1/users', {
      method: 'POST',
      json: { walletAddress: me, userName: 'x'.repeat(200_000) },
      as: me,
    })
    expect(big.status).toBe(413)
  })

  it('GET /auth/nonce, and 429 past its limit', async () => {
    expect((await call(seeded, '/api/v1/auth/nonce')).status).toBe(200)
    const limited: Runtime = {
      ...seeded,
      env: { ...seeded.env, rateLimits: { ...seeded.env.rateLimits, 'siwe-nonce': { limit: 1, windowMs: 60_000 } } },
    }
    await call(limited, '/api/v1/auth/nonce')
    expect((await call(limited, '/api/v1/auth/nonce')).status).toBe(429)
  })

  it('GET /notifications/email/confirm: a redirect to the settings page, whatever the token', async () => {
    expect((await call(seeded, '/api/v1/notifications/email/confirm?token=unknown')).status).toBe(303)
  })
})

describe('a write while another process holds the write lock', () => {
  it('GET /auth/nonce, POST /users and the email confirmation link: 503 DATABASE_BUSY with Retry-After', async () => {
    const base = await createTestRuntime()
    // As a server process opens it, waiting a little for the lock before refusing.
    const runtime: Runtime = { ...base, db: createDatabase({ url: base.url, busyWaitMs: 100 }) }
    const other = createClient({ url: base.url })
    const lock = await other.transaction('write')
    try {
      const nonce = await call(runtime, '/api/v1/auth/nonce')
      expect(nonce).toMatchObject({ status: 503, body: { error: { code: 'DATABASE_BUSY' } } })
      const me = testAccount(9).address
      const json = { walletAddress: me, userName: 'nine' }
      expect((await call(runtime, '/api/v1/users', { method: 'POST', json, as: me })).status).toBe(503)
      expect((await call(runtime, '/api/v1/notifications/email/confirm?token=x')).status).toBe(503)
    } finally {
      await lock.rollback()
      other.close()
      runtime.db.$client.close()
      base.close()
    }
  })
})

describe('an NFT by chain, contract and token id', () => {
  it('answers what /nfts/{id} answers, for the contract in any case and the token id in decimal', async () => {
    const nft = (await call(seeded, '/api/v1/nfts?status=has-offers&limit=1')).body.data[0]
    const byId = (await call(seeded, `/api/v1/nfts/${nft.id}`)).body
    const hex = nft.contract.slice(2) as string
    for (const contract of [nft.contract, `0x${hex.toLowerCase()}`, `0x${hex.toUpperCase()}`]) {
      const byToken = await call(seeded, `/api/v1/nfts/${nft.chainId}/${contract}/${nft.tokenId}`)
      expect(byToken.status, contract).toBe(200)
      expect(byToken.body).toEqual(byId)
    }
    expect((await call(seeded, `/api/v1/nfts/${nft.chainId}/${nft.contract}/00${nft.tokenId}`)).body).toEqual(byId)
  })

  it('is a 404 naming the token, and a 400 naming a bad part', async () => {
    const nft = (await call(seeded, '/api/v1/nfts?limit=1')).body.data[0]
    const missing = await call(seeded, `/api/v1/nfts/${nft.chainId}/${nft.contract.toLowerCase()}/${maxUint256}`)
    expect(missing.status).toBe(404)
    expect(missing.body.error.message).toBe(
      `token ${maxUint256} of contract ${nft.contract} on chain ${nft.chainId} is not on Vitrine`,
    )
    expect((await call(seeded, `/api/v1/nfts/999/${nft.contract}/${nft.tokenId}`)).status).toBe(404)
    for (const [path, field] of [
      [`0/${nft.contract}/1`, 'chainId'],
      [`1/0x1234/1`, 'contract'],
      [`1/${nft.contract}/0x01`, 'tokenId'],
      [`1/${nft.contract}/-1`, 'tokenId'],
      [`1/${nft.contract}/${maxUint256 + 1n}`, 'tokenId'],
    ]) {
      const { status, body } = await call(seeded, `/api/v1/nfts/${path}`)
      expect(status, path).toBe(400)
      expect(body.error.message, path).toMatch(new RegExp(`^${field}: `))
    }
  })
})

describe('an undeclared query parameter', () => {
  it('is a 400 naming it on every operation, as the document lists them', async () => {
    const nft = (await call(seeded, '/api/v1/nfts?limit=1')).body.data[0]
    const sample: Record<string, string> = {
      'GET /auth/nonce': '/api/v1/auth/nonce',
      'GET /nfts': '/api/v1/nfts',
      'GET /nfts/{id}': `/api/v1/nfts/${nft.id}`,
      'GET /nfts/{chainId}/{contract}/{tokenId}': `/api/v1/nfts/${nft.chainId}/${nft.contract}/${nft.tokenId}`,
      'POST /users': '/api/v1/users',
      'GET /users/{address}': `/api/v1/users/${nft.owner}`,
      'GET /users/{filter}/{walletAddress}': `/api/v1/users/owned/${nft.owner}`,
      'GET /collections': '/api/v1/collections',
      'GET /collections/{idOrSlug}': `/api/v1/collections/${nft.collection.slug}`,
      'POST /collections/import': '/api/v1/collections/import',
      'GET /collections/{idOrSlug}/traits': `/api/v1/collections/${nft.collection.slug}/traits`,
      'GET /collections/{idOrSlug}/history': `/api/v1/collections/${nft.collection.slug}/history`,
      'GET /collections/{idOrSlug}/offers': `/api/v1/collections/${nft.collection.slug}/offers`,
      'GET /collections/{idOrSlug}/criteria': `/api/v1/collections/${nft.collection.slug}/criteria?trait=Background:Mint`,
      'GET /offers/{orderHash}/criteria': `/api/v1/offers/0x${'1'.repeat(64)}/criteria?tokenId=1`,
      'GET /collections/{idOrSlug}/sweep': `/api/v1/collections/${nft.collection.slug}/sweep?count=2&maxTotal=1`,
      'GET /marketplace/filterNFTbyCollection/{idOrSlug}': `/api/v1/marketplace/filterNFTbyCollection/${nft.collection.slug}`,
      'GET /rankings': '/api/v1/rankings',
      'GET /activity': '/api/v1/activity',
      'GET /search': '/api/v1/search?q=the',
      'GET /chain': '/api/v1/chain',
      'POST /listings': '/api/v1/listings',
      'POST /listings/bulk': '/api/v1/listings/bulk',
      'POST /offers': '/api/v1/offers',
      'GET /orders/{orderHash}': `/api/v1/orders/0x${'1'.repeat(64)}`,
      'GET /notifications': '/api/v1/notifications',
      'POST /notifications/read': '/api/v1/notifications/read',
      'GET /notifications/email/confirm': '/api/v1/notifications/email/confirm?token=unknown',
      'POST /reports': '/api/v1/reports',
      'GET /reports': '/api/v1/reports',
      'GET /reports/mine': '/api/v1/reports/mine',
      'POST /moderators': '/api/v1/moderators',
      'DELETE /moderators/{address}': `/api/v1/moderators/${nft.owner}`,
      'GET /moderators': '/api/v1/moderators',
      'GET /moderation/me': '/api/v1/moderation/me',
      'POST /decisions': '/api/v1/decisions',
      'GET /decisions': `/api/v1/decisions?target=item:${nft.id}`,
      'GET /decisions/{id}': '/api/v1/decisions/1',
      'POST /decisions/{id}/reverse': '/api/v1/decisions/1/reverse',
      'POST /appeals': '/api/v1/appeals',
      'GET /appeals': '/api/v1/appeals',
      'GET /appeals/mine': '/api/v1/appeals/mine',
      'POST /appeals/{id}/decision': '/api/v1/appeals/1/decision',
      'GET /audit': '/api/v1/audit',
      'GET /audit/export': '/api/v1/audit/export',
      'POST /legal-notices': '/api/v1/legal-notices',
      'GET /legal-notices/confirm': '/api/v1/legal-notices/confirm?token=unknown',
      'GET /shared-list': '/api/v1/shared-list',
      'GET /shared-list/draft': '/api/v1/shared-list/draft',
      'POST /shared-list/sign': '/api/v1/shared-list/sign',
      'GET /shared-lists': '/api/v1/shared-lists',
      'POST /shared-lists': '/api/v1/shared-lists',
      'POST /shared-lists/{id}/refresh': '/api/v1/shared-lists/1/refresh',
      'DELETE /shared-lists/{id}': '/api/v1/shared-lists/1',
    }
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
      METHODS.filter((method) => ops[method]).map((method) => `${method.toUpperCase()} ${path}`),
    )
    expect(Object.keys(sample).sort()).toEqual(operations.sort())
    for (const [operation, url] of Object.entries(sample)) {
      const method = operation.split(' ')[0]!
      const json = method === 'POST' ? {} : undefined
      const bogus = await call(seeded, `${url}${url.includes('?') ? '&' : '?'}contract=0x${'ab'.repeat(20)}&Limit=2`, {
        method,
        json,
      })
      expect(bogus.status, operation).toBe(400)
      expect(bogus.body.error.message, operation).toMatch(/^contract: is not a query parameter of .+; Limit: /)
    }
    // A declared parameter, even left empty, is fine.
    expect((await call(seeded, '/api/v1/nfts?contract=')).status).toBe(400)
    expect((await call(seeded, '/api/v1/nfts?limit=')).status).toBe(200)
  })
})

describe('POST /collections/import', () => {
  it('imported, known, bad input, signed out, too large, too many, chain down', async () => {
    const me = testAccount(6).address
    const art = await deployForeignArt721(m.chain.url, { name: 'Openapi Glyphs' })
    const json = { chainId: 31337, contract: art.address }
    const post = (runtime: Runtime, body: unknown, as: string | null = me) =>
      call(runtime, '/api/v1/collections/import', { method: 'POST', json: body, ...(as ? { as } : {}) })
    const imported = await post(m.runtime, json)
    expect(imported.status).toBe(202)
    expect(imported.body.data.indexing.status).toBe('pending')
    expect((await post(m.runtime, json)).status).toBe(200)
    expect((await post(m.runtime, { chainId: 31337, contract: m.chain.contracts.weth })).status).toBe(400)
    expect((await post(m.runtime, json, null)).status).toBe(401)
    const blocked = { chainId: 31337, contract: `0x${'66'.repeat(20)}` }
    await recordDecision(m.runtime.db, {
      action: 'block_contract',
      target: { kind: 'contract', key: `31337:${blocked.contract}` },
      category: 'scam',
      reason: 'Drains approvals.',
      actor: testAccount(0).address,
    })
    expect((await post(m.runtime, blocked)).status).toBe(403)
    expect((await post(m.runtime, { ...json, padding: 'x'.repeat(200_000) })).status).toBe(413)
    const limited: Runtime = {
      ...m.runtime,
      env: { ...m.runtime.env, rateLimits: { ...m.runtime.env.rateLimits, import: { limit: 0, windowMs: 60_000 } } },
    }
    expect((await post(limited, json)).status).toBe(429)
    const dead: Runtime = {
      ...m.runtime,
      env: {
        ...m.runtime.env,
        chains: [{ id: 31337, rpcUrl: 'http://127.0.0.1:9', publicRpcUrl: 'http://127.0.0.1:9' }],
      },
    }
    expect((await post(dead, { chainId: 31337, contract: `0x${'77'.repeat(20)}` })).status).toBe(503)
  }, 20_000)
})

type Signed = { order: OrderComponents; signature: `0x${string}` }

describe('trading answers', () => {
  const buyer = testAccount(3)
  const price = parseEther('1')
  let listingHash: string
  let offerHash: string

  it('POST /listings and /offers: stored, repeated, bad, signed out, another wallet, unknown token, too large', async () => {
    await m.approveSeaport(m.seller)
    await m.wrapAndApprove(buyer, price)
    const listing = await m.signedListing(m.seller, 1n, price)
    const offer = await m.signedOffer(buyer, 2n, price / 2n)
    const body = (signed: Signed) => ({ chainId: 31337, order: orderToJson(signed.order), signature: signed.signature })
    for (const [kind, signed, maker] of [
      ['listings', listing, m.seller],
      ['offers', offer, buyer],
    ] as const) {
      const url = `/api/v1/${kind}`
      const stored = await call(m.runtime, url, { method: 'POST', json: body(signed), as: maker.address })
      expect(stored.status, kind).toBe(201)
      if (kind === 'listings') listingHash = stored.body.data.orderHash
      else offerHash = stored.body.data.orderHash
      expect((await call(m.runtime, url, { method: 'POST', json: body(signed), as: maker.address })).status).toBe(409)
      expect((await call(m.runtime, url, { method: 'POST', json: { chainId: 31337 }, as: maker.address })).status).toBe(
        400,
      )
      expect((await call(m.runtime, url, { method: 'POST', json: body(signed) })).status).toBe(401)
      expect((await call(m.runtime, url, { method: 'POST', json: body(signed), as: m.creator.address })).status).toBe(
        403,
      )
      const big = { ...body(signed), padding: 'x'.repeat(200_000) }
      expect((await call(m.runtime, url, { method: 'POST', json: big, as: maker.address })).status).toBe(413)
    }
    const unknownListing = await m.signedListing(m.seller, 99n, price)
    const unknownOffer = await m.signedOffer(buyer, 99n, price)
    const notOnVitrine = await call(m.runtime, '/api/v1/listings', {
      method: 'POST',
      json: body(unknownListing),
      as: m.seller.address,
    })
    expect(notOnVitrine.status).toBe(404)
    expect(notOnVitrine.body.error.message).toContain(m.contract)
    expect(
      (await call(m.runtime, '/api/v1/offers', { method: 'POST', json: body(unknownOffer), as: buyer.address })).status,
    ).toBe(404)
  })

  it('POST /listings and /offers: 503 when the chain does not answer', async () => {
    const dead: Runtime = {
      ...m.runtime,
      env: {
        ...m.runtime.env,
        chains: [{ id: 31337, rpcUrl: 'http://127.0.0.1:9', publicRpcUrl: 'http://127.0.0.1:9' }],
      },
    }
    const listing = await m.signedListing(m.seller, 3n, price)
    const offer = await m.signedOffer(buyer, 3n, price / 4n)
    for (const [kind, signed, maker] of [
      ['listings', listing, m.seller],
      ['offers', offer, buyer],
    ] as const) {
      const json = { chainId: 31337, order: orderToJson(signed.order), signature: signed.signature }
      expect((await call(dead, `/api/v1/${kind}`, { method: 'POST', json, as: maker.address })).status).toBe(503)
    }
  }, 20_000)

  it('POST /listings/bulk: per order, bad, signed out, too large, too many, chain down', async () => {
    const listed = await m.signedListing(m.seller, 3n, price)
    const notOwned = await m.signedListing(m.seller, 99n, price)
    const entry = (signed: Signed) => ({ order: orderToJson(signed.order), signature: signed.signature })
    const url = '/api/v1/listings/bulk'
    const post = (runtime: Runtime, json: unknown, as: string | null = m.seller.address) =>
      call(runtime, url, { method: 'POST', json, ...(as ? { as } : {}) })
    // A token that is not on Vitrine is refused; the other order is stored regardless.
    const json = { chainId: 31337, orders: [entry(listed), entry(notOwned)] }
    const answer = await post(m.runtime, json)
    expect(answer.status).toBe(200)
    expect(
      answer.body.data.map((r: { status: string }) => r.status),
      JSON.stringify(answer.body),
    ).toEqual(['listed', 'refused'])
    expect((await post(m.runtime, { chainId: 31337, orders: [] })).status).toBe(400)
    expect((await post(m.runtime, json, null)).status).toBe(401)
    expect((await post(m.runtime, { ...json, padding: 'x'.repeat(600_000) })).status).toBe(413)
    const limited: Runtime = {
      ...m.runtime,
      env: {
        ...m.runtime.env,
        rateLimits: { ...m.runtime.env.rateLimits, 'bulk-orders': { limit: 0, windowMs: 60_000 } },
      },
    }
    expect((await post(limited, json)).status).toBe(429)
    const dead: Runtime = {
      ...m.runtime,
      env: {
        ...m.runtime.env,
        chains: [{ id: 31337, rpcUrl: 'http://127.0.0.1:9', publicRpcUrl: 'http://127.0.0.1:9' }],
      },
    }
    const fresh = await m.signedListing(m.seller, 2n, price)
    expect((await post(dead, { chainId: 31337, orders: [entry(fresh)] })).status).toBe(503)
  }, 20_000)

  it('GET /chain and /orders/{orderHash}: checksummed addresses a filler fills with, to the wei', async () => {
    const chain = (await call(m.runtime, '/api/v1/chain')).body.data
    expect(chain[0].collections[0].contract).toBe(m.contract)
    expect(chain[0].platformFee.recipient).toBe(getAddress(m.feeRecipient))

    const offer = (await call(m.runtime, `/api/v1/orders/${offerHash}`)).body.data
    expect(offer).toMatchObject({ kind: 'offer', status: 'active', components: { offerer: buyer.address } })
    const listing = (await call(m.runtime, `/api/v1/orders/${listingHash.toUpperCase().replace('0X', '0x')}`)).body.data
    expect(listing.components.offerer).toBe(m.seller.address)
    expect(listing.components.offer[0].token).toBe(m.contract)
    await call(m.runtime, `/api/v1/orders/0x${'0'.repeat(64)}`)
    await call(m.runtime, '/api/v1/orders/0x1234')

    const sellerBefore = await m.chain.client.getBalance({ address: m.seller.address })
    const hash = await m.fill(
      buyer,
      { order: orderFromJson(listing.components as OrderJson), signature: listing.signature },
      price,
    )
    expect((await m.chain.client.waitForTransactionReceipt({ hash })).status).toBe('success')
    expect(await m.ownerOf(1n)).toBe(buyer.address)
    const fees = listing.components.consideration
      .slice(1)
      .reduce((sum: bigint, c: any) => sum + BigInt(c.startAmount), 0n)
    expect((await m.chain.client.getBalance({ address: m.seller.address })) - sellerBefore).toBe(price - fees)

    await m.index()
    const token = await call(m.runtime, `/api/v1/nfts/31337/${m.contract.toLowerCase()}/1`)
    expect(token.body.data.owner).toBe(buyer.address)
    await call(m.runtime, '/api/v1/activity?limit=20')
    await call(m.runtime, `/api/v1/orders/${listingHash}`)
  })

  it('GET /nfts/{id} and /orders/{orderHash} say which orders cannot be filled, why, and the block they were checked at', async () => {
    // The bidder unwraps the WETH behind their offer; the listing was bought above.
    await m.send(buyer, {
      address: m.chain.contracts.weth,
      abi: wrappedEtherAbi,
      functionName: 'withdraw',
      args: [price],
    })
    const moved = await m.chain.client.getBlockNumber({ cacheTime: 0 })
    await m.index()
    const offer = (await call(m.runtime, `/api/v1/orders/${offerHash}`)).body.data
    expect(offer).toMatchObject({ fillable: false, reason: 'insufficient_balance' })
    expect(offer.checkedBlock).toBeGreaterThanOrEqual(Number(moved))
    const token = (await call(m.runtime, `/api/v1/nfts/31337/${m.contract}/2`)).body.data
    expect(token.offers).toMatchObject([{ orderHash: offerHash, fillable: false, reason: 'insufficient_balance' }])
    expect(token.bestOffer).toBeNull()
    const bought = (await call(m.runtime, `/api/v1/orders/${listingHash}`)).body.data
    expect(bought).toMatchObject({ status: 'filled', fillable: false, reason: 'filled' })
  })

  it("GET /orders/{orderHash} of a lazy mint: the creator's voucher, checksummed", async () => {
    const expiresAt = BigInt(Math.floor(Date.now() / 1000) + 86_400)
    const form = new FormData()
    form.set('file', new File([PNG], 'beacon.png', { type: 'image/png' }))
    const cookie = await sessionCookie(m.creator.address.toLowerCase())
    const upload = await app.request(
      `${ORIGIN}/api/media`,
      { method: 'POST', body: form, headers: { origin: ORIGIN, cookie } },
      m.runtime,
    )
    const media = ((await upload.json()) as { data: { key: string } }).data.key
    const publish = (input: Record<string, unknown>) =>
      app.request(
        `${ORIGIN}/api/trpc/create.publishLazyMint`,
        { method: 'POST', body: JSON.stringify(input), headers: { 'content-type': 'application/json', cookie } },
        m.runtime,
      )
    const tokenId = 500n
    const uri = await tokenUri(
      ORIGIN,
      { chainId: 31337, contract: m.contract, tokenId },
      {
        name: 'Beacon',
        description: '',
        image: `${ORIGIN}/api/media/${media}`,
        animationUrl: null,
        externalUrl: null,
        attributes: [],
      },
      true,
    )
    const signature = await m.creator.signTypedData(
      voucherTypedData(31337, m.contract, { tokenId, uri, minPrice: price, creator: m.creator.address, expiresAt }),
    )
    const terms = {
      collection: 'harbour-lights',
      name: 'Beacon',
      description: '',
      media,
      attributes: [],
      freeze: true,
      tokenId: tokenId.toString(),
      minPriceWei: price.toString(),
      expiresAt: expiresAt.toString(),
    }
    const published = (await (await publish({ ...terms, signature })).json()) as any
    const voucherHash = published.result?.data?.voucherHash
    expect(voucherHash, JSON.stringify(published)).toMatch(/^0x/)
    const voucher = (await call(m.runtime, `/api/v1/orders/${voucherHash}`)).body.data
    expect(voucher).toMatchObject({
      kind: 'voucher',
      components: { creator: m.creator.address, collection: m.contract },
    })
  })
})

describe('notifications', () => {
  it('answers the signed-in wallet its own, and every refusal in the documented shape', async () => {
    const holder = m.seller.address
    const list = await call(m.runtime, '/api/v1/notifications?limit=5', { as: holder })
    expect(list.status).toBe(200)
    expect(list.body.unread).toBeGreaterThanOrEqual(0)
    expect((await call(m.runtime, '/api/v1/notifications')).status).toBe(401)
    expect((await call(m.runtime, '/api/v1/notifications?unread=maybe', { as: holder })).status).toBe(400)
    const read = (init: Parameters<typeof call>[2]) =>
      call(m.runtime, '/api/v1/notifications/read', { method: 'POST', ...init })
    const marked = await read({ json: { all: true }, as: holder })
    expect(marked.status).toBe(200)
    expect(marked.body.data.unread).toBe(0)
    expect((await read({ json: { ids: [1, 'two'] }, as: holder })).status).toBe(400)
    expect((await read({ json: { all: true } })).status).toBe(401)
    const crossSite = await read({ json: { all: true }, as: holder, headers: { origin: 'https://elsewhere.example' } })
    expect(crossSite.status).toBe(403)
    expect((await read({ json: { all: true, padding: 'x'.repeat(200_000) }, as: holder })).status).toBe(413)
  })
})

describe('reports and moderators', () => {
  it('answers each documented status of reporting, the queue and the moderator role', async () => {
    const operator = testAccount(0).address
    const reporter = testAccount(7).address
    const runtime: Runtime = { ...seeded, env: { ...seeded.env, operators: [operator.toLowerCase() as `0x${string}`] } }
    const nft = (await call(runtime, '/api/v1/nfts?limit=1')).body.data[0]
    const report = (json: unknown, as: string | undefined = reporter, on = runtime) =>
      call(on, '/api/v1/reports', { method: 'POST', json, ...(as ? { as } : {}) })
    const json = { target: { kind: 'item', id: nft.id }, reason: 'stolen', note: 'not the seller’s' }
    expect((await report(json)).status).toBe(201)
    expect((await report(json)).status).toBe(409)
    expect((await report({ ...json, reason: 'rude' })).status).toBe(400)
    expect((await report({ ...json, target: { kind: 'item', id: 99_999_999 } })).status).toBe(404)
    expect((await report(json, '')).status).toBe(401)
    const limited: Runtime = {
      ...runtime,
      env: { ...runtime.env, rateLimits: { ...runtime.env.rateLimits, report: { limit: 0, windowMs: 60_000 } } },
    }
    expect((await report(json, reporter, limited)).status).toBe(429)

    const mine = await call(runtime, '/api/v1/reports/mine', { as: reporter })
    expect(mine.body.data).toHaveLength(1)
    expect((await call(runtime, '/api/v1/reports/mine?limit=0', { as: reporter })).status).toBe(400)
    expect((await call(runtime, '/api/v1/reports/mine')).status).toBe(401)

    const queue = await call(runtime, '/api/v1/reports', { as: operator })
    expect(queue.body.data[0]).toMatchObject({ target: { kind: 'item', id: nft.id }, openReports: 1 })
    expect((await call(runtime, '/api/v1/reports?limit=0', { as: operator })).status).toBe(400)
    expect((await call(runtime, '/api/v1/reports')).status).toBe(401)
    expect((await call(runtime, '/api/v1/reports', { as: reporter })).status).toBe(403)

    const grant = (body: unknown, as?: string) =>
      call(runtime, '/api/v1/moderators', { method: 'POST', json: body, ...(as ? { as } : {}) })
    expect((await grant({ address: reporter }, operator)).status).toBe(200)
    expect((await grant({ address: 'me' }, operator)).status).toBe(400)
    expect((await grant({ address: reporter })).status).toBe(401)
    expect((await grant({ address: reporter }, reporter)).status).toBe(403)
    const revoke = (address: string, as?: string) =>
      call(runtime, `/api/v1/moderators/${address}`, { method: 'DELETE', ...(as ? { as } : {}) })
    expect((await revoke(reporter, operator)).status).toBe(200)
    expect((await revoke('me', operator)).status).toBe(400)
    expect((await revoke(reporter)).status).toBe(401)
    expect((await revoke(reporter, reporter)).status).toBe(403)
    expect((await revoke(operator, operator)).status).toBe(409)
    expect((await grant({ address: operator }, operator)).status).toBe(409)
    const staff = (as?: string) => call(runtime, '/api/v1/moderators', as ? { as } : {})
    expect((await staff(operator)).body.data.operators).toEqual([operator])
    expect((await staff()).status).toBe(401)
    expect((await staff(reporter)).status).toBe(403)
    expect((await call(runtime, '/api/v1/moderation/me', { as: operator })).body.data.role).toBe('operator')
    expect((await call(runtime, '/api/v1/moderation/me')).status).toBe(401)
  })

  it('answers each documented status of decisions, appeals and the audit log', async () => {
    const operator = testAccount(0).address
    const stranger = testAccount(8).address
    const runtime: Runtime = {
      ...m.runtime,
      env: { ...m.runtime.env, operators: [operator.toLowerCase() as `0x${string}`] },
    }
    const nft = (await call(runtime, '/api/v1/nfts?limit=1')).body.data[0]
    const owner = nft.owner as string
    const post = (url: string, json: unknown, as?: string, on = runtime) =>
      call(on, url, { method: 'POST', json, ...(as ? { as } : {}) })
    const decide = (json: unknown, as?: string) => post('/api/v1/decisions', json, as)
    const hide = {
      action: 'hide',
      target: { kind: 'item', id: nft.id },
      category: 'spam',
      reason: 'Copies of another artist.',
    }
    const taken = await decide(hide, operator)
    expect(taken.status).toBe(201)
    expect(taken.body.data).toMatchObject({ action: 'hide', inForce: true, concerned: expect.arrayContaining([owner]) })
    expect((await decide(hide, operator)).status).toBe(409)
    expect((await decide({ ...hide, action: 'mark_spam' }, operator)).status).toBe(400)
    expect((await decide({ ...hide, target: { kind: 'item', id: 99_999_999 } }, operator)).status).toBe(404)
    expect((await decide(hide)).status).toBe(401)
    expect((await decide(hide, stranger)).status).toBe(403)
    const id = taken.body.data.id as number

    expect((await call(runtime, `/api/v1/decisions/${id}`)).body.data.reason).toBe('Copies of another artist.')
    expect((await call(runtime, '/api/v1/decisions/99999999')).status).toBe(404)
    expect((await call(runtime, '/api/v1/decisions/first')).status).toBe(400)
    const history = (target: string, as?: string) =>
      call(runtime, `/api/v1/decisions?target=${target}`, as ? { as } : {})
    expect((await history(`item:${nft.id}`, operator)).body.data).toHaveLength(1)
    expect((await history('item:99999999', operator)).status).toBe(404)
    expect((await history('planet:1', operator)).status).toBe(400)
    expect((await history(`item:${nft.id}`)).status).toBe(401)
    expect((await history(`item:${nft.id}`, stranger)).status).toBe(403)

    const appeal = (json: unknown, as?: string, on = runtime) => post('/api/v1/appeals', json, as, on)
    const statement = { decisionId: id, statement: 'These are my own drawings.' }
    const filed = await appeal(statement, owner)
    expect(filed.status).toBe(201)
    expect((await appeal(statement, owner)).status).toBe(409)
    expect((await appeal({ ...statement, decisionId: 99_999_999 }, owner)).status).toBe(404)
    expect((await appeal({ ...statement, statement: '' }, owner)).status).toBe(400)
    expect((await appeal(statement)).status).toBe(401)
    expect((await appeal(statement, stranger)).status).toBe(403)
    const limited: Runtime = {
      ...runtime,
      env: { ...runtime.env, rateLimits: { ...runtime.env.rateLimits, report: { limit: 0, windowMs: 60_000 } } },
    }
    expect((await appeal(statement, owner, limited)).status).toBe(429)
    expect((await call(runtime, '/api/v1/appeals/mine', { as: owner })).body.data[0].status).toBe('open')
    expect((await call(runtime, '/api/v1/appeals/mine')).status).toBe(401)
    const appeals = (query: string, as?: string) => call(runtime, `/api/v1/appeals${query}`, as ? { as } : {})
    expect((await appeals('', operator)).body.data[0]).toMatchObject({ decisionId: id, decision: { id } })
    expect((await appeals('?limit=0', operator)).status).toBe(400)
    expect((await appeals('')).status).toBe(401)
    expect((await appeals('', stranger)).status).toBe(403)

    const outcome = (appealId: unknown, json: unknown, as?: string) =>
      post(`/api/v1/appeals/${appealId}/decision`, json, as)
    const upheld = { outcome: 'upheld', reason: 'The drawings are traced.' }
    expect((await outcome(filed.body.data.id, { outcome: 'maybe', reason: 'x' }, operator)).status).toBe(400)
    expect((await outcome(filed.body.data.id, upheld)).status).toBe(401)
    expect((await outcome(filed.body.data.id, upheld, stranger)).status).toBe(403)
    expect((await outcome(99_999_999, upheld, operator)).status).toBe(404)
    const decided = await outcome(filed.body.data.id, upheld, operator)
    expect(decided.body.data).toMatchObject({ status: 'upheld', decision: { id, inForce: true } })
    expect((await outcome(filed.body.data.id, upheld, operator)).status).toBe(409)

    const reverse = (decisionId: unknown, json: unknown, as?: string) =>
      post(`/api/v1/decisions/${decisionId}/reverse`, json, as)
    const why = { reason: 'Restored after a second look.' }
    expect((await reverse(id, {}, operator)).status).toBe(400)
    expect((await reverse(id, why)).status).toBe(401)
    expect((await reverse(id, why, stranger)).status).toBe(403)
    expect((await reverse(99_999_999, why, operator)).status).toBe(404)
    expect((await reverse(id, why, operator)).body.data).toMatchObject({ inForce: false, reversalReason: why.reason })
    expect((await reverse(id, why, operator)).status).toBe(409)

    const audit = (query: string, as?: string) => call(runtime, `/api/v1/audit${query}`, as ? { as } : {})
    const log = await audit('', operator)
    // Other tests of this file decide too: this one's entries are those about its item and decision.
    const ours = (entries: { subject: string; event: string }[]) =>
      entries.filter((e) => e.subject === `item:${nft.id}` || e.subject === `decision:${id}`).map((e) => e.event)
    expect(ours(log.body.data)).toEqual(['reversed', 'appeal_upheld', 'appealed', 'decided'])
    expect((await audit('?limit=0', operator)).status).toBe(400)
    expect((await audit('')).status).toBe(401)
    expect((await audit('', stranger)).status).toBe(403)
    const exported = await audit('/export?format=json', operator)
    expect(ours(exported.body)).toEqual(['decided', 'appealed', 'appeal_upheld', 'reversed'])
    expect((await audit('/export?format=xml', operator)).status).toBe(400)
    expect((await audit('/export')).status).toBe(401)
    expect((await audit('/export', stranger)).status).toBe(403)
  })
})

describe('legal notices', () => {
  it('answers each documented status of sending and confirming one', async () => {
    const smtp = await startSmtpServer()
    try {
      const mail = { transport: 'smtp' as const, url: smtp.url, from: 'no-reply@vitrine.test' }
      const runtime: Runtime = { ...seeded, env: { ...seeded.env, mail } }
      const nft = (await call(runtime, '/api/v1/nfts?limit=1')).body.data[0]
      const send = (json: unknown, on = runtime) => call(on, '/api/v1/legal-notices', { method: 'POST', json })
      const json = {
        name: 'Ada Lovelace',
        email: 'ada@example.test',
        content: `/item/${nft.id}`,
        reason: 'illegal_content',
        infringed: 'A law against fraud.',
        goodFaith: true,
      }
      expect((await send(json)).status).toBe(202)
      expect((await send({ ...json, goodFaith: false })).status).toBe(400)
      expect((await send({ ...json, content: '/item/99999999' })).status).toBe(404)
      expect((await send(json, seeded)).status).toBe(503)
      const limited: Runtime = {
        ...runtime,
        env: {
          ...runtime.env,
          rateLimits: { ...runtime.env.rateLimits, 'legal-notice': { limit: 0, windowMs: 60_000 } },
        },
      }
      expect((await send(json, limited)).status).toBe(429)
      expect((await call(runtime, '/api/v1/legal-notices/confirm?token=unknown')).status).toBe(303)
      expect((await call(runtime, '/api/v1/legal-notices/confirm')).status).toBe(400)
    } finally {
      await smtp.stop()
    }
  })
})

describe('shared lists', () => {
  it('answers each documented status of publishing and following a list', async () => {
    const operator = testAccount(0)
    const stranger = testAccount(7).address
    const copies = await startHttpServer((request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end(published)
    })
    let published = '{}'
    try {
      const runtime: Runtime = {
        ...seeded,
        env: {
          ...seeded.env,
          operators: [operator.address.toLowerCase() as `0x${string}`],
          metadataFetch: { ...seeded.env.metadataFetch, allowHosts: [copies.host] },
        },
      }
      const script = { 'x-vitrine-client': 'openapi test' }
      expect((await call(runtime, '/api/v1/shared-list')).status).toBe(404)
      const draft = await call(runtime, '/api/v1/shared-list/draft', { as: operator.address })
      expect(draft.status).toBe(200)
      expect((await call(runtime, '/api/v1/shared-list/draft?days=0', { as: operator.address })).status).toBe(400)
      expect((await call(runtime, '/api/v1/shared-list/draft')).status).toBe(401)
      expect((await call(runtime, '/api/v1/shared-list/draft', { as: stranger })).status).toBe(403)

      const list = draft.body.data.message
      const signature = await operator.signTypedData(sharedListTypedData(list))
      const sign = (json: unknown, as?: string, body?: string) =>
        call(runtime, '/api/v1/shared-list/sign', { method: 'POST', json, body, ...(as ? { as } : {}) })
      expect((await sign({ list: { ...list, sequence: 9 }, signature }, operator.address)).status).toBe(400)
      expect((await sign({ list, signature })).status).toBe(401)
      expect((await sign({ list, signature }, stranger)).status).toBe(403)
      const huge = { list: { ...list, origin: 'x'.repeat(5 * 1024 * 1024) }, signature }
      expect((await sign(huge, operator.address)).status).toBe(413)
      expect((await sign({ list, signature }, operator.address)).status).toBe(201)
      expect((await sign({ list, signature }, operator.address)).status).toBe(409)
      const served = await call(runtime, '/api/v1/shared-list')
      expect(served.status).toBe(200)
      published = JSON.stringify(served.body)

      const follow = (json: unknown, as?: string) =>
        call(runtime, '/api/v1/shared-lists', { method: 'POST', json, ...(as ? { as } : {}) })
      const url = `${copies.origin}/list.json`
      const followed = await follow({ url, signer: operator.address, trusted: true }, operator.address)
      expect(followed.status).toBe(200)
      expect(followed.body.data).toMatchObject({ url, signer: operator.address, trusted: true })
      expect((await follow({ url: 'ftp://elsewhere' }, operator.address)).status).toBe(400)
      expect((await follow({ url })).status).toBe(401)
      expect((await follow({ url }, stranger)).status).toBe(403)

      const subscriptions = await call(runtime, '/api/v1/shared-lists', { as: operator.address })
      expect(subscriptions.body.data).toHaveLength(1)
      expect((await call(runtime, '/api/v1/shared-lists')).status).toBe(401)
      expect((await call(runtime, '/api/v1/shared-lists', { as: stranger })).status).toBe(403)

      const { id } = followed.body.data
      const refresh = (path: string | number, as?: string) =>
        call(runtime, `/api/v1/shared-lists/${path}/refresh`, {
          method: 'POST',
          headers: script,
          ...(as ? { as } : {}),
        })
      expect((await refresh(id, operator.address)).status).toBe(200)
      expect((await refresh('one', operator.address)).status).toBe(400)
      expect((await refresh(id)).status).toBe(401)
      expect((await refresh(id, stranger)).status).toBe(403)
      expect((await refresh(99_999, operator.address)).status).toBe(404)

      const drop = (path: string | number, as?: string) =>
        call(runtime, `/api/v1/shared-lists/${path}`, { method: 'DELETE', headers: script, ...(as ? { as } : {}) })
      expect((await drop('one', operator.address)).status).toBe(400)
      expect((await drop(id)).status).toBe(401)
      expect((await drop(id, stranger)).status).toBe(403)
      expect((await drop(id, operator.address)).status).toBe(200)
      expect((await drop(id, operator.address)).status).toBe(404)
    } finally {
      await copies.stop()
    }
  })
})

describe('what this marketplace hid', () => {
  it('answers 410, or 451 for a legal reason, naming the decision; a spam mark rides on the answer', async () => {
    const actor = testAccount(0).address.toLowerCase()
    const [row] = (
      await seeded.db.$client.execute(
        'select c.id, c.slug, n.id as nft, n.chain_id as chainId, n.contract, n.token_id as tokenId from collections c join nfts n on n.collection_id = c.id order by c.id limit 1',
      )
    ).rows as any[]
    const [user] = (await seeded.db.$client.execute('select address from users order by id limit 1')).rows as any[]
    const decide = async (kind: 'collection' | 'profile', key: string, category: 'scam' | 'legal_notice') =>
      (await recordDecision(seeded.db, { action: 'hide', target: { kind, key }, category, reason: 'on review', actor }))
        .id
    for (const [category, status] of [
      ['scam', 410],
      ['legal_notice', 451],
    ] as const) {
      const hid = [
        await decide('collection', String(row.id), category),
        await decide('profile', user.address, category),
      ]
      for (const url of [
        `/api/v1/collections/${row.slug}`,
        `/api/v1/nfts/${row.nft}`,
        `/api/v1/nfts/${row.chainId}/${row.contract}/${row.tokenId}`,
        `/api/v1/nfts?collection=${row.slug}`,
        `/api/v1/marketplace/filterNFTbyCollection/${row.slug}`,
        `/api/v1/activity?collection=${row.slug}`,
        `/api/v1/collections/${row.slug}/sweep?count=1&maxTotal=1`,
        `/api/v1/collections/${row.slug}/traits`,
        `/api/v1/collections/${row.slug}/offers`,
        `/api/v1/collections/${row.slug}/criteria?trait=Background:Mint`,
        `/api/v1/collections/${row.slug}/history`,
        `/api/v1/users/${user.address}`,
      ]) {
        const answer = await call(seeded, url)
        expect(answer.status, url).toBe(status)
        expect(answer.body.error.details.moderation.hidden).toMatchObject({ reason: 'on review', httpStatus: status })
      }
      for (const id of hid) await reverseDecision(seeded.db, id, { actor, reason: 'restored' })
    }
    const spam = await recordDecision(seeded.db, {
      action: 'mark_spam',
      target: { kind: 'collection', key: String(row.id) },
      category: 'spam',
      reason: 'airdropped',
      actor,
    })
    expect((await call(seeded, `/api/v1/collections/${row.id}`)).body.data.moderation.spam.decision).toBe(spam.id)
    expect((await call(seeded, `/api/v1/nfts/${row.nft}`)).body.data.moderation.spam.decision).toBe(spam.id)
    await reverseDecision(seeded.db, spam.id, { actor, reason: 'restored' })
  })
})

it('every documented answer of every operation was seen and checked', () => {
  const documented = Object.entries(doc.paths).flatMap(([path, operations]) =>
    METHODS.filter((method) => operations[method]).flatMap((method) =>
      Object.keys(operations[method]!.responses).map((status) => `${method.toUpperCase()} ${path} ${status}`),
    ),
  )
  expect(documented.filter((key) => !answered.has(key))).toEqual([])
})

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 1, 2, 3])
