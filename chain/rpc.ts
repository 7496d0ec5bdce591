/** The chain id a JSON-RPC endpoint answers (eth_chainId); throws when it does not answer. */
export async function rpcChainId(url: string, timeoutMs: number): Promise<number> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
    signal: AbortSignal.timeout(timeoutMs),
  })
  const body = (await response.json()) as { result?: string }
  if (!body.result) throw new Error(`no result (HTTP ${response.status})`)
  return Number(body.result)
}
