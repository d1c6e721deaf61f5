/**
 * Telling the helpers of their work (api.md, "Next step for every role"): when the trustee decides
 * what becomes of an unwanted or held item, the appraisers hear that it needs an appraisal; when the
 * decision is "sell", the sellers and buyers hear that it is to be sold. One mail each in their
 * language, and an in-app notice.
 */
import { and, eq, sql } from 'drizzle-orm';
import { itemLabel } from '@estate/domain/item-status';
import { Role } from '@estate/domain/roles';
import { estates, items, memberships, users } from '../../db/schema.js';
import type { AppContext } from '../../platform/context.js';
import { helperMail, readerLanguage } from '../../platform/mail-texts.js';
import { inEstate } from '../../platform/tenancy.js';

const ROLES_FOR = { appraise: [Role.Appraiser], sale: [Role.Seller, Role.Buyer] } as const;

export async function mailHelpers(ctx: AppContext, estateId: string, itemId: string, kind: 'appraise' | 'sale', actorId: string): Promise<number> {
  const [estate] = await ctx.db.select({ name: estates.name, settings: estates.settings }).from(estates).where(eq(estates.id, estateId));
  const [item] = await ctx.db.select({ number: items.number, name: items.name }).from(items).where(inEstate(items, estateId, eq(items.id, itemId)));
  if (!estate || !item || estate.settings['notify'] === false) return 0;
  const roles = ROLES_FOR[kind];
  const people = await ctx.db
    .select({ id: users.id, email: users.email, firstName: users.firstName, settings: users.settings, status: users.accountStatus, roles: memberships.roles })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.estateId, estateId), sql`${memberships.roles} && ${sql.raw(`array[${roles.join(',')}]::int[]`)}`));
  let sent = 0;
  for (const person of people) {
    if (person.id === actorId || person.status === 'disabled') continue;
    await ctx.events.publish({ type: 'notification', userId: person.id, estateId, data: { kind: `helper-${kind}`, itemId } });
    if (person.settings['notifications'] === false) continue;
    const reader = { email: person.email, firstName: person.firstName, language: readerLanguage(person.settings), roles: person.roles };
    await ctx.mailer.send(helperMail(reader, kind, { estate: estate.name, item: { label: itemLabel(item.number), name: item.name }, url: `${ctx.config.PUBLIC_URL}/unwanted-items` }));
    sent += 1;
  }
  return sent;
}
