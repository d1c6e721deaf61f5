/**
 * Telling receivers about their items: when the trustee schedules a hand-over or ships items, the
 * receiver (or the parent who receives for a grandchild) gets an in-app notice and one mail in their
 * language; a while after items were handed over or shipped without a receipt, one reminder to
 * confirm with a tap. The reminder runs from the scheduler (once across processes, like deadlines).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { itemLabel } from '@estate/domain/item-status';
import { Stage } from '@estate/domain/stages';
import type { HandoverStatus } from '@estate/domain/handover';
import { estates, handovers, items, memberships, users } from '../../db/schema.js';
import type { EstateAccess } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import type { MailMessage } from '../../platform/mail.js';
import { inEstate } from '../../platform/tenancy.js';
import { settingsOf } from '../../platform/pool.js';
import { handoverMail, readerLanguage } from '../../platform/mail-texts.js';

/** How long after an item was handed over or shipped its receiver is reminded to confirm it. */
export const RECEIPT_REMINDER_AFTER_MS = 2 * 24 * 3600_000;

type Person = { id: string; email: string; firstName: string; settings: Record<string, unknown>; status: string; roles: number[] };
type Line = { label: string; name: string; forChild: string | null };

const wantsMail = (settings: Record<string, unknown>) => settings['notifications'] !== false;

function mailFor(person: Person, kind: 'scheduled' | 'shipped' | 'reminder', input: { estate: string; lines: Line[]; when: Date | null; url: string; timeZone: string }): MailMessage {
  return handoverMail({ email: person.email, firstName: person.firstName, language: readerLanguage(person.settings), roles: person.roles }, kind, input);
}

/**
 * Who hears about items of these receivers: each receiver, or for a grandchild (who receives
 * through a parent) the parent. Grouped per person, with the lines of their items.
 */
async function audience(ctx: AppContext, estateId: string, itemIds: string[]) {
  const rows = await ctx.db
    .select({
      itemId: items.id,
      number: items.number,
      name: items.name,
      receiverId: items.assignedTo,
      receiverFirst: users.firstName,
      parentId: memberships.receivesThrough,
    })
    .from(items)
    .innerJoin(memberships, and(eq(memberships.estateId, items.estateId), eq(memberships.userId, items.assignedTo)))
    .innerJoin(users, eq(users.id, items.assignedTo))
    .where(inEstate(items, estateId, inArray(items.id, itemIds)));
  const byPerson = new Map<string, Line[]>();
  for (const r of rows) {
    const to = r.parentId ?? r.receiverId!;
    const lines = byPerson.get(to) ?? [];
    lines.push({ label: itemLabel(r.number), name: r.name, forChild: r.parentId ? r.receiverFirst : null });
    byPerson.set(to, lines);
  }
  if (byPerson.size === 0) return [];
  const people = await ctx.db
    .select({ id: users.id, email: users.email, firstName: users.firstName, settings: users.settings, status: users.accountStatus, roles: memberships.roles })
    .from(users)
    .innerJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.estateId, estateId)))
    .where(inArray(users.id, [...byPerson.keys()]));
  return people.map((person) => ({ person, lines: byPerson.get(person.id)! }));
}

/**
 * After the trustee recorded hand-over: every receiver's app refreshes (a notice); a schedule or a
 * shipment also says so in a mail. Mail goes after the answer (`inBackground`).
 */
export async function notifyHandover(
  ctx: AppContext,
  access: EstateAccess,
  changed: { itemId: string; memberId: string | null }[],
  status: HandoverStatus,
): Promise<void> {
  const estateId = access.estate.id;
  const itemIds = changed.filter((c) => c.memberId).map((c) => c.itemId);
  if (itemIds.length === 0) return;
  const groups = await audience(ctx, estateId, itemIds);
  for (const { person, lines } of groups) {
    await ctx.events.publish({ type: 'notification', userId: person.id, estateId, data: { kind: 'handover', status, count: lines.length, labels: lines.map((l) => l.label) } });
  }
  if (status !== 'scheduled' && status !== 'shipped') return;
  if (access.estate.settings['notify'] === false) return;
  const [first] = await ctx.db.select({ scheduledAt: handovers.scheduledAt }).from(handovers).where(inEstate(handovers, estateId, eq(handovers.itemId, itemIds[0]!)));
  const url = `${ctx.config.PUBLIC_URL.replace(/\/+$/, '')}/my-items?tab=handover`;
  ctx.mailer.inBackground(async () => {
    for (const { person, lines } of groups) {
      if (person.status === 'disabled' || !wantsMail(person.settings)) continue;
      await ctx.mailer.send(mailFor(person, status, { estate: access.estate.name, lines, when: first?.scheduledAt ?? null, url, timeZone: settingsOf(access.estate.settings).timeZone }));
    }
  });
}

/**
 * The scheduler's job: items handed over or shipped at least `RECEIPT_REMINDER_AFTER_MS` ago, in an
 * estate still in hand-over (41, 42), with no receipt, get one reminder per receiver (mail and
 * notice). Each row is claimed with a conditional update, so no reminder goes twice.
 */
export async function sendReceiptReminders(ctx: AppContext): Promise<number> {
  const now = ctx.now();
  const before = new Date(now.getTime() - RECEIPT_REMINDER_AFTER_MS);
  const due = await ctx.db
    .update(handovers)
    .set({ remindedAt: now })
    .where(
      and(
        inArray(handovers.status, ['handed-over', 'shipped']),
        sql`${handovers.handedOverAt} <= ${before.toISOString()}`,
        sql`${handovers.remindedAt} is null`,
        sql`${handovers.memberId} is not null`,
        sql`not exists (select 1 from receipts r where r.item_id = ${handovers.itemId})`,
        sql`exists (select 1 from ${estates} e where e.id = ${handovers.estateId} and e.stage in (${Stage.Distribution}, ${Stage.DistributionCompleted}))`,
      ),
    )
    .returning({ estateId: handovers.estateId, itemId: handovers.itemId });
  const byEstate = new Map<string, string[]>();
  for (const r of due) byEstate.set(r.estateId, [...(byEstate.get(r.estateId) ?? []), r.itemId]);
  let sent = 0;
  for (const [estateId, itemIds] of byEstate) {
    const [estate] = await ctx.db.select({ name: estates.name, settings: estates.settings }).from(estates).where(eq(estates.id, estateId));
    if (!estate) continue;
    const url = `${ctx.config.PUBLIC_URL.replace(/\/+$/, '')}/my-items?tab=handover`;
    for (const { person, lines } of await audience(ctx, estateId, itemIds)) {
      await ctx.events.publish({ type: 'notification', userId: person.id, estateId, data: { kind: 'receipt-reminder', count: lines.length, labels: lines.map((l) => l.label) } });
      if (estate.settings['notify'] === false || person.status === 'disabled' || !wantsMail(person.settings)) continue;
      await ctx.mailer.send(mailFor(person, 'reminder', { estate: estate.name, lines, when: null, url, timeZone: settingsOf(estate.settings).timeZone }));
      sent += 1;
    }
  }
  return sent;
}
