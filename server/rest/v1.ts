import { Hono } from 'hono'
import type { Runtime } from '../runtime'

/**
 * REST shims of SPEC.md §7 under /api/v1: thin handlers over the tRPC caller.
 * The resources (nfts, users, collections, marketplace) are mounted here by the data issue.
 */
export const v1 = new Hono<{ Bindings: Runtime }>()
