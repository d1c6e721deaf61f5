/**
 * An item's history (issue 30; api.md "Settlement, history, questions"), oldest first: what the
 * activity log says about the item (created, edited, photos, review flags and their outcome, hold,
 * value, directive, disposition, appraisal, sale, hand-over, receipt), and what the item's own row
 * says of its assignment (step and reason), which the draws record per step rather than per item.
 *
 * Privacy: trustees and observers read everything. Anyone else reads the entries written for all
 * members, never an entry about a private input (hearts, rankings, tokens, review answers: the log
 * marks them 'trustees'), never who they were, and an item's receiver only once results are out
 * (or when it is their own).
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { can } from '@estate/domain/permissions';
import { itemLabel } from '@estate/domain/item-status';
import type { HistoryEvent } from '@estate/domain/schemas/history';
import { activityEvents, items, users } from '../../db/schema.js';
import type { EstateAccess } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { notFound } from '../../platform/errors.js';
import { inEstate } from '../../platform/tenancy.js';
import { sentenceOf } from './sentences.js';
import { withoutAddresses } from './service.js';

/** Actions about private inputs: left out for everyone but trustees and observers, whatever the entry's mark. */
export const PRIVATE_INPUT_ACTIONS: ReadonlySet<string> = new Set([
  'interest.added',
  'interest.removed',
  'ranking.set',
  'tokens.set',
  'item.approved',
  'item.flagged',
  'participation.done',
]);

const nameOf = (u: { firstName: string | null; lastName: string | null }) => `${u.firstName ?? ''} ${u.lastName ?? ''}`.trim();

export async function itemHistory(ctx: AppContext, access: EstateAccess, itemId: string): Promise<{ events: HistoryEvent[] }> {
  const estateId = access.estate.id;
  const seeAll = can('activity.viewAll', access);
  const [item] = await ctx.db.select().from(items).where(inEstate(items, estateId, eq(items.id, itemId)));
  if (!item) throw notFound('That item');
  const rows = await ctx.db
    .select({ event: activityEvents, firstName: users.firstName, lastName: users.lastName })
    .from(activityEvents)
    .leftJoin(users, eq(users.id, activityEvents.actorId))
    .where(
      inEstate(
        activityEvents,
        estateId,
        eq(activityEvents.entity, 'item'),
        eq(activityEvents.entityId, itemId),
        seeAll ? undefined : eq(activityEvents.visibility, 'members'),
      ),
    )
    .orderBy(asc(activityEvents.at), asc(activityEvents.id));
  const names = new Map([[item.id, { number: item.number, name: item.name }]]);
  const events: HistoryEvent[] = [];
  for (const { event, firstName, lastName } of rows) {
    if (!seeAll && PRIVATE_INPUT_ACTIONS.has(event.action)) continue;
    const sentence = sentenceOf(event, names);
    events.push({
      at: event.at.toISOString(),
      actor: event.actorId && firstName !== null ? { id: event.actorId, displayName: nameOf({ firstName, lastName }) } : null,
      action: event.action,
      field: event.field,
      from: seeAll ? event.from : withoutAddresses(event.from),
      to: seeAll ? event.to : withoutAddresses(event.to),
      sentence: { kind: sentence.kind, values: sentence.values },
    });
  }

  // A trustee's change of receiver (a "changed" answer to a question) names the new receiver.
  const reassignedTo = (e: HistoryEvent) => (e.action === 'item.reassigned' && typeof e.to === 'string' ? e.to : null);
  const mayKnow = (id: string) => can('assignment.viewAll', access) || id === access.user.id;
  const people = [item.createdBy, item.assignedBy, item.assignedTo, ...events.map(reassignedTo)].filter((id): id is string => Boolean(id));
  const found = people.length ? await ctx.db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(and(inArray(users.id, people))) : [];
  const person = (id: string | null) => {
    const row = id ? found.find((u) => u.id === id) : undefined;
    return row ? { id: row.id, displayName: nameOf(row) } : null;
  };
  const label = `${itemLabel(item.number)} ${item.name}`;
  for (const event of events) {
    const to = reassignedTo(event);
    const receiver = to && mayKnow(to) ? person(to) : null;
    if (receiver) event.sentence = { kind: 'itemReassignedTo', values: { ...event.sentence.values, receiver: receiver.displayName } };
  }

  // An item imported before the log named it, or from an older version: its creation from the row.
  if (!rows.some((r) => r.event.action === 'item.created')) {
    events.unshift({
      at: item.createdAt.toISOString(),
      actor: person(item.createdBy),
      action: 'item.created',
      field: 'name',
      to: item.name,
      sentence: { kind: 'itemCreated', values: { item: label } },
    });
  }

  // The assignment: who received it, in which step and why, once the reader may know.
  if (item.assignedAt && item.assignmentStep !== null && (can('assignment.viewAll', access) || item.assignedTo === access.user.id)) {
    const receiver = person(item.assignedTo);
    events.push({
      at: item.assignedAt.toISOString(),
      actor: person(item.assignedBy),
      action: 'item.assigned',
      field: 'assignment',
      to: { step: item.assignmentStep, reason: item.assignmentReason, memberId: item.assignedTo },
      sentence: {
        kind: receiver ? 'itemAssigned' : 'itemAssignedNobody',
        values: { item: label, stage: item.assignmentStep, ...(receiver ? { receiver: receiver.displayName } : {}), reason: item.assignmentReason ?? '' },
      },
    });
  }
  events.sort((a, b) => a.at.localeCompare(b.at));
  return { events };
}
