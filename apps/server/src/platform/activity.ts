/** The append-only activity log that every feature writes to. */
import type { Db } from '../db/client.js';
import { activityEvents } from '../db/schema.js';
import { newId } from './ids.js';

export type ActivityInput = {
  estateId: string;
  actorId: string | null;
  action: string;
  entity: string;
  entityId?: string | null;
  field?: string | null;
  from?: unknown;
  to?: unknown;
  /**
   * 'trustees' (trustees and observers) for events that reveal a beneficiary's private inputs or
   * a person's contact details (an invitee's address). Others see an event's `email` fields blanked.
   */
  visibility?: 'members' | 'trustees';
};

export async function recordActivity(db: Db, event: ActivityInput): Promise<void> {
  await db.insert(activityEvents).values({
    id: newId(),
    estateId: event.estateId,
    actorId: event.actorId,
    action: event.action,
    entity: event.entity,
    entityId: event.entityId ?? null,
    field: event.field ?? null,
    from: event.from ?? null,
    to: event.to ?? null,
    visibility: event.visibility ?? 'members',
  });
}
