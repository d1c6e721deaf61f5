/**
 * Deadlines for stages 2, 11, 20 and 30. At a deadline, members who have not responded count as
 * approving (2) or as done (11, 20, 30), their inputs freeze, and the stage advances if the trustee
 * chose that. A reminder goes out a day before. Runs from the scheduler, once across processes.
 */
import { and, eq, gt, isNull, lte, ne, sql } from 'drizzle-orm';
import { hasDeadline } from '@estate/domain/process';
import { STAGE_NAMES, Stage, isStageCode, type StageCode } from '@estate/domain/stages';
import { Role } from '@estate/domain/roles';
import type { Db } from '../../db/client.js';
import { approvals, deadlines, estates, items, memberships, participation, users } from '../../db/schema.js';
import { queryRows } from '../../db/client.js';
import { settingsOf } from '../../platform/pool.js';
import { recordActivity } from '../../platform/activity.js';
import type { EstateAccess } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, says } from '../../platform/errors.js';
import { inEstate } from '../../platform/tenancy.js';
import { readerLanguage, reminderMail } from '../../platform/mail-texts.js';
import { stageTodo } from '@estate/domain/todos';

export const REMINDER_BEFORE_MS = 24 * 3600_000;

function toDto(row: typeof deadlines.$inferSelect) {
  return { stage: row.stage, name: STAGE_NAMES[row.stage as StageCode] ?? '', dueAt: row.dueAt.toISOString(), autoAdvance: row.autoAdvance, passed: row.processedAt !== null };
}

export async function listDeadlines(ctx: AppContext, estateId: string) {
  const rows = await ctx.db.select().from(deadlines).where(inEstate(deadlines, estateId));
  return rows.map(toDto).sort((a, b) => a.stage - b.stage);
}

async function syncEstateDeadlines(tx: Db, estateId: string) {
  const rows = await tx.select().from(deadlines).where(inEstate(deadlines, estateId));
  await tx.update(estates).set({ deadlines: Object.fromEntries(rows.map((r) => [String(r.stage), r.dueAt.toISOString()])) }).where(eq(estates.id, estateId));
}

export async function setDeadline(ctx: AppContext, access: EstateAccess, stage: number, dueAt: Date, autoAdvance: boolean) {
  const estateId = access.estate.id;
  if (!isStageCode(stage) || !hasDeadline(stage)) {
    throw new AppError('validation_failed', says('deadlines.whichStages'), { stage: says('deadlines.whichStagesField') });
  }
  if (dueAt.getTime() <= ctx.now().getTime()) {
    throw new AppError('validation_failed', says('deadlines.future'), { dueAt: says('deadlines.futureField') });
  }
  return ctx.db.transaction(async (tx) => {
    const [existing] = await tx.select().from(deadlines).where(inEstate(deadlines, estateId, eq(deadlines.stage, stage)));
    if (existing?.processedAt) throw new AppError('conflict', says('deadlines.passed', { stage }));
    const [row] = await tx
      .insert(deadlines)
      .values({ estateId, stage, dueAt, autoAdvance })
      .onConflictDoUpdate({ target: [deadlines.estateId, deadlines.stage], set: { dueAt, autoAdvance, remindedAt: null } })
      .returning();
    await syncEstateDeadlines(tx, estateId);
    await recordActivity(tx, { estateId, actorId: access.user.id, action: 'deadline.set', entity: 'estate', entityId: estateId, field: `deadline.${stage}`, from: existing?.dueAt.toISOString() ?? null, to: { dueAt: dueAt.toISOString(), autoAdvance } });
    return toDto(row!);
  });
}

export async function removeDeadline(ctx: AppContext, access: EstateAccess, stage: number) {
  const estateId = access.estate.id;
  await ctx.db.transaction(async (tx) => {
    const [removed] = await tx.delete(deadlines).where(inEstate(deadlines, estateId, eq(deadlines.stage, stage), isNull(deadlines.processedAt))).returning();
    if (!removed) throw new AppError('not_found', says('deadlines.none'));
    await syncEstateDeadlines(tx, estateId);
    await recordActivity(tx, { estateId, actorId: access.user.id, action: 'deadline.removed', entity: 'estate', entityId: estateId, field: `deadline.${stage}`, from: removed.dueAt.toISOString() });
  });
}

/** Applies every deadline that is due. Returns what happened, for logs and tests. */
export async function processDueDeadlines(ctx: AppContext): Promise<{ estateId: string; stage: number; counted: number; advancedTo?: number }[]> {
  const now = ctx.now();
  const due = await ctx.db.select().from(deadlines).where(and(isNull(deadlines.processedAt), lte(deadlines.dueAt, now)));
  const results = [];
  for (const deadline of due) {
    const outcome = await ctx.db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(deadlines)
        .set({ processedAt: now })
        .where(and(eq(deadlines.estateId, deadline.estateId), eq(deadlines.stage, deadline.stage), isNull(deadlines.processedAt)))
        .returning();
      if (!claimed) return undefined; // another process got it
      const [estate] = await tx.select().from(estates).where(eq(estates.id, deadline.estateId));
      if (!estate || estate.stage !== deadline.stage || !isStageCode(estate.stage)) return { estateId: deadline.estateId, stage: deadline.stage, counted: 0, move: undefined };
      // What the table says this deadline does (count the silent, freeze and seal the inputs), then the move.
      const counted = await ctx.process.passDeadline(tx, { estateId: deadline.estateId, stage: estate.stage, now });
      await recordActivity(tx, { estateId: deadline.estateId, actorId: null, action: 'deadline.passed', entity: 'estate', entityId: deadline.estateId, field: `deadline.${deadline.stage}`, to: { counted } });
      const move = deadline.autoAdvance ? await ctx.process.advanceAtDeadline(ctx, tx, deadline.estateId, estate.stage) : undefined;
      return { estateId: deadline.estateId, stage: deadline.stage, counted, move };
    });
    if (!outcome) continue;
    const { move, ...result } = outcome;
    results.push({ ...result, ...(move ? { advancedTo: move.to } : {}) });
    await ctx.events.publish({ type: 'stage', estateId: outcome.estateId, data: { stage: move?.to ?? outcome.stage, deadlinePassed: outcome.stage } });
    if (move) ctx.process.afterCommit(ctx, move);
  }
  return results;
}

/**
 * Who has finished the stage and gets no reminder: those who said "I'm done", and in the review
 * (stage 2) those who answered every item, with or without "I'm done" (api.md: reminders go only
 * to people whose task is not finished).
 */
async function finishedMembers(ctx: AppContext, estateId: string, stage: number): Promise<Set<string>> {
  const said = await ctx.db.select({ id: participation.memberId }).from(participation).where(inEstate(participation, estateId, eq(participation.stage, stage)));
  const done = new Set(said.map((p) => p.id));
  if (stage === Stage.Approve) {
    const answered = await queryRows<{ member_id: string }>(ctx.db, sql`
      select a.member_id from ${approvals} a where a.estate_id = ${estateId}
      group by a.member_id having count(*) >= (select count(*) from ${items} i where i.estate_id = ${estateId})`);
    for (const row of answered) done.add(row.member_id);
  }
  return done;
}

/** A day before a deadline, each member of the estate who has not finished gets a reminder by mail and in the app. */
export async function sendDueReminders(ctx: AppContext): Promise<number> {
  const now = ctx.now();
  const soon = await ctx.db
    .select({ deadline: deadlines, estateName: estates.name, stage: estates.stage, settings: estates.settings })
    .from(deadlines)
    .innerJoin(estates, eq(estates.id, deadlines.estateId))
    .where(and(isNull(deadlines.remindedAt), isNull(deadlines.processedAt), gt(deadlines.dueAt, now), lte(deadlines.dueAt, new Date(now.getTime() + REMINDER_BEFORE_MS))));
  let sent = 0;
  for (const { deadline, estateName, stage, settings } of soon) {
    const [claimed] = await ctx.db
      .update(deadlines)
      .set({ remindedAt: now })
      .where(and(eq(deadlines.estateId, deadline.estateId), eq(deadlines.stage, deadline.stage), isNull(deadlines.remindedAt)))
      .returning();
    // The estate's notifications switch (the seed's system record "notify") turns reminders off.
    if (!claimed || stage !== deadline.stage || settings.notify === false) continue;
    const people = await ctx.db
      .select({ id: users.id, email: users.email, firstName: users.firstName, settings: users.settings, roles: memberships.roles })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.estateId, deadline.estateId), sql`${Role.Beneficiary} = any(${memberships.roles})`, ne(users.accountStatus, 'disabled')));
    const done = await finishedMembers(ctx, deadline.estateId, deadline.stage);
    for (const person of people.filter((p) => !done.has(p.id))) {
      const todo = stageTodo({ estateId: deadline.estateId, stage: deadline.stage as StageCode, roles: person.roles, dueAt: deadline.dueAt.toISOString(), done: false });
      const url = `${ctx.config.PUBLIC_URL}${todo?.path ?? '/'}`;
      const reader = { email: person.email, firstName: person.firstName, language: readerLanguage(person.settings), roles: person.roles };
      // Someone who turned mail off (quick settings) still gets the notice in the app.
      if (person.settings['notifications'] !== false) {
        await ctx.mailer.send(reminderMail(reader, { estate: estateName, stage: deadline.stage as StageCode, deadline: deadline.dueAt, url, timeZone: settingsOf(settings).timeZone }));
      }
      await ctx.events.publish({ type: 'notification', userId: person.id, estateId: deadline.estateId, data: { kind: 'deadline-reminder', stage: deadline.stage, dueAt: deadline.dueAt.toISOString() } });
      sent += 1;
    }
  }
  return sent;
}
