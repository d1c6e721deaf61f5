/** SQL fragments several modules need, so "a heart that counts" means one thing everywhere. */
import { sql } from 'drizzle-orm';
import { Role } from '@estate/domain/roles';
import { interests, memberships } from './schema.js';

/** Drizzle writes a lone table's columns unqualified; inside a subquery that would bind to the inner table. */
export const ITEM_ID = sql.raw('"items"."id"');

/** Receivers' hearts on the current `items` row; offspring hearts are advice to a parent and never count. */
export const receiverInterestCount = sql<number>`(
  select count(*)::int from ${interests} i
  join ${memberships} m on m.estate_id = i.estate_id and m.user_id = i.member_id
  where i.item_id = ${ITEM_ID} and ${Role.Beneficiary} = any(m.roles)
)`;

/** Whether this member hearted the current `items` row. */
export const heartedBy = (memberId: string) =>
  sql<boolean>`exists(select 1 from ${interests} i where i.item_id = ${ITEM_ID} and i.member_id = ${memberId})`;
