/**
 * Pages under their security headers in Chromium: only our own scripts run (the nonce), nothing
 * else is loaded, another site cannot frame the page, and the harness reports any violation.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchBrowser, waitForHydration, watchErrors } from '../support/browser'

const baseUrl = inject('baseUrl')
let browser: Browser
let otherSite: Server
let otherUrl: string

beforeAll(async () => {
  browser = await launchBrowser()
  // Another origin (another port): a page there tries to frame ours.
  otherSite = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' })
    response.end(
      `<!doctype html><title>other</title><iframe id="victim" src="${baseUrl}/" width="800" height="600"></iframe>`,
    )
  })
  await new Promise<void>((resolve) => otherSite.listen(0, '127.0.0.1', resolve))
  otherUrl = `http://127.0.0.1:${(otherSite.address() as AddressInfo).port}`
})
afterAll(async () => {
  otherSite?.close()
  await browser?.close()
})

describe('page security headers', () => {
  it('sends the policy with a fresh nonce on every page, and the other headers', async () => {
    const first = await fetch(`${baseUrl}/`)
    const second = await fetch(`${baseUrl}/rankings`)
    const policy = first.headers.get('content-security-policy')!
    const nonce = /'nonce-([^']+)'/.exec(policy)?.[1]
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/)
    expect(second.headers.get('content-security-policy')).not.toContain(nonce)
    expect(policy).toContain("frame-ancestors 'none'")
    expect(policy).toContain("object-src 'none'")
    expect(policy).not.toContain("'unsafe-inline' 'nonce")
    expect(/script-src ([^;]*)/.exec(policy)![1]).not.toContain('unsafe-inline')
    expect(first.headers.get('x-frame-options')).toBe('DENY')
    expect(first.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
    expect(first.headers.get('x-content-type-options')).toBe('nosniff')
    expect(first.headers.get('permissions-policy')).toContain('camera=()')
    // HSTS only in production (the built server's test checks it there).
    expect(first.headers.get('strict-transport-security')).toBeNull()
    // Every inline script of the page carries this response's nonce.
    const html = await first.text()
    const scripts = html.match(/<script\b[^>]*>/g) ?? []
    expect(scripts.length).toBeGreaterThan(0)
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`)
  })

  it('runs the page with no violation, and refuses and reports a script without the nonce', async () => {
    const page = await browser.newPage()
    const errors = watchErrors(page)
    await page.goto(`${baseUrl}/`)
    await waitForHydration(page)
    // The theme boot script ran (inline, with the nonce): the class is set before hydration.
    expect(await page.evaluate(() => document.documentElement.style.colorScheme)).toMatch(/^(light|dark)$/)
    // Connecting, signing in and trading run under the policy in wallet.test.ts and trading.test.ts,
    // whose console watch fails on any violation.
    expect(errors).toEqual([])
    // What an injected script would be: refused, and reported.
    const ran = await page.evaluate(async () => {
      const script = document.createElement('script')
      script.textContent = 'window.__injected = true'
      document.body.append(script)
      await new Promise((resolve) => setTimeout(resolve, 100))
      return (window as unknown as { __injected?: boolean }).__injected ?? false
    })
    expect(ran).toBe(false)
    expect(errors.some((e) => e.startsWith('CSP violation: script-src'))).toBe(true)
    await page.close()
  })

  it('cannot be framed by another site (clickjacking)', async () => {
    const page = await browser.newPage()
    await page.goto(otherUrl)
    await page.waitForTimeout(1_000)
    const frame = page.frames().find((f) => f !== page.mainFrame())
    const framed = frame ? await frame.evaluate(() => document.title).catch(() => '') : ''
    expect(framed).not.toMatch(/Vitrine/)
    await page.close()
  })
})
