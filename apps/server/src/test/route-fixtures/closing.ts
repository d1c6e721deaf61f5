/** Closing (stages 90–99): report files, the archive, and the administrator's view of the estates. */
import { eq } from 'drizzle-orm';
import { Stage } from '@estate/domain/stages';
import { estates } from '../../db/schema.js';
import { call } from '../harness.js';
import type { Fixture, World } from '../route-world.js';

const reportOf = new WeakMap<World, Promise<string>>();

/** A report file every beneficiary may read (made once per world, the estate briefly in stage 90). */
function beneficiaryReport(w: World): Promise<string> {
  let made = reportOf.get(w);
  if (!made) {
    made = (async () => {
      const db = w.h.database.db;
      const [row] = await db.select({ stage: estates.stage }).from(estates).where(eq(estates.id, w.estateId));
      await db.update(estates).set({ stage: Stage.Finalizing }).where(eq(estates.id, w.estateId));
      try {
        const res = await call(w.h, 'POST', `/api/estates/${w.estateId}/reports/generate`, { as: w.trustee });
        if (res.statusCode !== 200) throw new Error(`reports: ${res.statusCode} ${res.body}`);
        return res.json<{ reports: { id: string; accessLevel: string }[] }>().reports.find((r) => r.accessLevel === 'beneficiaries')!.id;
      } finally {
        await db.update(estates).set({ stage: row!.stage }).where(eq(estates.id, w.estateId));
      }
    })();
    reportOf.set(w, made);
  }
  return made;
}

export const fixtures: Record<string, Fixture> = {
  'GET /api/estates/:eid/reports': { request: () => ({}) },
  'POST /api/estates/:eid/reports/generate': { request: () => ({}) },
  'GET /api/estates/:eid/reports/:rid/file': { request: async (w) => ({ params: { rid: await beneficiaryReport(w) } }) },
  'GET /api/estates/:eid/archive.zip': { request: () => ({}) },
  'GET /api/admin/estates': { request: () => ({}) },
  'POST /api/admin/estates/:eid/support': { request: () => ({}) },
};
