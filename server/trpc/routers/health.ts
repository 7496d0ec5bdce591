import { healthReport } from '../health-report'
import { publicProcedure } from '../init'

/** `health`: what GET /api/health answers (../health-report.ts), reported without throwing. */
export const healthQuery = publicProcedure.query(({ ctx }) => healthReport(ctx))
