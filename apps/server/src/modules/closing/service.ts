/**
 * Stage 90's report files: made when the estate reaches "Estate Distribution Finalizing" (and again
 * when the trustee asks), stored through the storage interface, listed and served to each caller up
 * to their access level (trustees and observers: every file; beneficiaries: theirs; below it: 404).
 */
import { asc, eq } from 'drizzle-orm';
import { can } from '@estate/domain/permissions';
import { Role } from '@estate/domain/roles';
import { isStageCode } from '@estate/domain/stages';
import type { Db } from '../../db/client.js';
import { estates, reportFiles } from '../../db/schema.js';
import { recordActivity } from '../../platform/activity.js';
import type { EstateAccess } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, notFound } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { recheckAccess } from '../../platform/pool.js';
import { inEstate } from '../../platform/tenancy.js';
import { getFairness } from '../draws/service.js';
import { loadEstateFacts } from './estate-facts.js';
import { makeReportFiles, type MadeFile } from './report-files.js';
import { makeSettlementFiles } from './settlement-report.js';

type ReportRow = typeof reportFiles.$inferSelect;

export function reportDto(row: ReportRow) {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    type: row.type,
    accessLevel: row.accessLevel,
    size: row.size,
    createdAt: row.createdAt.toISOString(),
    // A draw record's step, so readers can name it in their own language.
    step: row.kind === 'draw-record' ? Number(/-draw-(\d+)\.json$/.exec(row.fileName)?.[1] ?? 0) || null : null,
  };
}

/** The full fairness report, or null before the last automated step has run. */
async function fullFairness(ctx: AppContext, estate: EstateAccess['estate']) {
  const stage = isStageCode(estate.stage) ? estate.stage : 0;
  const access = { user: { id: '' }, estate, stage, roles: [Role.Trustee] } as unknown as EstateAccess;
  try {
    const answer = await getFairness(ctx, access);
    return answer.scope === 'full' ? answer.report : null;
  } catch (err) {
    if (err instanceof AppError && err.code === 'wrong_stage') return null;
    throw err;
  }
}

/**
 * Makes every report file anew from the estate as it stands, stores the bytes, and replaces the
 * estate's list in one transaction (readers see the old set or the new one, never half).
 */
export async function generateReports(ctx: AppContext, estateId: string, actorId: string | null, access?: EstateAccess): Promise<ReportRow[]> {
  const [estate] = await ctx.db.select().from(estates).where(eq(estates.id, estateId));
  if (!estate) throw notFound('That estate');
  const facts = await loadEstateFacts(ctx.db, estateId);
  const now = ctx.now();
  const made = await makeReportFiles(facts, await fullFairness(ctx, estate), now);
  made.push(...(await makeSettlementFiles(ctx.db, facts, now)));
  const stored: (MadeFile & { storageKey: string })[] = [];
  for (const file of made) stored.push({ ...file, storageKey: await ctx.storage.put(file.bytes) });
  return ctx.db.transaction(async (tx) => {
    // The trustee's request: the files took a while to make, so ask the policy again on the locked stage.
    if (access) await recheckAccess(tx, access, 'report.generate');
    await tx.delete(reportFiles).where(inEstate(reportFiles, estateId));
    const rows = stored.map((f) => ({
      id: newId(),
      estateId,
      kind: f.kind,
      name: f.name,
      type: f.type,
      accessLevel: f.accessLevel,
      fileName: f.fileName,
      contentType: f.contentType,
      storageKey: f.storageKey,
      size: f.bytes.length,
      createdBy: actorId,
      createdAt: now,
    }));
    const inserted = rows.length > 0 ? await tx.insert(reportFiles).values(rows).returning() : [];
    await recordActivity(tx, { estateId, actorId, action: 'reports.generated', entity: 'estate', entityId: estateId, field: 'reports', to: { files: rows.length } });
    return inserted;
  });
}

/** The trustee's "make the reports again" (stage 90). */
export async function regenerateReports(ctx: AppContext, access: EstateAccess) {
  const rows = await generateReports(ctx, access.estate.id, access.user.id, access);
  // Made by hand: the move's job, if it was still waiting or had failed, has nothing left to do.
  await ctx.process.finish(ctx.db, access.estate.id, 'make-report-files', ctx.now());
  return listFor(access, rows);
}

const visibleLevels = (access: EstateAccess) => (can('report.viewAll', access) ? ['trustees', 'beneficiaries'] : ['beneficiaries']);

function listFor(access: EstateAccess, rows: ReportRow[]) {
  const levels = visibleLevels(access);
  return rows.filter((r) => levels.includes(r.accessLevel)).map(reportDto);
}

const KIND_ORDER = ['assignment-summary', 'assignments', 'fairness', 'settlement', 'handover', 'dispositions', 'draw-record'];
const TYPE_ORDER = ['pdf', 'spreadsheet', 'json'];

export async function reportRows(db: Db, estateId: string): Promise<ReportRow[]> {
  const rows = await db.select().from(reportFiles).where(inEstate(reportFiles, estateId)).orderBy(asc(reportFiles.name), asc(reportFiles.id));
  return rows.sort((a, b) => KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) || TYPE_ORDER.indexOf(a.type) - TYPE_ORDER.indexOf(b.type) || a.name.localeCompare(b.name));
}

export async function listReports(ctx: AppContext, access: EstateAccess) {
  return listFor(access, await reportRows(ctx.db, access.estate.id));
}

/** One file's bytes; 404 for a file below the caller's level, exactly as for one that does not exist. */
export async function reportFile(ctx: AppContext, access: EstateAccess, reportId: string) {
  const [row] = await ctx.db.select().from(reportFiles).where(inEstate(reportFiles, access.estate.id, eq(reportFiles.id, reportId)));
  if (!row || !visibleLevels(access).includes(row.accessLevel)) throw notFound('That report');
  const bytes = await ctx.storage.get(row.storageKey);
  if (!bytes) throw new AppError('unavailable', 'That report file is missing from storage. The trustee can make the reports again.');
  return { row, bytes };
}
