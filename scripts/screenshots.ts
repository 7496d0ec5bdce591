/**
 * `npm run screenshots`: every route at 375px and 1280px, light and dark, into screenshots/
 * (git-ignored). Starts `npm run dev`'s server on a free port unless BASE_URL is given.
 *   ONLY=explore  limits to routes whose path contains the text
 */
import { mkdirSync } from 'node:fs'
import { launchBrowser } from '../tests/support/browser'
import { SCREEN_ROUTES } from '../tests/support/routes'
import { freePort, startProcess, waitForHttp } from './processes'

const out = 'screenshots'
mkdirSync(out, { recursive: true })
let base = process.env.BASE_URL
let stop = async () => {}
if (!base) {
  const port = await freePort()
  base = `http://127.0.0.1:${port}`
  const server = startProcess(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/dev.ts'], base, {
    PORT: String(port),
  })
  await waitForHttp(`${base}/api/health`, server, 90_000)
  stop = server.stop
}

const browser = await launchBrowser()
try {
  for (const theme of ['light', 'dark'] as const) {
    for (const width of [375, 1280]) {
      const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: theme })
      const page = await context.newPage()
      for (const path of SCREEN_ROUTES.filter((p) => !process.env.ONLY || p.includes(process.env.ONLY))) {
        await page.goto(base + path, { waitUntil: 'networkidle' })
        const name = path === '/' ? 'home' : path.slice(1).replace(/[/?=&]/g, '_')
        await page.screenshot({ path: `${out}/${name}-${width}-${theme}.png`, fullPage: width === 1280 })
      }
      await context.close()
    }
  }
  console.log(`screenshots in ${out}/`)
} finally {
  await browser.close()
  await stop()
}
