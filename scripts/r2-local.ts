/**
 * The local R2 bucket `wrangler dev --persist-to <dir>` serves, written and read with wrangler's
 * own CLI (`r2 bulk put` / `r2 object get --local`): files can be placed there as if stored before
 * today's checks, and what the Worker stored can be read back.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const BUCKET = 'vitrine-media'
const wrangler = (args: string[]) => {
  const run = spawnSync(process.execPath, ['node_modules/wrangler/bin/wrangler.js', ...args], {
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: 'true' },
    maxBuffer: 64 * 1024 * 1024,
  })
  if (run.status !== 0) throw new Error(`wrangler ${args.join(' ')} failed:\n${run.stderr.toString()}`)
  return run.stdout
}

/**
 * Puts each key's bytes into the local bucket kept in `persistTo`, with the content type
 * `contentTypeOf` gives its key (stored as the Worker's own uploads are; none without it).
 */
export function putLocalR2(
  persistTo: string,
  objects: Record<string, Uint8Array>,
  contentTypeOf?: (key: string) => string,
): void {
  const byType = new Map<string | undefined, [string, Uint8Array][]>()
  for (const entry of Object.entries(objects)) {
    const type = contentTypeOf?.(entry[0])
    byType.set(type, [...(byType.get(type) ?? []), entry])
  }
  for (const [type, entries] of byType) {
    const staging = mkdtempSync(join(tmpdir(), 'vitrine-r2-'))
    try {
      const list = entries.map(([key, bytes], i) => {
        const file = join(staging, String(i))
        writeFileSync(file, bytes)
        return { key, file }
      })
      writeFileSync(join(staging, 'list.json'), JSON.stringify(list))
      wrangler([
        'r2',
        'bulk',
        'put',
        BUCKET,
        '--filename',
        join(staging, 'list.json'),
        '--local',
        '--persist-to',
        persistTo,
        ...(type ? ['--content-type', type] : []),
      ])
    } finally {
      rmSync(staging, { recursive: true, force: true })
    }
  }
}

/** The bytes of `key` in the local bucket kept in `persistTo`. */
export function getLocalR2(persistTo: string, key: string): Uint8Array {
  return new Uint8Array(
    wrangler(['r2', 'object', 'get', `${BUCKET}/${key}`, '--local', '--persist-to', persistTo, '--pipe']),
  )
}
