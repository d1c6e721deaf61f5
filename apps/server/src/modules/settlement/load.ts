/**
 * Reads what the settlement statement needs (distribution.md "Settlement"): the members and who
 * receives for whom, the items with their value, receiver and reason, the sales recorded, and the
 * trustee's weights; `buildStatement` (packages/domain) decides what they mean. Used by the page,
 * the weights change and the stage-90 report file, so all three say the same.
 */
import { eq, inArray } from 'drizzle-orm';
import { itemLabel } from '@estate/domain/item-status';
import { Role } from '@estate/domain/roles';
import { buildStatement, estateCurrency, toMinorUnits, type Statement, type StatementItem } from '@estate/domain/settlement/statement';
import type { Db } from '../../db/client.js';
import { dispositions, estates, items, memberships, settlementWeights, users } from '../../db/schema.js';
import { notFound } from '../../platform/errors.js';
import { inEstate } from '../../platform/tenancy.js';

export type LoadedStatement = {
  statement: Statement;
  /** Display names of everyone the statement names (receivers, and whoever received a listed item). */
  names: Map<string, string>;
  /** The weights as stored (member id → weight); anyone not named has 1. */
  stored: Record<string, number>;
};

const displayName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();

export async function loadStatement(db: Db, estateId: string): Promise<LoadedStatement> {
  const [estate] = await db.select({ settings: estates.settings }).from(estates).where(eq(estates.id, estateId));
  if (!estate) throw notFound('That estate');
  const memberRows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, roles: memberships.roles, receivesThrough: memberships.receivesThrough })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(inEstate(memberships, estateId));
  const itemRows = await db
    .select({
      id: items.id,
      number: items.number,
      name: items.name,
      status: items.status,
      distribution: items.distribution,
      value: items.value,
      currency: items.currency,
      assignedTo: items.assignedTo,
      reason: items.assignmentReason,
      unwantedOutcome: items.unwantedOutcome,
    })
    .from(items)
    .where(inEstate(items, estateId));
  const sales = new Map(
    (await db.select({ itemId: dispositions.itemId, disposition: dispositions.disposition, price: dispositions.salePrice, currency: dispositions.saleCurrency }).from(dispositions).where(inEstate(dispositions, estateId))).map((d) => [d.itemId, d]),
  );
  const weightRows = await db.select({ memberId: settlementWeights.memberId, weight: settlementWeights.weight }).from(settlementWeights).where(inEstate(settlementWeights, estateId));
  const stored = Object.fromEntries(weightRows.map((w) => [w.memberId, w.weight]));

  const statementItems: StatementItem[] = itemRows.map((row) => {
    const d = sales.get(row.id);
    const price = toMinorUnits(d?.price ?? null);
    return {
      itemId: row.id,
      label: itemLabel(row.number),
      name: row.name,
      status: row.status,
      distribution: row.distribution,
      value: toMinorUnits(row.value),
      currency: row.currency,
      assignedTo: row.assignedTo,
      reason: row.reason,
      disposition: d?.disposition ?? row.unwantedOutcome ?? null,
      sale: price === null ? null : { price, currency: d?.currency ?? row.currency },
    };
  });
  const statement = buildStatement({
    currency: estateCurrency(estate.settings.currency, statementItems),
    members: memberRows.map((m) => ({ memberId: m.id, receiver: m.roles.includes(Role.Beneficiary), receivesThrough: m.receivesThrough })),
    items: statementItems,
    weights: stored,
  });

  const names = new Map(memberRows.map((m) => [m.id, displayName(m)]));
  // Someone who left the estate keeps their name on what they received.
  const named = new Set([...statement.people.map((p) => p.memberId), ...[...statement.notValued, ...statement.otherCurrencies.flatMap((c) => c.items)].flatMap((i) => (i.receiverId ? [i.receiverId] : []))]);
  const missing = [...named].filter((id) => !names.has(id));
  if (missing.length > 0) {
    for (const u of await db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(inArray(users.id, missing))) names.set(u.id, displayName(u));
  }
  return { statement, names, stored };
}
