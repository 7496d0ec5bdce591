import { describe, expect, it } from 'vitest'
import { EnvError } from '../../server/platform/env'
import { processCount } from '../../scripts/server-processes'

describe('processCount (npm start)', () => {
  it('serves with one process per core unless WEB_CONCURRENCY says otherwise', () => {
    expect(processCount(undefined, 2)).toBe(2)
    expect(processCount('', 8)).toBe(8)
    expect(processCount(undefined, 0)).toBe(1)
    expect(processCount('1', 8)).toBe(1)
    expect(processCount('3', 2)).toBe(3)
  })

  it.each(['0', '-1', '1.5', 'two', '257'])('refuses WEB_CONCURRENCY=%s, naming the variable', (value) => {
    expect(() => processCount(value, 2)).toThrow(EnvError)
    expect(() => processCount(value, 2)).toThrow(
      `WEB_CONCURRENCY: must be a whole number from 1 to 256, got "${value}"`,
    )
  })
})
