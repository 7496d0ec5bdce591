/**
 * Hostile SVG opened as a document on our origin, through every route that serves stored media.
 * The upload check refuses these files (tests/unit/svg.test.ts); here they are put straight into
 * the dev server's media folder, as a file stored before that check would be, to prove the
 * serving side alone keeps them inert: no script runs, nothing is loaded, even after a click.
 */
import { createHash } from 'node:crypto'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { MEDIA_DIR } from '../../server/platform/runtime'
import { UNTRUSTED_CONTENT_POLICY } from '../../server/media/untrusted'
import { launchBrowser } from '../support/browser'
import { hostileSvgs } from '../support/hostile-svgs'

const baseUrl = inject('baseUrl')
let browser: Browser
let marker: Server
const calls: string[] = []
const written: string[] = []
let payloads: [string, string][] = []

beforeAll(async () => {
  browser = await launchBrowser()
  // Anything a payload loads or calls home to lands here.
  marker = createServer((request, response) => {
    calls.push(request.url ?? '')
    response.writeHead(204).end()
  })
  await new Promise<void>((resolve) => marker.listen(0, '127.0.0.1', resolve))
  const markerUrl = `http://127.0.0.1:${(marker.address() as AddressInfo).port}`
  mkdirSync(MEDIA_DIR, { recursive: true })
  payloads = Object.entries(hostileSvgs(markerUrl)).map(([what, svg]) => {
    const key = `${createHash('sha256').update(svg).digest('hex')}.svg`
    writeFileSync(`${MEDIA_DIR}/${key}`, svg)
    written.push(`${MEDIA_DIR}/${key}`)
    return [what, key]
  })
})

afterAll(async () => {
  for (const file of written) rmSync(file, { force: true })
  marker?.close()
  await browser?.close()
})

const routes = (key: string) => [
  `/api/media/${key}`,
  `/_image?url=/api/media/${key}&w=640`,
  `/_next/image?url=/api/media/${key}&w=640`,
]

describe('stored SVG opened through every route that serves it', () => {
  it('runs no script and loads nothing, for every payload on every route', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    const ran: string[] = []
    for (const [what, key] of payloads) {
      for (const route of routes(key)) {
        const response = await page.goto(`${baseUrl}${route}`)
        expect(response?.status(), `${what} at ${route}`).toBe(200)
        const headers = response!.headers()
        expect(headers['content-security-policy'], route).toBe(UNTRUSTED_CONTENT_POLICY)
        expect(headers['x-content-type-options'], route).toBe('nosniff')
        // Give a script, an iframe or an animation the chance to run, then follow any link.
        await page.waitForTimeout(150)
        await page.mouse.click(100, 100)
        await page.waitForTimeout(150)
        const mark = await page.evaluate(() => document.documentElement?.getAttribute('data-ran') ?? null)
        if (mark) ran.push(`${what} at ${route}: ${mark}`)
        if (page.url() !== `${baseUrl}${route}`) ran.push(`${what} at ${route}: navigated to ${page.url()}`)
      }
    }
    expect(ran).toEqual([])
    expect(calls).toEqual([])
    await context.close()
  })
})
