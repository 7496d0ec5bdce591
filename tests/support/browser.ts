import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { chromium, type Browser, type Page, type Response } from 'playwright-core'
import { afterAll, beforeAll, inject } from 'vitest'

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/** Debian's Chromium with the flags this sandbox needs (ARCHITECTURE.md, measured facts). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  })
}

/** What a test file opens its pages in. */
export type TestBrowser = Pick<Browser, 'newPage' | 'newContext'>

/** One Chromium for the test file: launched before its tests, closed after them. */
export function sharedBrowser(): TestBrowser {
  let browser: Browser | undefined
  beforeAll(async () => {
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
  })
  const launched = () => {
    if (!browser) throw new Error('the browser starts in beforeAll: open pages inside the tests')
    return browser
  }
  return {
    newPage: (options) => launched().newPage(options),
    newContext: (options) => launched().newContext(options),
  }
}

/**
 * Collects console errors and uncaught page errors; a test asserts the list stays empty. Pages
 * run under their Content-Security-Policy, and every violation is reported here as an error.
 */
export function watchErrors(page: Page): string[] {
  const errors: string[] = []
  void page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline code'}`),
    ),
  )
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  return errors
}

/** Resolves once React has hydrated the page (the root layout marks <html data-hydrated>). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
}

/** Goes to a path of the dev server the e2e setup started and waits until React has hydrated it. */
export async function openPage(page: Page, path: string): Promise<Response | null> {
  const response = await page.goto(inject('baseUrl') + path)
  await waitForHydration(page)
  return response
}

/** axe-core in the page: the serious and critical violations, as "rule: target" lines. */
export async function axeViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol: the page's CSP rightly refuses an injected <script>.
  await page.evaluate(axeSource)
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (o?: unknown) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }>
        }
      }
    ).axe
    const result = await axe.run({ resultTypes: ['violations'] })
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.id}: ${v.nodes
            .map((n) => n.target.join(' '))
            .slice(0, 3)
            .join(', ')}`,
      )
  })
  return violations
}

/** True when the page is wider than the viewport (a horizontal scrollbar). */
export function hasHorizontalOverflow(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1)
}
