/**
 * Every route of the menus, at a phone width in the light theme and a desktop width in the
 * dark theme: it answers, has the title pattern and a canonical URL, logs no console error,
 * does not scroll sideways and has no serious accessibility violation (axe) in either theme.
 */
import { describe, expect, inject, it } from 'vitest'
import { axeViolations, hasHorizontalOverflow, sharedBrowser, waitForHydration, watchErrors } from '../support/browser'
import { SCREEN_ROUTES } from '../support/routes'

const baseUrl = inject('baseUrl')
const browser = sharedBrowser()

describe.each([
  [375, 'light'],
  [1280, 'dark'],
] as const)('at %ipx, %s theme', (width, colorScheme) => {
  it.each(SCREEN_ROUTES)('%s', async (path) => {
    const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme })
    const page = await context.newPage()
    const errors = watchErrors(page)
    const response = await page.goto(baseUrl + path)
    expect(response?.status()).toBe(200)
    await waitForHydration(page)
    expect(await page.title()).toMatch(/^.+ \|\| Vitrine NFT Marketplace$/)
    expect(await page.locator('h1').count()).toBeGreaterThanOrEqual(1)
    expect(await hasHorizontalOverflow(page)).toBe(false)
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(colorScheme === 'dark')
    const canonical = await page.locator('link[rel="canonical"]').getAttribute('href')
    expect(canonical).toBe(baseUrl + new URL(page.url()).pathname)
    expect(await axeViolations(page)).toEqual([])
    expect(errors).toEqual([])
    await context.close()
  })
})
