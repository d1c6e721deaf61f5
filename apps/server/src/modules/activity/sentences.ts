/**
 * Activity entries as sentences for every reader (issue 30): the same builder as the profile's
 * timeline (`@estate/domain/timeline`), given the items the entries are about as they are now.
 */
import { and, inArray } from 'drizzle-orm';
import { timelineSentence, type ActivityFacts, type Sentence } from '@estate/domain/timeline';
import { items } from '../../db/schema.js';
import type { Db } from '../../db/client.js';
import { inEstate } from '../../platform/tenancy.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type ItemNames = Map<string, { number: number; name: string }>;

/** The items (number and name) these entries are about, in this estate. */
export async function itemNames(db: Db, estateId: string, events: Pick<ActivityFacts, 'entity' | 'entityId'>[]): Promise<ItemNames> {
  const ids = [...new Set(events.filter((e) => e.entity === 'item' && e.entityId && UUID.test(e.entityId)).map((e) => e.entityId!))];
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: items.id, number: items.number, name: items.name }).from(items).where(inEstate(items, estateId, and(inArray(items.id, ids))));
  return new Map(rows.map((r) => [r.id, { number: r.number, name: r.name }]));
}

/** The entry's sentence; an entry the timeline hides says "made a change". */
export function sentenceOf(event: ActivityFacts, names: ItemNames): Sentence {
  const item = event.entity === 'item' && event.entityId ? names.get(event.entityId) : undefined;
  return timelineSentence(event, item) ?? { kind: 'other', values: {}, itemId: null };
}
