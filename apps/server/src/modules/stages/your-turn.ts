/**
 * "It is your turn": when the estate enters a stage in which someone has something to do (the same
 * derived to-do the app shows), they get one plain mail in their language, naming their role, with
 * one button to the right page, and an in-app notice. Results (stage 40) get their own words.
 * Stage 30 is nobody's turn who has no tokens to place (no contested item among their hearts).
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { Role } from '@estate/domain/roles';
import { Stage, type StageCode } from '@estate/domain/stages';
import { stageTodo, tokensToPlace } from '@estate/domain/todos';
import { deadlines, estates, memberships, users } from '../../db/schema.js';
import type { AppContext } from '../../platform/context.js';
import { readerLanguage, resultsMail, turnMail, type Reader } from '../../platform/mail-texts.js';
import { inEstate } from '../../platform/tenancy.js';
import { contestedHeartedSql, settingsOf } from '../../platform/pool.js';

/** Someone who asked for no mail (quick settings) still sees the notice in the app. */
const wantsMail = (settings: Record<string, unknown>) => settings['notifications'] !== false;

/** Mails everyone the new stage needs (not the person who moved it). Returns how many were sent. */
export async function mailWhoseTurnItIs(ctx: AppContext, estateId: string, stage: StageCode, movedBy: string | null): Promise<number> {
  const [estate] = await ctx.db.select({ name: estates.name, settings: estates.settings }).from(estates).where(eq(estates.id, estateId));
  // The estate's notifications switch (the seed's system record "notify") turns these off.
  if (!estate || estate.settings['notify'] === false) return 0;
  const [deadline] = await ctx.db
    .select({ dueAt: deadlines.dueAt })
    .from(deadlines)
    .where(inEstate(deadlines, estateId, and(eq(deadlines.stage, stage), isNull(deadlines.processedAt))));
  const people = await ctx.db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      settings: users.settings,
      status: users.accountStatus,
      roles: memberships.roles,
      // Stage 30 is a turn only for those with tokens to place (contested items they hearted).
      contested: stage === Stage.Tokens ? contestedHeartedSql(estateId, memberships.userId) : sql<number>`0`,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.estateId, estateId));
  let sent = 0;
  for (const person of people) {
    if (person.id === movedBy || person.status === 'disabled') continue;
    const todo = stageTodo({ estateId, stage, roles: person.roles, dueAt: deadline?.dueAt.toISOString() ?? null, done: false });
    if (!todo) continue;
    if (stage === Stage.Tokens && tokensToPlace(settingsOf(estate.settings), person.contested) === 0) continue;
    const reader: Reader = { email: person.email, firstName: person.firstName, language: readerLanguage(person.settings), roles: person.roles };
    const url = `${ctx.config.PUBLIC_URL}${todo.path}`;
    const mail =
      stage === Stage.AssignmentCompleted && person.roles.includes(Role.Beneficiary)
        ? resultsMail(reader, { estate: estate.name, url })
        : turnMail(reader, { estate: estate.name, stage, deadline: deadline?.dueAt ?? null, url, timeZone: settingsOf(estate.settings).timeZone });
    await ctx.events.publish({ type: 'notification', userId: person.id, estateId, data: { kind: 'your-turn', stage } });
    if (!mail || !wantsMail(person.settings)) continue;
    await ctx.mailer.send(mail);
    sent += 1;
  }
  return sent;
}
