/**
 * Questions on a result (issue 30; api.md "Settlement, history, questions"). From the published
 * results (40) to the wrap-up (90) a beneficiary asks about any item's result (every item has one
 * then: a receiver, a disposition or a hold); the trustee answers that the result is kept or
 * changed. A "changed" answer records the decision: the trustee then makes the change where the
 * item's result is kept (hand-over, disposition). Every step is in the activity log; the asker is
 * told in the app and by mail in their language.
 */
import { and, asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { can } from '@estate/domain/permissions';
import { itemLabel } from '@estate/domain/item-status';
import type { StageCode } from '@estate/domain/stages';
import type { AnswerQuestionBody, AskQuestionBody, Question } from '@estate/domain/schemas/questions';
import { items, memberships, resultQuestions, users } from '../../db/schema.js';
import type { Db } from '../../db/client.js';
import { recordActivity } from '../../platform/activity.js';
import type { EstateAccess } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { notFound } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { questionAnsweredMail, readerLanguage } from '../../platform/mail-texts.js';
import { recheckAccess } from '../../platform/pool.js';
import { inEstate } from '../../platform/tenancy.js';

const asker = alias(users, 'asker');
const answerer = alias(users, 'answerer');
const nameOf = (u: { firstName: string | null; lastName: string | null } | null) => (u && u.firstName !== null ? `${u.firstName} ${u.lastName ?? ''}`.trim() : null);

/** The questions of an estate with their items and people; `where` narrows them. */
async function read(db: Db, estateId: string, where?: ReturnType<typeof eq>): Promise<Question[]> {
  const rows = await db
    .select({
      q: resultQuestions,
      number: items.number,
      itemName: items.name,
      askerFirst: asker.firstName,
      askerLast: asker.lastName,
      byFirst: answerer.firstName,
      byLast: answerer.lastName,
    })
    .from(resultQuestions)
    .innerJoin(items, and(eq(items.id, resultQuestions.itemId), eq(items.estateId, resultQuestions.estateId)))
    .innerJoin(asker, eq(asker.id, resultQuestions.memberId))
    .leftJoin(answerer, eq(answerer.id, resultQuestions.answeredBy))
    .where(inEstate(resultQuestions, estateId, where))
    .orderBy(asc(resultQuestions.createdAt), asc(resultQuestions.id));
  return rows.map((r) => ({
    id: r.q.id,
    itemId: r.q.itemId,
    itemLabel: itemLabel(r.number),
    itemName: r.itemName,
    memberId: r.q.memberId,
    memberName: nameOf({ firstName: r.askerFirst, lastName: r.askerLast }) ?? '',
    text: r.q.text,
    createdAt: r.q.createdAt.toISOString(),
    answer:
      r.q.outcome && r.q.answeredAt
        ? { text: r.q.answerText ?? '', outcome: r.q.outcome, at: r.q.answeredAt.toISOString(), by: r.q.answeredBy, byName: nameOf({ firstName: r.byFirst, lastName: r.byLast }) }
        : null,
  }));
}

/** Every question of an estate (the archive). */
export function listAllQuestions(db: Db, estateId: string): Promise<Question[]> {
  return read(db, estateId);
}

/** `GET …/questions`: trustees and observers read every question, a beneficiary their own. */
export async function listQuestions(ctx: AppContext, access: EstateAccess): Promise<{ questions: Question[] }> {
  const all = can('question.viewAll', access);
  return { questions: await read(ctx.db, access.estate.id, all ? undefined : eq(resultQuestions.memberId, access.user.id)) };
}

/** `POST …/items/:iid/questions` (a beneficiary, 40–90). The trustees' app hears of it. */
export async function askQuestion(ctx: AppContext, access: EstateAccess, itemId: string, body: AskQuestionBody): Promise<{ question: Question }> {
  const estateId = access.estate.id;
  const id = newId();
  await ctx.db.transaction(async (tx) => {
    await recheckAccess(tx, access, 'question.ask');
    const [item] = await tx.select({ id: items.id }).from(items).where(inEstate(items, estateId, eq(items.id, itemId)));
    if (!item) throw notFound('That item');
    await tx.insert(resultQuestions).values({ id, estateId, itemId, memberId: access.user.id, text: body.text, createdAt: ctx.now() });
    // Who asked and what is between the asker and the trustees: the log keeps it for them.
    await recordActivity(tx, { estateId, actorId: access.user.id, action: 'question.asked', entity: 'item', entityId: itemId, field: 'question', to: { questionId: id, text: body.text }, visibility: 'trustees' });
  });
  const trustees = await ctx.db.select({ userId: memberships.userId, roles: memberships.roles }).from(memberships).where(eq(memberships.estateId, estateId));
  for (const t of trustees.filter((m) => can('question.answer', { roles: m.roles, stage: access.estate.stage as StageCode }))) {
    await ctx.events.publish({ type: 'notification', userId: t.userId, estateId, data: { kind: 'question-asked', questionId: id, itemId } });
  }
  const [question] = await read(ctx.db, estateId, eq(resultQuestions.id, id));
  return { question: question! };
}

/** `PUT …/questions/:qid/answer` (trustee, 40–90): kept or changed, in words; the asker is told. */
export async function answerQuestion(ctx: AppContext, access: EstateAccess, questionId: string, body: AnswerQuestionBody): Promise<{ question: Question }> {
  const estateId = access.estate.id;
  const now = ctx.now();
  const before = await ctx.db.transaction(async (tx) => {
    await recheckAccess(tx, access, 'question.answer');
    const [row] = await tx.select().from(resultQuestions).where(inEstate(resultQuestions, estateId, eq(resultQuestions.id, questionId))).for('update');
    if (!row) throw notFound('That question');
    await tx
      .update(resultQuestions)
      .set({ answerText: body.text, outcome: body.outcome, answeredAt: now, answeredBy: access.user.id })
      .where(inEstate(resultQuestions, estateId, eq(resultQuestions.id, questionId)));
    await recordActivity(tx, {
      estateId,
      actorId: access.user.id,
      action: 'question.answered',
      entity: 'item',
      entityId: row.itemId,
      field: 'question',
      from: row.outcome ? { outcome: row.outcome, text: row.answerText } : null,
      to: { questionId, outcome: body.outcome, text: body.text, askedBy: row.memberId },
      visibility: 'trustees',
    });
    return row;
  });
  const [question] = await read(ctx.db, estateId, eq(resultQuestions.id, questionId));
  await tellAsker(ctx, access, before.memberId, question!);
  return { question: question! };
}

/** The asker hears of the answer: a notice in the app, and one mail in their language. */
async function tellAsker(ctx: AppContext, access: EstateAccess, memberId: string, question: Question): Promise<void> {
  const estateId = access.estate.id;
  await ctx.events.publish({ type: 'notification', userId: memberId, estateId, data: { kind: 'question-answered', questionId: question.id, itemId: question.itemId, outcome: question.answer!.outcome } });
  if (access.estate.settings['notify'] === false) return;
  const [person] = await ctx.db
    .select({ email: users.email, firstName: users.firstName, settings: users.settings, status: users.accountStatus, roles: memberships.roles })
    .from(users)
    .innerJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.estateId, estateId)))
    .where(eq(users.id, memberId));
  if (!person || person.status === 'disabled' || person.settings['notifications'] === false) return;
  const url = `${ctx.config.PUBLIC_URL.replace(/\/+$/, '')}/p/${estateId}/i/${question.itemId}`;
  const mail = questionAnsweredMail(
    { email: person.email, firstName: person.firstName, language: readerLanguage(person.settings), roles: person.roles },
    { estate: access.estate.name, item: `${question.itemLabel} ${question.itemName}`, outcome: question.answer!.outcome, text: question.answer!.text, url },
  );
  ctx.mailer.inBackground(() => ctx.mailer.send(mail));
}
