/**
 * `npm run dev` keeps its local chain's state however it is stopped: Ctrl+C (SIGINT to the
 * terminal's process group) or SIGTERM to npm alone (as a process manager or an editor's task
 * runner sends it). Started again, the chain goes on from the same block, so the database never
 * finds itself indexed past the chain.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createTestClient, http, publicActions } from 'viem'
import { anvil } from 'viem/chains'
import { afterAll, describe, expect, it } from 'vitest'
import {
  answersChainId,
  freePort,
  startAnvil,
  startProcess,
  waitForHttp,
  type RunningProcess,
} from '../../scripts/processes'
import { TEST_AUTH_SECRET } from '../support/runtime'

const dir = mkdtempSync(join(tmpdir(), 'vitrine-dev-chain-'))
const running: RunningProcess[] = []
let chainPort = 0

afterAll(async () => {
  for (const child of running) await child.stop()
  // A chain left behind by a failed run (anvil runs in its own process group).
  if (chainPort && (await answersChainId(chainUrl(), 31337))) {
    for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
      const args = readCommandLine(pid)
      if (args[0]?.endsWith('/anvil') && args.includes(String(chainPort))) process.kill(Number(pid), 'SIGKILL')
    }
  }
  rmSync(dir, { recursive: true, force: true })
}, 30_000)

function readCommandLine(pid: string): string[] {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')
  } catch {
    return [] // gone meanwhile
  }
}

let port = 0
let ipfsPort = 0

async function startDev() {
  const url = `http://127.0.0.1:${port}`
  const dev = startProcess('npm', ['run', 'dev'], url, {
    PORT: String(port),
    CHAIN_PORT: String(chainPort),
    DATABASE_URL: `file:${join(dir, 'dev.db')}`,
    AUTH_SECRET: TEST_AUTH_SECRET,
    NODE_ENV: 'development',
    IPFS_GATEWAY: `http://127.0.0.1:${ipfsPort}/ipfs/`,
    FETCH_ALLOW_HOSTS: `127.0.0.1:${ipfsPort}`,
  })
  running.push(dev)
  await waitForHttp(`${url}/api/health`, dev, 120_000)
  return dev
}

const chainUrl = () => `http://127.0.0.1:${chainPort}`
const chain = () => createTestClient({ chain: anvil, mode: 'anvil', transport: http(chainUrl()) }).extend(publicActions)

/** Signals `npm run dev` and waits for it, and everything it started, to be gone. */
async function stopWith(dev: RunningProcess, signal: NodeJS.Signals, target: 'npm' | 'terminal') {
  const exited = new Promise((resolve) => dev.process.once('exit', resolve))
  process.kill(target === 'npm' ? dev.process.pid! : -dev.process.pid!, signal)
  await exited
  const deadline = Date.now() + 60_000 // a loaded machine is slow to write the state
  while ((await answersChainId(chainUrl(), 31337)) && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 100))
}

describe('npm run dev', () => {
  it('keeps the chain at its latest block when stopped with Ctrl+C or SIGTERM', async () => {
    chainPort = await freePort()
    port = await freePort()
    ipfsPort = await freePort()
    const state = join(dir, 'anvil-state.json')

    const first = await startDev()
    await chain().mine({ blocks: 5 })
    const before = await chain().getBlock()
    await stopWith(first, 'SIGINT', 'terminal')
    expect(await answersChainId(chainUrl(), 31337)).toBe(false) // not left running behind it
    expect(existsSync(state)).toBe(true)

    // Started again, the chain still has that block (what start-up sends to it comes after).
    const second = await startDev()
    expect(await chain().getBlock({ blockNumber: before.number })).toMatchObject({ hash: before.hash })
    await chain().mine({ blocks: 3 })
    const latest = await chain().getBlock()
    await stopWith(second, 'SIGTERM', 'npm')
    expect(await answersChainId(chainUrl(), 31337)).toBe(false)

    const restarted = await startAnvil(chainPort, ['--load-state', state])
    running.push(restarted)
    // The state written at the stop holds that block (any block mined after it and before the stop
    // is kept too: once, on a loaded machine, eight more were there, from no known sender).
    expect(await chain().getBlock({ blockNumber: latest.number })).toMatchObject({ hash: latest.hash })
  }, 240_000)
})
