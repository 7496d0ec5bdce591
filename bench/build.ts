/**
 * `npm run bench:build`: times `npm run build` (the Workers bundle) a few times and
 * reports the gzip size of the Worker and of the JavaScript a browser downloads.
 */
import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { writeSection } from './lib'

const runs = Number(process.argv[2] ?? 3)
const times: number[] = []
for (let i = 0; i < runs; i++) {
  const started = performance.now()
  execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build'], {
    env: { ...process.env, BUILD_TARGET: 'cloudflare', NODE_ENV: 'production' },
    stdio: 'ignore',
  })
  times.push((performance.now() - started) / 1000)
}

const files = (dir: string) =>
  readdirSync(dir, { recursive: true })
    .map((f) => join(dir, String(f)))
    .filter((f) => statSync(f).isFile())
const size = (paths: string[]) =>
  paths.reduce(
    (acc, p) => {
      const bytes = readFileSync(p)
      return { raw: acc.raw + bytes.length, gzip: acc.gzip + gzipSync(bytes, { level: 9 }).length }
    },
    { raw: 0, gzip: 0 },
  )
const workerJs = size(files('dist/server').filter((f) => f.endsWith('.js')))
const clientJs = size(files('dist/client').filter((f) => f.endsWith('.js')))
const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`
const sorted = [...times].sort((a, b) => a - b)

writeSection(
  'build',
  `## Build (\`npm run build\`, Cloudflare Workers target)

Measured ${new Date().toISOString().slice(0, 10)}, ${runs} runs, Node ${process.version}.

| what | value |
| --- | --- |
| build time, median (min–max) | ${sorted[Math.floor(runs / 2)]!.toFixed(1)} s (${sorted[0]!.toFixed(1)}–${sorted[runs - 1]!.toFixed(1)} s) |
| Worker JS (dist/server), raw | ${kib(workerJs.raw)} |
| Worker JS (dist/server), gzip | ${kib(workerJs.gzip)} |
| browser JS (dist/client), raw | ${kib(clientJs.raw)} |
| browser JS (dist/client), gzip | ${kib(clientJs.gzip)} |
`,
)
console.log({ times, workerJs, clientJs })
