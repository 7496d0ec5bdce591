import { describe, expect, it } from 'vitest'
import {
  isPersonal,
  isPublicRead,
  isStorable,
  PRIVATE_CACHE_CONTROL,
  PUBLIC_CACHE_CONTROL,
  withCachePolicy,
} from '../../server/http/cache-policy'
import { sessionCookie } from '../support/session'

const SITE = 'https://vitrine.example'
const get = (path: string, headers: Record<string, string> = {}) => new Request(`${SITE}${path}`, { headers })

/** What wagmi's cookie storage keeps: a connected account, or none. */
const wagmiCookie = (connected: boolean) =>
  `wagmi.store=${encodeURIComponent(
    JSON.stringify({
      state: {
        current: connected ? 'io.metamask' : null,
        chainId: 1,
        connections: {
          __type: 'Map',
          value: connected
            ? [['io.metamask', { accounts: ['0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc'], chainId: 1 }]]
            : [],
        },
      },
    }),
  )}`

describe('who is anonymous', () => {
  it('a session cookie under each name Auth.js gives it, chunked or not, names someone', async () => {
    const address = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc'
    expect(isPersonal(get('/', { cookie: await sessionCookie(address) }))).toBe(true)
    expect(isPersonal(get('/', { cookie: await sessionCookie(address, { secure: true }) }))).toBe(true)
    expect(isPersonal(get('/', { cookie: 'theme=dark; __Secure-authjs.session-token.0=abc' }))).toBe(true)
  })

  it('a wallet cookie that remembers an account names someone; one that remembers none does not', () => {
    expect(isPersonal(get('/', { cookie: wagmiCookie(true) }))).toBe(true)
    expect(isPersonal(get('/', { cookie: wagmiCookie(false) }))).toBe(false)
  })

  it('any Authorization names someone; other cookies do not', () => {
    expect(isPersonal(get('/', { authorization: 'Bearer x' }))).toBe(true)
    expect(isPersonal(get('/', { cookie: 'authjs.csrf-token=abc; authjs.callback-url=%2F' }))).toBe(false)
    expect(isPersonal(get('/'))).toBe(false)
  })
})

describe('what is a public read', () => {
  it('pages and the public reads of both APIs', () => {
    for (const path of [
      '/',
      '/item/20',
      '/collection/explore_collection?sort=price-asc',
      '/api/v1/nfts?limit=5',
      '/api/v1/collections/avatar_1',
      '/api/trpc/nft.list,collection.list?batch=1&input=%7B%7D',
      '/api/trpc/session,wallet?batch=1&input=%7B%7D',
    ]) {
      expect(isPublicRead(get(path)), path).toBe(true)
    }
  })

  it('not the live answers, not a nonce, not a write, not a batch that holds one private query', () => {
    for (const path of [
      '/api/health',
      '/api/trpc/health',
      '/api/trpc/market.indexedTo?input=%7B%7D',
      '/api/trpc/nft.list,create.myCollections?batch=1',
      '/api/v1/auth/nonce',
      '/api/v1/orders/0xabc',
      '/api/auth/session',
      '/api/media/abc.png',
    ]) {
      expect(isPublicRead(get(path)), path).toBe(false)
    }
    expect(isPublicRead(new Request(`${SITE}/`, { method: 'POST', body: '' }))).toBe(false)
  })

  it('a tRPC path with a malformed escape is not public, and asking does not throw', () => {
    // Unchecked, the URIError escaped the fetch handler: a 500 with no headers instead of tRPC's answer.
    for (const path of ['/api/trpc/%E0%A4%A', '/api/trpc/nft.list,%', '/api/trpc/nft.list%2C%ZZ']) {
      expect(() => isPublicRead(get(path)), path).not.toThrow()
      expect(isPublicRead(get(path)), path).toBe(false)
      expect(withCachePolicy(get(path), new Response('{}')).headers.get('cache-control'), path).toBe(
        PRIVATE_CACHE_CONTROL,
      )
    }
  })
})

describe('the headers of an answer', () => {
  const ok = (init: ResponseInit = {}) => new Response('<p>hi</p>', { status: 200, ...init })

  it('an anonymous page is public for shared caches and varies on who asks', () => {
    const response = withCachePolicy(get('/item/20'), ok({ headers: { vary: 'Accept-Encoding' } }))
    expect(response.headers.get('cache-control')).toBe(PUBLIC_CACHE_CONTROL)
    expect(response.headers.get('cache-control')).toMatch(/s-maxage=\d+, stale-while-revalidate=\d+/)
    expect(response.headers.get('vary')).toBe('Accept-Encoding, Cookie, Authorization')
    expect(isStorable(response)).toBe(true)
  })

  it('a signed-in page, an answer that sets a cookie, an error and a private read are private', async () => {
    const cookie = await sessionCookie('0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc')
    const cases = [
      withCachePolicy(get('/item/20', { cookie }), ok()),
      withCachePolicy(get('/item/20'), ok({ headers: { 'set-cookie': 'a=b' } })),
      withCachePolicy(get('/item/999999'), new Response('gone', { status: 404 })),
      withCachePolicy(get('/api/trpc/market.indexedTo'), ok()),
    ]
    for (const response of cases) {
      expect(response.headers.get('cache-control')).toBe(PRIVATE_CACHE_CONTROL)
      expect(isStorable(response)).toBe(false)
    }
  })

  it('leaves an answer that chose its own caching alone', () => {
    const immutable = 'public, max-age=31536000, immutable'
    const response = withCachePolicy(get('/api/v1/nfts'), ok({ headers: { 'cache-control': immutable } }))
    expect(response.headers.get('cache-control')).toBe(immutable)
  })
})
