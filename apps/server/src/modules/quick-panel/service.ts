/**
 * The quick panel's events for one estate (seed `GET /api/quick-panel/data`): its coming
 * deadlines, and what happened lately that a family wants to know of: the stage moved, a deadline
 * passed, a draw was run, an item was handed over. Read from the estate's own activity log, only
 * the entries every member may read.
 */
import { and, asc, desc, eq, gt, inArray, isNull, like, or, sql } from 'drizzle-orm';
import type { QuickPanelEvent } from '@estate/domain/schemas/quick-panel';
import { activityEvents, deadlines, items } from '../../db/schema.js';
import type { EstateAccess } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { inEstate } from '../../platform/tenancy.js';

const RECENT = 12;
const STAGE_MOVES = ['stage.advanced', 'stage.stepped-back'];

type Row = typeof activityEvents.$inferSelect;

const field = (value: unknown, key: string): unknown => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined);
const numberOf = (value: unknown): number | undefined => (typeof value === 'number' && Number.isInteger(value) ? value : undefined);

function toEvent(row: Row): QuickPanelEvent | null {
  const at = row.at.toISOString();
  if (STAGE_MOVES.includes(row.action)) {
    const stage = numberOf(field(row.to, 'code'));
    return stage === undefined ? null : { id: row.id, kind: 'stage', at, stage };
  }
  if (row.action === 'deadline.passed') {
    const stage = Number(/^deadline\.(\d+)$/.exec(row.field ?? '')?.[1]);
    return Number.isInteger(stage) ? { id: row.id, kind: 'deadline', at, stage, passed: true } : null;
  }
  if (row.action === 'step.ran') {
    const step = numberOf(field(row.to, 'step')) ?? Number(row.entityId);
    return Number.isInteger(step) ? { id: row.id, kind: 'draw', at, step } : null;
  }
  if (row.entity === 'item' && row.entityId) return { id: row.id, kind: 'handover', at, itemId: row.entityId };
  return null;
}

export async function quickPanelEvents(ctx: AppContext, access: EstateAccess): Promise<QuickPanelEvent[]> {
  const estateId = access.estate.id;
  const coming = await ctx.db
    .select()
    .from(deadlines)
    .where(inEstate(deadlines, estateId, isNull(deadlines.processedAt), gt(deadlines.dueAt, ctx.now())))
    .orderBy(asc(deadlines.dueAt));
  const handedOver = or(
    like(activityEvents.action, 'receipt.%'),
    and(like(activityEvents.action, 'handover.%'), sql`${activityEvents.to}->>'status' in ('handed-over', 'shipped')`),
  );
  const recent = await ctx.db
    .select()
    .from(activityEvents)
    .where(
      inEstate(
        activityEvents,
        estateId,
        eq(activityEvents.visibility, 'members'),
        or(inArray(activityEvents.action, [...STAGE_MOVES, 'deadline.passed', 'step.ran']), handedOver),
      ),
    )
    .orderBy(desc(activityEvents.id))
    .limit(RECENT);
  const events = recent.map(toEvent).filter((e): e is QuickPanelEvent => e !== null);
  const itemIds = [...new Set(events.flatMap((e) => (e.kind === 'handover' && e.itemId ? [e.itemId] : [])))];
  if (itemIds.length) {
    const names = new Map(
      (await ctx.db.select({ id: items.id, name: items.name }).from(items).where(inEstate(items, estateId, inArray(items.id, itemIds)))).map((i) => [i.id, i.name]),
    );
    for (const e of events) if (e.kind === 'handover' && e.itemId) e.itemName = names.get(e.itemId) ?? null;
  }
  return [
    ...coming.map((d): QuickPanelEvent => ({ id: `deadline-${d.stage}`, kind: 'deadline', at: d.dueAt.toISOString(), stage: d.stage, passed: false })),
    ...events,
  ];
}
