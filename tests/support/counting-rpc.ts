/**
 * A JSON-RPC proxy in front of anvil that notes every request it passes on: a test counts the
 * calls a round makes (by method, and eth_call by the function it calls).
 *
 *   const rpc = await startCountingRpc(chain.url)
 *   rpc.reset(); await work(rpc.url); rpc.calls('eth_call', '0x82ad56cb')  // aggregate3 calls
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

interface Request {
  id: number
  method: string
  params?: unknown[]
}

interface Call {
  method: string
  /** eth_call: the 4-byte selector of the function called, and the contract. */
  selector?: string
  to?: string
}

export async function startCountingRpc(upstream: string) {
  const seen: Call[] = []
  /** While set, an eth_call whose calldata holds this text is answered as a revert (out of gas, say). */
  let failing: string | null = null
  const note = (call: Request) => {
    const tx = call.method === 'eth_call' ? (call.params?.[0] as { data?: string; input?: string; to?: string }) : null
    const data = tx?.data ?? tx?.input
    seen.push({ method: call.method, selector: data?.slice(0, 10), to: tx?.to?.toLowerCase() })
  }
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const body = Buffer.concat(chunks).toString()
    const parsed = JSON.parse(body) as
      { id: number; method: string; params?: unknown[] } | { id: number; method: string; params?: unknown[] }[]
    for (const call of Array.isArray(parsed) ? parsed : [parsed]) note(call)
    if (failing && !Array.isArray(parsed) && parsed.method === 'eth_call' && body.toLowerCase().includes(failing)) {
      res.setHeader('content-type', 'application/json')
      res.end(JSON.stringify({ jsonrpc: '2.0', id: parsed.id, error: { code: -32000, message: 'out of gas' } }))
      return
    }
    const answer = await fetch(upstream, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
    res.setHeader('content-type', 'application/json')
    res.end(await answer.text())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    reset: () => void seen.splice(0),
    /** How many requests of `method` (eth_call: calling `selector`, when given) it passed on since the last reset. */
    calls: (method: string, selector?: string) =>
      seen.filter((c) => c.method === method && (selector === undefined || c.selector === selector)).length,
    /** Answers every eth_call whose calldata holds `text` (lowercase hex) as failed, or none (null). */
    failCallsWith: (text: string | null) => void (failing = text),
    /** The eth_calls since the last reset, as `selector to`. */
    ethCalls: () => seen.filter((c) => c.method === 'eth_call').map((c) => `${c.selector} ${c.to}`),
    stop: () => {
      server.closeAllConnections()
      server.close()
    },
  }
}
