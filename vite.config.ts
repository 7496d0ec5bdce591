/**
 * Vite config: what the design card calls app.config.ts (TanStack Start moved into Vite in v1.121).
 * BUILD_TARGET picks the server runtime: `node` (dev, tests, the Node production build)
 * or `cloudflare` (the Workers bundle, which `npm run build` makes by default).
 */
import { tanstackStart } from '@tanstack/react-start/plugin/vite'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, type PluginOption } from 'vite'
import { stampPeerAddress } from './server/http/client-address.ts'
import { nodeNetworkAccess } from './server/metadata/node-network.ts'
import { installNetworkAccess } from './server/metadata/safe-fetch.ts'
import { loadDevVars } from './scripts/dev-vars.ts'
import { edgeRendererOnly, withoutServerFunctions } from './scripts/lean-bundles.ts'
import { precompressAssets } from './scripts/precompress-assets.ts'

export default defineConfig(async ({ command }) => {
  const target = process.env.BUILD_TARGET ?? (command === 'build' ? 'cloudflare' : 'node')
  const runtimePlugins: PluginOption[] = []
  if (target === 'cloudflare') {
    const { cloudflare } = await import('@cloudflare/vite-plugin')
    runtimePlugins.push(cloudflare({ viteEnvironment: { name: 'ssr' } }), edgeRendererOnly())
  } else if (command === 'build') {
    // `npm start` serves these Brotli copies as they are (Cloudflare compresses the Worker's assets).
    runtimePlugins.push(precompressAssets())
  } else {
    loadDevVars()
    // The SSR modules run in this process: token URIs are fetched with resolved addresses checked.
    installNetworkAccess(nodeNetworkAccess)
    // Ahead of TanStack Start's handler: the socket's address is who the client is (rate limits).
    runtimePlugins.push({
      name: 'vitrine:peer-address',
      configureServer: (server) => void server.middlewares.use((req, _res, next) => (stampPeerAddress(req), next())),
    })
  }
  return {
    // How open pages hear of changes (app/lib/live.ts): the Worker's Durable Object takes WebSockets.
    define: {
      'import.meta.env.LIVE_TRANSPORT': JSON.stringify(target === 'cloudflare' ? 'websocket' : 'events'),
    },
    environments: {
      client: {
        build: {
          rolldownOptions: {
            output: {
              // The framework every page needs travels as one file: fewer requests, better compression
              // (ADR 0005). Wallet libraries and the tRPC client stay out: they load on demand (ADR 29).
              codeSplitting: {
                groups: [
                  {
                    name: 'framework',
                    test: /node_modules[\\/](react|react-dom|scheduler|@tanstack|seroval|seroval-plugins)[\\/]/,
                  },
                ],
              },
            },
          },
        },
      },
      // The Worker is minified (ADR 29): its upload is what Cloudflare's size limit counts, and
      // unminified it was 890 KiB of gzip. Names are kept, so errors and classes still read as
      // written (Auth.js names its errors after their class); the build's source maps map the rest.
      ...(target === 'cloudflare' && {
        ssr: { build: { minify: true, rolldownOptions: { output: { keepNames: true } } } },
      }),
    },
    server: { host: '127.0.0.1', port: Number(process.env.PORT ?? 3000), strictPort: true },
    plugins: [
      ...runtimePlugins,
      withoutServerFunctions(),
      tailwindcss(),
      tanstackStart({ srcDirectory: 'app' }),
      react(),
    ],
  }
})
