/**
 * Embedded PGlite has no autovacuum, so the planner never gets table statistics and picks nested
 * loops for large estates (measured: a list query 35 ms → 3 ms after ANALYZE). We analyse on start
 * and then at most every ten minutes from the scheduler. PostgreSQL servers do this themselves.
 */
import { sql } from 'drizzle-orm';
import type { AppContext } from '../platform/context.js';

const EVERY_MS = 10 * 60_000;
let lastRun = 0;

/** `force` after bulk changes (an import), when waiting ten minutes would leave lists slow. */
export async function refreshStatistics(ctx: AppContext, options: { force?: boolean } = {}): Promise<boolean> {
  if (ctx.database.kind !== 'pglite') return false;
  const now = Date.now();
  if (!options.force && now - lastRun < EVERY_MS) return false;
  lastRun = now;
  await ctx.db.execute(sql`ANALYZE`);
  return true;
}
