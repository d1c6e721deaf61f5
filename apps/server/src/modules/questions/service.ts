/**
 * Questions on a result (issue 30; api.md "Settlement, history, questions"). From the published
 * results (40) to the wrap-up (90) a beneficiary asks about any item's result (every item has one
 * then: a receiver, a disposition or a hold); the trustee answers that the result is kept or
 * changed. A "changed" answer records the decision; with `reassignTo` it also makes the change in
 * the same transaction: the item goes to another receiver, or to nobody (it becomes unwanted, so a
 * disposition can be chosen), with the reason "trustee" (the fairness report counts it as the
 * trustee's decision). Every step is in the activity log; the asker is told in the app and by mail
 * in their language.
 */
import { and, asc, eq, isNotNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { can } from '@estate/domain/permissions';
import { itemLabel } from '@estate/domain/item-status';
import type { StageCode } from '@estate/domain/stages';
import type { AnswerQuestionBody, AskQuestionBody, Question } from '@estate/domain/schemas/questions';
import { dispositions, handovers, items, memberships, receipts, resultQuestions, users } from '../../db/schema.js';
import type { Db } from '../../db/client.js';
import { recordActivity } from '../../platform/activity.js';
import type { EstateAccess } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, notFound, says } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { questionAnsweredMail, readerLanguage } from '../../platform/mail-texts.js';
import { recheckAccess, receiverSql } from '../../platform/pool.js';
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
    if (body.reassignTo !== undefined) await reassign(tx, ctx, access, row.itemId, body.reassignTo);
    await recordActivity(tx, {
      estateId,
      actorId: access.user.id,
      action: 'question.answered',
      entity: 'item',
      entityId: row.itemId,
      field: 'question',
      from: row.outcome ? { outcome: row.outcome, text: row.answerText } : null,
      to: { questionId, outcome: body.outcome, text: body.text, askedBy: row.memberId, ...(body.reassignTo !== undefined ? { reassignTo: body.reassignTo } : {}) },
      visibility: 'trustees',
    });
    return row;
  });
  if (body.reassignTo !== undefined) await ctx.events.publish({ type: 'item', estateId, data: { itemId: before.itemId, change: 'updated' } });
  const [question] = await read(ctx.db, estateId, eq(resultQuestions.id, questionId));
  await tellAsker(ctx, access, before.memberId, question!);
  return { question: question! };
}

/**
 * The item's result changes inside the answer's transaction: a new receiver (a beneficiary of this
 * estate) or nobody (unwanted). Its hand-over starts again (no row: "to be handed over"); an item
 * whose receipt is confirmed stays as it is (409), and so does a sold one.
 */
async function reassign(tx: Db, ctx: AppContext, access: EstateAccess, itemId: string, to: string | null): Promise<void> {
  const estateId = access.estate.id;
  const [item] = await tx.select().from(items).where(inEstate(items, estateId, eq(items.id, itemId))).for('update');
  if (!item) throw notFound('That item');
  if (to !== null) {
    // A receiver: a beneficiary, or an offspring who receives through a parent (as a return may go).
    const [receiver] = await tx
      .select({ id: memberships.userId })
      .from(memberships)
      .where(inEstate(memberships, estateId, eq(memberships.userId, to), or(receiverSql(), isNotNull(memberships.receivesThrough))));
    if (!receiver) throw new AppError('validation_failed', says('validation.reassignNotReceiver'), { reassignTo: 'validation.reassignNotReceiver' });
  }
  if (item.assignedTo === to && (to !== null || item.status === 'unwanted')) {
    throw new AppError('validation_failed', says('validation.reassignSame'), { reassignTo: 'validation.reassignSame' });
  }
  const [receipt] = await tx.select({ id: receipts.id }).from(receipts).where(inEstate(receipts, estateId, eq(receipts.itemId, itemId)));
  if (receipt) throw new AppError('conflict', says('questions.alreadyReceived'));
  const [disposition] = await tx.select({ salePrice: dispositions.salePrice }).from(dispositions).where(inEstate(dispositions, estateId, eq(dispositions.itemId, itemId)));
  if (disposition?.salePrice != null && to !== null) throw new AppError('conflict', `${itemLabel(item.number)} has been sold; its sale is recorded, so it cannot go to someone now.`);
  const now = ctx.now();
  await tx.delete(handovers).where(inEstate(handovers, estateId, eq(handovers.itemId, itemId)));
  // A receiver again: what was to become of it as an unwanted item no longer applies.
  if (to !== null && disposition) await tx.delete(dispositions).where(inEstate(dispositions, estateId, eq(dispositions.itemId, itemId)));
  await tx
    .update(items)
    .set({
      assignedTo: to,
      status: to === null ? 'unwanted' : 'assigned',
      assignmentReason: 'trustee',
      // No step gave it: the history tells the change from the log's `item.reassigned` entry.
      assignmentStep: null,
      assignmentDetail: null,
      assignedAt: now,
      assignedBy: access.user.id,
      ...(to !== null ? { unwantedOutcome: null } : {}),
      version: sql`${items.version} + 1`,
      updatedAt: now,
    })
    .where(inEstate(items, estateId, eq(items.id, itemId)));
  await recordActivity(tx, { estateId, actorId: access.user.id, action: 'item.reassigned', entity: 'item', entityId: itemId, field: 'assignedTo', from: item.assignedTo, to });
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
