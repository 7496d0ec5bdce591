import { describe, expect, it } from 'vitest'
import { DEFAULT_DATABASE_URL, DEFAULT_LIVE_STREAMS_PER_PROCESS, EnvError, parseEnv } from '../../server/platform/env'

const secret = 'x'.repeat(32)

describe('parseEnv', () => {
  it('needs nothing but a secret in development, defaulting to the embedded database', () => {
    const env = parseEnv({ NODE_ENV: 'development', AUTH_SECRET: secret })
    expect(env.DATABASE_URL).toBe(DEFAULT_DATABASE_URL)
    expect(env.DATABASE_URL.startsWith('file:')).toBe(true)
  })

  it('refuses production without AUTH_SECRET and DATABASE_URL, naming both', () => {
    const attempt = () => parseEnv({ NODE_ENV: 'production' })
    expect(attempt).toThrow(EnvError)
    expect(attempt).toThrow(/AUTH_SECRET: required in production/)
    expect(attempt).toThrow(/DATABASE_URL: required in production/)
    expect(attempt).toThrow(/PLATFORM_FEE_RECIPIENT: required in production/)
    expect(attempt).toThrow(/PUBLIC_URL: required in production/)
  })

  it('accepts a Turso database in production', () => {
    const env = parseEnv({
      NODE_ENV: 'production',
      AUTH_SECRET: secret,
      DATABASE_URL: 'libsql://vitrine-acme.turso.io',
      DATABASE_AUTH_TOKEN: 'token',
      PLATFORM_FEE_RECIPIENT: '0x00000000000000000000000000000000000000Fe',
      PUBLIC_URL: 'https://vitrine.example',
    })
    expect(env).toMatchObject({ DATABASE_URL: 'libsql://vitrine-acme.turso.io', DATABASE_AUTH_TOKEN: 'token' })
  })

  it('takes the platform fee in basis points, 1% unless configured, and refuses more than 10%', () => {
    expect(parseEnv({ AUTH_SECRET: secret }).platformFee.bps).toBe(100)
    expect(parseEnv({ AUTH_SECRET: secret, PLATFORM_FEE_BPS: '250' }).platformFee.bps).toBe(250)
    expect(() => parseEnv({ AUTH_SECRET: secret, PLATFORM_FEE_BPS: '1500' })).toThrow(
      /PLATFORM_FEE_BPS: must be at most 1000/,
    )
    expect(() => parseEnv({ AUTH_SECRET: secret, PLATFORM_FEE_RECIPIENT: '0x12' })).toThrow(
      /PLATFORM_FEE_RECIPIENT: must be a 0x-prefixed 20-byte address/,
    )
  })

  it('takes the lowest price an order may ask in wei, 0.0001 ETH unless configured', () => {
    expect(parseEnv({ AUTH_SECRET: secret }).minPriceWei).toBe(100_000_000_000_000n)
    expect(parseEnv({ AUTH_SECRET: secret, MIN_PRICE_WEI: '5000' }).minPriceWei).toBe(5000n)
    for (const bad of ['0', '0.001', '-1', '1e18']) {
      expect(() => parseEnv({ AUTH_SECRET: secret, MIN_PRICE_WEI: bad })).toThrow(
        /MIN_PRICE_WEI: must be a whole number of wei, at least 1/,
      )
    }
  })

  it('follows each chain about once per block unless FOLLOW_INTERVAL_MS or FOLLOW_INTERVAL_MS_<chain id> says otherwise', () => {
    const chains = { AUTH_SECRET: secret, CHAINS: '31337,1,8453' }
    expect(parseEnv(chains).followIntervalMs).toEqual({ 31337: 1_000, 1: 12_000, 8453: 2_000 })
    expect(
      parseEnv({ ...chains, FOLLOW_INTERVAL_MS: '3000', FOLLOW_INTERVAL_MS_8453: '500' }).followIntervalMs,
    ).toEqual({ 31337: 3_000, 1: 3_000, 8453: 500 })
    expect(() => parseEnv({ ...chains, FOLLOW_INTERVAL_MS: '10' })).toThrow(
      /FOLLOW_INTERVAL_MS: must be at least 250 ms/,
    )
    expect(() => parseEnv({ ...chains, FOLLOW_INTERVAL_MS_1: 'often' })).toThrow(/FOLLOW_INTERVAL_MS_1: /)
    expect(() => parseEnv({ ...chains, FOLLOW_INTERVAL_MS_1: '1.5' })).toThrow(
      /FOLLOW_INTERVAL_MS_1: must be a whole number of milliseconds/,
    )
  })

  it('reads OPERATORS as lowercase addresses, naming each entry that is not one', () => {
    expect(parseEnv({ AUTH_SECRET: secret }).operators).toEqual([])
    const a = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    const b = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
    expect(parseEnv({ AUTH_SECRET: secret, OPERATORS: ` ${a}, ${b},${a.toLowerCase()} ` }).operators).toEqual([
      a.toLowerCase(),
      b.toLowerCase(),
    ])
    expect(() => parseEnv({ AUTH_SECRET: secret, OPERATORS: `${a},0x1234,alice` })).toThrow(
      /OPERATORS: "0x1234" is not an address[^]*OPERATORS: "alice" is not an address/,
    )
  })

  it('bounds the live streams one process holds, 2000 unless LIVE_STREAMS_PER_PROCESS says otherwise', () => {
    expect(parseEnv({ AUTH_SECRET: secret }).liveStreamsPerProcess).toBe(DEFAULT_LIVE_STREAMS_PER_PROCESS)
    expect(DEFAULT_LIVE_STREAMS_PER_PROCESS).toBe(2_000)
    expect(parseEnv({ AUTH_SECRET: secret, LIVE_STREAMS_PER_PROCESS: '0' }).liveStreamsPerProcess).toBe(0)
    expect(parseEnv({ AUTH_SECRET: secret, LIVE_STREAMS_PER_PROCESS: '500' }).liveStreamsPerProcess).toBe(500)
    for (const value of ['-1', '2.5', 'many', '100001']) {
      expect(() => parseEnv({ AUTH_SECRET: secret, LIVE_STREAMS_PER_PROCESS: value })).toThrow(
        /LIVE_STREAMS_PER_PROCESS: must be/,
      )
    }
  })

  it('names a malformed variable and why', () => {
    expect(() => parseEnv({ AUTH_SECRET: 'short', DATABASE_URL: 'postgres://x' })).toThrow(
      /DATABASE_URL: must start with file:.*\n.*AUTH_SECRET: must be at least 32 characters/s,
    )
  })

  it('treats empty strings as unset', () => {
    expect(() => parseEnv({ NODE_ENV: 'production', AUTH_SECRET: '', DATABASE_URL: '' })).toThrow(/AUTH_SECRET/)
  })
})
