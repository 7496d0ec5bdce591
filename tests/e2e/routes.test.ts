/**
 * Every route of the menus, at a phone and a desktop width: it answers, has the title pattern,
 * logs no console error, does not scroll sideways and has no serious accessibility violation.
 */
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { axeViolations, hasHorizontalOverflow, launchBrowser, waitForHydration, watchErrors } from '../support/browser'
import { SCREEN_ROUTES } from '../support/routes'

const baseUrl = inject('baseUrl')
let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

describe.each([375, 1280])('at %ipx', (width) => {
  it.each(SCREEN_ROUTES)('%s', async (path) => {
    const context = await browser.newContext({ viewport: { width, height: 900 } })
    const page = await context.newPage()
    const errors = watchErrors(page)
    const response = await page.goto(baseUrl + path)
    expect(response?.status()).toBe(200)
    await waitForHydration(page)
    expect(await page.title()).toMatch(/^.+ \|\| Vitrine NFT Marketplace$/)
    expect(await page.locator('h1').count()).toBeGreaterThanOrEqual(1)
    expect(await hasHorizontalOverflow(page)).toBe(false)
    if (width === 1280) expect(await axeViolations(page)).toEqual([])
    expect(errors).toEqual([])
    await context.close()
  })
})
