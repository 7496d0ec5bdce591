/**
 * Reads (tRPC queries) from the browser without the tRPC client: the same request its
 * `httpBatchLink` sends, `GET /api/trpc/a,b?batch=1&input={"0":…,"1":…}`, with the queries asked in
 * one tick batched up to the server's limit. So a page that only reads never loads the client
 * (ADR 29); writes go through the client, loaded when one starts.
 */

/** The server refuses bigger batches (server/http/request-guards.ts), as the client's link knows. */
const MAX_BATCH = 5

/** A refused read, shaped like the client's `TRPCClientError` (name, message, `shape`, `data`). */
export class TrpcReadError extends Error {
  override name = 'TRPCClientError'
  constructor(
    message: string,
    readonly shape?: unknown,
    readonly data?: { code?: string; httpStatus?: number; [key: string]: unknown },
  ) {
    super(message)
  }
}

interface Pending {
  path: string
  input: unknown
  resolve: (data: unknown) => void
  reject: (error: unknown) => void
}

let queue: Pending[] = []

export function readQuery(path: string, input: unknown): Promise<unknown> {
  return new Promise((resolve, reject) => {
    queue.push({ path, input, resolve, reject })
    if (queue.length === 1) setTimeout(flush)
  })
}

function flush() {
  const calls = queue
  queue = []
  for (let start = 0; start < calls.length; start += MAX_BATCH) void send(calls.slice(start, start + MAX_BATCH))
}

async function send(batch: Pending[]) {
  const inputs = Object.fromEntries(batch.map((call, index) => [index, call.input]))
  const url = `/api/trpc/${batch.map((call) => call.path).join(',')}?batch=1&input=${encodeURIComponent(JSON.stringify(inputs))}`
  try {
    const response = await fetch(url)
    const body = (await response.json().catch(() => null)) as unknown
    if (!Array.isArray(body)) {
      const error = (body as { error?: { message?: string } } | null)?.error
      throw new TrpcReadError(error?.message ?? `The server answered ${response.status}.`, error, {
        httpStatus: response.status,
      })
    }
    batch.forEach((call, index) => {
      const item = body[index] as { result?: { data?: unknown }; error?: { message?: string; data?: never } }
      if (item?.error)
        call.reject(new TrpcReadError(item.error.message ?? 'The request failed.', item.error, item.error.data))
      else call.resolve(item?.result?.data)
    })
  } catch (error) {
    const failure =
      error instanceof TrpcReadError ? error : new TrpcReadError(String((error as Error)?.message ?? error))
    for (const call of batch) call.reject(failure)
  }
}
