/**
 * A throwaway HTTP server on 127.0.0.1 for tests of outbound fetches: it counts the requests it
 * receives (so a test can prove a refused destination was never contacted) and the bytes it
 * managed to send before the client hung up.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'

export interface TestServer {
  origin: string
  /** `127.0.0.1:<port>`, as FETCH_ALLOW_HOSTS lists it. */
  host: string
  port: number
  /** Paths requested so far, in order. */
  requests: string[]
  stop: () => Promise<void>
}

export async function startHttpServer(
  handler: (request: IncomingMessage, response: ServerResponse) => void,
): Promise<TestServer> {
  const requests: string[] = []
  const server = createServer((request, response) => {
    requests.push(request.url ?? '/')
    handler(request, response)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return {
    origin: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    port,
    requests,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
