/**
 * The Hono environment of every API route: the runtime (parsed env + database) arrives as
 * the bindings. Its own module so routes and middleware below the composition root
 * (server/app.ts) can name it without importing the root.
 */
import type { Runtime } from '../platform/runtime'

export type AppEnv = { Bindings: Runtime }
