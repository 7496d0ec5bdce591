/**
 * docs/api.md's media upload, run as printed: its client script (only the site's address
 * changed) against the API served over HTTP, then its curl line. Neither sends an Origin; both
 * name themselves with X-Vitrine-Client, which no foreign page can send without a preflight.
 */
import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { serve, type ServerType } from '@hono/node-server'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../../scripts/processes'
import { app } from '../../server/app'
import { contentTypeOfKey } from '../../server/media/keys'
import { folderStore } from '../../server/media/store'
import type { Runtime } from '../../server/platform/runtime'
import { createTestRuntime } from '../support/runtime'
import { signIn } from '../support/sign-in'

// Asynchronously: the API answers from this very process.
const run = promisify(execFile)
const ROOT = join(import.meta.dirname, '../..')
const DOCS = readFileSync(join(ROOT, 'docs/api.md'), 'utf8')
const DOCUMENTED_SITE = 'https://vitrine.example'

/** The fenced code between `<!-- name:start -->` and `<!-- name:end -->` in docs/api.md. */
function documented(name: string): string {
  const section = new RegExp(`<!-- ${name}:start -->\\s*\`\`\`\\w+\\n([\\s\\S]*?)\`\`\`\\s*<!-- ${name}:end -->`).exec(
    DOCS,
  )
  if (!section) throw new Error(`docs/api.md has no ${name} block`)
  return section[1]!
}

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
)

let dir: string
let base: Awaited<ReturnType<typeof createTestRuntime>>
let runtime: Runtime
let server: ServerType
let site: string

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'vitrine-api-client-'))
  const port = await freePort()
  site = `http://127.0.0.1:${port}`
  base = await createTestRuntime({ PUBLIC_URL: site })
  runtime = { ...base, media: folderStore(join(dir, 'media'), contentTypeOfKey) }
  server = serve({ fetch: (request) => app.fetch(request, runtime), hostname: '127.0.0.1', port })
  writeFileSync(join(dir, 'art.png'), PNG)
})
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()))
  base.close()
  rmSync(dir, { recursive: true, force: true })
})

describe("docs/api.md's upload, as printed", () => {
  it('the client script signs in with a key and uploads a file', async () => {
    const script = documented('upload-client')
    expect(script).toContain(`const site = '${DOCUMENTED_SITE}'`)
    // In the worktree, so that `viem` resolves as it would in the reader's project.
    const scriptDir = mkdtempSync(join(ROOT, '.upload-client-'))
    try {
      writeFileSync(join(scriptDir, 'upload.ts'), script.replace(`'${DOCUMENTED_SITE}'`, `'${site}'`))
      const { stdout: output } = await run(
        process.execPath,
        [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), join(scriptDir, 'upload.ts'), join(dir, 'art.png')],
        { cwd: dir, env: { ...process.env, PRIVATE_KEY: generatePrivateKey() }, encoding: 'utf8', timeout: 60_000 },
      )
      const data = JSON.parse(output.trim()) as { url: string; contentType: string; size: number; stored: boolean }
      expect(data).toMatchObject({ contentType: 'image/png', size: PNG.byteLength, stored: true })
      expect(data.url).toMatch(/^\/api\/media\/[0-9a-f]{64}\.png$/)
    } finally {
      rmSync(scriptDir, { recursive: true, force: true })
    }
  }, 90_000)

  it('the curl line uploads with a session cookie', async () => {
    const session = await signIn(
      (path, init) => app.request(`${site}${path}`, init, runtime),
      privateKeyToAccount(generatePrivateKey()),
      site,
    )
    const line = documented('upload-curl')
      .replace(/\\\n\s*/g, '')
      .trim()
      .replace(`${DOCUMENTED_SITE}/`, `${site}/`)
    expect(line).toMatch(/^curl /)
    const { stdout: output } = await run('bash', ['-c', line], {
      cwd: dir,
      env: { ...process.env, SESSION: session.slice(session.indexOf('=') + 1) },
      encoding: 'utf8',
      timeout: 30_000,
    })
    // The same bytes as the script's: stored already.
    expect(JSON.parse(output)).toMatchObject({ data: { contentType: 'image/png', stored: false } })
  }, 30_000)
})
