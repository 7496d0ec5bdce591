import { describe, expect, inject, it } from 'vitest'
import { sharedBrowser, waitForHydration, watchErrors } from '../support/browser'

const baseUrl = inject('baseUrl')
const browser = sharedBrowser()

describe('home page in Chromium', () => {
  it('has the title pattern, the page head and no console error', async () => {
    const page = await browser.newPage()
    const errors = watchErrors(page)
    const response = await page.goto(baseUrl)
    expect(response?.status()).toBe(200)
    await waitForHydration(page)
    expect(await page.title()).toBe('Home || Vitrine NFT Marketplace')
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toMatch(/marketplace/i)
    expect(await page.locator('meta[name="keywords"]').getAttribute('content')).toContain('NFT')
    expect(await page.locator('link[rel="icon"]').getAttribute('href')).toBe('/favicon.svg')
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'Discover, collect and sell extraordinary NFTs',
    )
    // Server-rendered data sections (prefetched by the loader through tRPC in-process).
    expect(await page.locator('#trending ~ ul li, section[aria-labelledby="trending"] li').count()).toBeGreaterThan(0)
    expect(errors).toEqual([])
    await page.close()
  })

  it('follows the system theme when nothing is stored', async () => {
    const context = await browser.newContext({ colorScheme: 'dark' })
    const page = await context.newPage()
    await page.goto(baseUrl)
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true)
    await page.emulateMedia({ colorScheme: 'light' })
    await page.waitForFunction(() => !document.documentElement.classList.contains('dark'))
    await context.close()
  })

  it('keeps the toggled theme across a reload, applied before the first paint', async () => {
    const context = await browser.newContext({ colorScheme: 'light' })
    const page = await context.newPage()
    const errors = watchErrors(page)
    // Records the theme at the moment <body> starts to exist, i.e. before anything is painted.
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (!document.body) return
        ;(window as unknown as { themeAtBody: boolean }).themeAtBody =
          document.documentElement.classList.contains('dark')
        observer.disconnect()
      }).observe(document, { childList: true, subtree: true })
    })
    await page.goto(baseUrl)
    await waitForHydration(page)
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false)

    await page.getByTestId('theme-toggle').click()
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true)
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark')

    await page.reload()
    expect(await page.evaluate(() => (window as unknown as { themeAtBody: boolean }).themeAtBody)).toBe(true)
    await waitForHydration(page)
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true)

    await page.getByTestId('theme-toggle').click()
    await page.reload()
    expect(await page.evaluate(() => (window as unknown as { themeAtBody: boolean }).themeAtBody)).toBe(false)
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light')
    expect(errors).toEqual([])
    await context.close()
  })

  it('answers an unknown page with the 404 page and status', async () => {
    const page = await browser.newPage()
    const response = await page.goto(`${baseUrl}/no-such-page`)
    expect(response?.status()).toBe(404)
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Page not found')
    await page.close()
  })
})
