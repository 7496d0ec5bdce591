/**
 * Vite plugins that leave out framework code Vitrine never runs (ADR 29).
 *
 * - `withoutServerFunctions`, the browser build: Vitrine has no server functions (data goes through
 *   tRPC), yet TanStack Start's client carries their caller, with seroval and a stream decoder
 *   (~9 KB Brotli), in the bundle every page loads: it is reached only when the page's data holds a
 *   reference to a server function. Hydration needs none of it (the server's inline scripts rebuild
 *   the data). A server function reference, should one ever appear, fails loudly instead.
 * - `edgeRendererOnly`, the Workers build: `react-dom/server.edge` is a CommonJS module that loads
 *   both React renderers, the streaming one TanStack Start uses and the legacy `renderToString`
 *   (~45 KB gzip), which nothing calls; a bundler cannot drop half of a CommonJS module. The
 *   Worker imports the streaming renderer alone; `renderToString` there throws.
 */
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type { Plugin } from 'vite'

const SERVER_FUNCTION_CALLER =
  /[\\/]@tanstack[\\/]start-client-core[\\/]dist[\\/]esm[\\/]client-rpc[\\/]createClientRpc\.js$/

export function withoutServerFunctions(): Plugin {
  return {
    name: 'vitrine:without-server-functions',
    applyToEnvironment: (environment) => environment.name === 'client',
    load: (id) =>
      SERVER_FUNCTION_CALLER.test(id)
        ? `export function createClientRpc(id) { throw new Error('Vitrine has no server functions: ' + id) }`
        : undefined,
  }
}

const EDGE_RENDERER = '\0vitrine:react-dom-server-edge'

export function edgeRendererOnly(): Plugin {
  let file = ''
  return {
    name: 'vitrine:edge-renderer-only',
    apply: 'build',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'ssr',
    configResolved(config) {
      const reactDom = dirname(createRequire(import.meta.url).resolve('react-dom/package.json'))
      const build = config.isProduction ? 'production' : 'development'
      file = join(reactDom, 'cjs', `react-dom-server.edge.${build}.js`).split('\\').join('/')
    },
    resolveId: (source) => (source === 'react-dom/server' || source === 'react-dom/server.edge' ? EDGE_RENDERER : null),
    load: (id) =>
      id === EDGE_RENDERER
        ? `import edge from ${JSON.stringify(file)}
const leftOut = (name) => () => { throw new Error('react-dom/server ' + name + ' is not in the Worker: render with renderToReadableStream') }
export const { version, renderToReadableStream, resume } = edge
export const renderToString = leftOut('renderToString')
export const renderToStaticMarkup = leftOut('renderToStaticMarkup')
export default { version, renderToReadableStream, resume, renderToString, renderToStaticMarkup }
`
        : undefined,
  }
}
