/**
 * `npm run bench:lighthouse`: Lighthouse (mobile settings: emulated phone, simulated slow 4G
 * and 4× CPU slowdown) with Debian Chromium against the Node production build on a seeded
 * database, for `/`, the explore page and an item page. Scores go to bench/RESULTS.md.
 */
import { mkdirSync, rmSync } from 'node:fs'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { seedDatabase, startProductionServer, writeSection } from './lib'

const PAGES = ['/', '/collection/explore_collection', '/item/item_20']
const runs = Number(process.env.BENCH_RUNS ?? 3)
const dbFile = 'bench/.tmp/lighthouse.db'

mkdirSync('bench/.tmp', { recursive: true })
rmSync(dbFile, { force: true })
seedDatabase(dbFile)
const server = await startProductionServer(dbFile)
const base = server.url
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
})

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
const rows: string[] = []
try {
  for (const path of PAGES) {
    const scores = {
      performance: [] as number[],
      accessibility: [] as number[],
      lcp: [] as number[],
      tbt: [] as number[],
      cls: [] as number[],
    }
    for (let i = 0; i < runs; i++) {
      const result = await lighthouse(`${base}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
      })
      const lhr = result?.lhr
      if (!lhr) throw new Error(`no Lighthouse result for ${path}`)
      scores.performance.push(Math.round((lhr.categories.performance?.score ?? 0) * 100))
      scores.accessibility.push(Math.round((lhr.categories.accessibility?.score ?? 0) * 100))
      scores.lcp.push(lhr.audits['largest-contentful-paint']?.numericValue ?? NaN)
      scores.tbt.push(lhr.audits['total-blocking-time']?.numericValue ?? NaN)
      scores.cls.push(lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN)
    }
    const row = `| \`${path}\` | ${median(scores.performance)} | ${median(scores.accessibility)} | ${(median(scores.lcp) / 1000).toFixed(2)} s | ${Math.round(median(scores.tbt))} ms | ${median(scores.cls).toFixed(3)} |`
    console.log(row)
    rows.push(row)
  }
} finally {
  chrome.kill()
  await server.stop()
}

writeSection(
  'lighthouse',
  `## Lighthouse (\`npm run bench:lighthouse\`, mobile settings)

Measured ${new Date().toISOString().slice(0, 10)}: Lighthouse with Debian Chromium (headless), default mobile
emulation (Moto G Power, simulated slow 4G, 4× CPU slowdown), the Node production build (\`npm start\`) on the
default seed; median of ${runs} runs. Targets: performance ≥ 95 and accessibility ≥ 95.

| page | performance | accessibility | LCP | TBT | CLS |
| --- | --- | --- | --- | --- | --- |
${rows.join('\n')}
`,
)
