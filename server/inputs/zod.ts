/**
 * zod for the schemas the browser loads too. Every object schema probes `new Function` when it
 * is built (zod's compiled fast path); the pages' CSP has no 'unsafe-eval', so in a browser that
 * probe is reported as a violation even though zod catches it. Jitless there: no probe, same
 * results. The server keeps the fast path. Import `z` from here, first, in every shared module.
 */
import { z } from 'zod'

if (typeof document !== 'undefined') z.config({ jitless: true })

export { z }
