/**
 * Production answers never carry internal details: an unexpected failure says so in words with
 * an error id, and the SQL, its parameters and the stack go to the server log under that id.
 * The RPC URLs browsers are given are configured apart from the server's own (which may hold keys).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { app } from '../../server/app'
import { parseEnv } from '../../server/platform/env'
import type { Runtime } from '../../server/platform/runtime'
import { createTestRuntime, TEST_AUTH_SECRET } from '../support/runtime'

const PRIVATE_RPC = 'https://eth-mainnet.example/v2/secret-key-123'
const production = (url: string, vars: Record<string, string> = {}) =>
  parseEnv({
    NODE_ENV: 'production',
    AUTH_SECRET: TEST_AUTH_SECRET,
    DATABASE_URL: url,
    PUBLIC_URL: 'https://vitrine.example',
    PLATFORM_FEE_RECIPIENT: `0x${'1'.repeat(40)}`,
    CHAINS: '1,8453',
    RPC_URL_1: PRIVATE_RPC,
    ...vars,
  })

let base: Awaited<ReturnType<typeof createTestRuntime>>
beforeAll(async () => {
  base = await createTestRuntime()
})
afterAll(() => base.close())
afterEach(() => vi.restoreAllMocks())

const request = (runtime: Runtime, path: string) => app.request(`https://vitrine.example${path}`, {}, runtime)

describe('an unexpected failure in production', () => {
  it.each([
    [
      'tRPC',
      '/api/trpc/user.byAddress?input=' + encodeURIComponent(JSON.stringify({ address: '0x' + '2'.repeat(40) })),
    ],
    ['REST', `/api/v1/users/0x${'2'.repeat(40)}`],
  ])('%s: says what failed in words with an error id; the details are logged under it', async (_, path) => {
    const broken = await createTestRuntime()
    const runtime = { ...broken, env: production(broken.url) }
    broken.db.$client.close()
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    const response = await request(runtime, path)
    broken.close()
    expect(response.status).toBe(500)
    const text = await response.text()
    const errorId = /error ([0-9a-f]{8})/.exec(text)?.[1]
    expect(errorId).toBeDefined()
    expect(text).toMatch(/Something went wrong on our side/)
    for (const leak of [/select/i, /users/, '2222222222', /at .*\.ts/, /stack/]) expect(text).not.toMatch(leak)
    const logged = log.mock.calls.map((call) => call.map(String).join(' ')).join('\n')
    expect(logged).toContain(`error ${errorId}`)
  })
})

describe('RPC URLs', () => {
  it('the browser is never given a server RPC URL; PUBLIC_RPC_URL_<id> is what it gets', async () => {
    const runtime = { ...base, env: production(base.url) }
    const answers = await Promise.all(
      ['/api/v1/chain', '/api/trpc/chain.list', '/api/trpc/wallet'].map(async (path) => {
        const response = await request(runtime, path)
        expect(response.status).toBe(200)
        return response.text()
      }),
    )
    for (const text of answers) {
      expect(text).not.toContain('secret-key-123')
      expect(text).toContain('https://') // the network's public RPC instead
    }

    const configured = { ...base, env: production(base.url, { PUBLIC_RPC_URL_1: 'https://public-rpc.example/' }) }
    const wallet = await (await request(configured, '/api/trpc/wallet')).text()
    expect(wallet).toContain('https://public-rpc.example/')
    expect(wallet).not.toContain('secret-key-123')
    // The server keeps using its own.
    expect(configured.env.chains.find((c) => c.id === 1)?.rpcUrl).toBe(PRIVATE_RPC)
  })
})
