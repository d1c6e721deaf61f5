/** Estates: create (the creator becomes its trustee), list the caller's, read, rename and configure. */
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { Role } from '@estate/domain/roles';
import {
  DEFAULT_ESTATE_SETTINGS,
  type Estate,
  type EstateSettings,
  type updateEstateBody,
} from '@estate/domain/schemas/estate';
import { STAGE_NAMES, isStageCode, nextStage } from '@estate/domain/stages';
import { estates, memberships } from '../../db/schema.js';
import { recordActivity } from '../../platform/activity.js';
import type { EstateAccess, EstateRow, UserRow } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { newId } from '../../platform/ids.js';
import { settingsOf } from '../../platform/pool.js';


export function toEstateDto(row: EstateRow): Estate {
  return {
    id: row.id,
    name: row.name,
    stage: row.stage,
    deadlines: row.deadlines,
    settings: settingsOf(row.settings),
    createdAt: row.createdAt.toISOString(),
  };
}

export async function createEstate(ctx: AppContext, user: UserRow, name: string, chosen: { timeZone?: string | undefined; currency?: string | undefined } = {}): Promise<Estate> {
  const id = newId();
  const row = await ctx.db.transaction(async (tx) => {
    const [estate] = await tx.insert(estates).values({ id, name, createdBy: user.id, settings: { ...DEFAULT_ESTATE_SETTINGS, ...(chosen.timeZone ? { timeZone: chosen.timeZone } : {}), ...(chosen.currency ? { currency: chosen.currency } : {}) } }).returning();
    await tx.insert(memberships).values({ estateId: id, userId: user.id, roles: [Role.Trustee] });
    await recordActivity(tx, { estateId: id, actorId: user.id, action: 'estate.created', entity: 'estate', entityId: id, field: 'name', to: name });
    return estate!;
  });
  return toEstateDto(row);
}

export async function listEstates(ctx: AppContext, user: UserRow): Promise<Estate[]> {
  const rows = await ctx.db
    .select({ estate: estates })
    .from(memberships)
    .innerJoin(estates, eq(estates.id, memberships.estateId))
    .where(eq(memberships.userId, user.id))
    .orderBy(asc(estates.name));
  return rows.map((r) => toEstateDto(r.estate));
}

export async function updateEstate(ctx: AppContext, access: EstateAccess, body: z.infer<typeof updateEstateBody>): Promise<Estate> {
  const before = access.estate;
  const settings = { ...settingsOf(before.settings), ...body.settings };
  const name = body.name ?? before.name;
  const row = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx.update(estates).set({ name, settings }).where(eq(estates.id, before.id)).returning();
    if (name !== before.name) {
      await recordActivity(tx, { estateId: before.id, actorId: access.user.id, action: 'estate.renamed', entity: 'estate', entityId: before.id, field: 'name', from: before.name, to: name });
    }
    const old = settingsOf(before.settings);
    for (const key of Object.keys(body.settings ?? {}) as (keyof EstateSettings)[]) {
      if (old[key] === settings[key]) continue;
      await recordActivity(tx, { estateId: before.id, actorId: access.user.id, action: 'estate.setting-changed', entity: 'estate', entityId: before.id, field: key, from: old[key], to: settings[key] });
    }
    return updated!;
  });
  return toEstateDto(row);
}

export function stageOf(row: EstateRow) {
  const stage = isStageCode(row.stage) ? row.stage : 0;
  const next = nextStage(stage);
  const deadline = row.deadlines[String(stage)];
  return {
    stage,
    name: STAGE_NAMES[stage],
    ...(deadline ? { deadline } : {}),
    ...(next !== undefined ? { next: { stage: next, name: STAGE_NAMES[next] } } : {}),
  };
}
