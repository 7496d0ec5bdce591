import { describe, expect, it } from 'vitest'
import { pageTitle } from '../../app/lib/seo'

describe('pageTitle', () => {
  it('follows "<page> || Vitrine NFT Marketplace"', () => {
    expect(pageTitle('Rankings')).toBe('Rankings || Vitrine NFT Marketplace')
  })
})
