/**
 * The trustee's figures (`/trustee/analytics`): how complete the catalogue is, who has taken part
 * in each stage, where the interest lies, and how the items were assigned. Six grouped queries,
 * whatever the size of the estate. The figures name who hearted, ranked and placed tokens, so the
 * route is for trustees and observers only ('analytics.view').
 */
import { sql } from 'drizzle-orm';
import { Role } from '@estate/domain/roles';
import { queryRows } from '../../db/client.js';
import type { AppContext } from '../../platform/context.js';

export type Completeness = { items: number; withPhotos: number; withValues: number; value: number };
export type RoomFigures = Completeness & { roomId: string | null; name: string | null; hearts: number; wantedItems: number };
export type LocationFigures = Completeness & { locationId: string | null; name: string | null; rooms: RoomFigures[] };
export type MemberParticipation = {
  memberId: string;
  displayName: string;
  approved: number;
  flagged: number;
  hearted: number;
  ranked: number;
  tokens: number;
  /** Stages (2, 11, 20, 30) the member finished, with when and whether the deadline did it for them. */
  done: { stage: number; at: string; automatic: boolean }[];
  lastSeenAt: string | null;
};
export type Analytics = {
  catalogue: { totals: Completeness; currency: string | null; locations: LocationFigures[] };
  participation: { items: number; members: MemberParticipation[] };
  interest: {
    hearts: number;
    wantedItems: number;
    categories: { name: string; items: number; hearts: number; wantedItems: number }[];
    rooms: { roomId: string | null; name: string | null; locationName: string | null; items: number; hearts: number; wantedItems: number }[];
  };
  assignments: {
    byStatus: Record<string, number>;
    byReason: { reason: string; items: number; value: number }[];
    receivers: { memberId: string; displayName: string; items: number; value: number; byReason: Record<string, number> }[];
  };
};

const receiverOf = (estateId: string) =>
  sql`exists (select 1 from memberships m where m.estate_id = ${estateId} and m.user_id = x.member_id and ${Role.Beneficiary} = any(m.roles))`;

/** Adds the review (stage 2) as finished when every item has an answer and no row says so yet. */
function reviewDone(done: MemberParticipation['done'], answeredAllAt: string | null): MemberParticipation['done'] {
  if (!answeredAllAt || done.some((d) => d.stage === 2)) return done;
  return [{ stage: 2, at: answeredAllAt, automatic: false }, ...done];
}

export async function estateAnalytics(ctx: AppContext, estateId: string): Promise<Analytics> {
  const db = ctx.db;
  const [places, perRoom, roomInterest, categories, members, assigned] = await Promise.all([
    queryRows<{ location_id: string; location_name: string; room_id: string | null; room_name: string | null }>(
      db,
      sql`select l.id as location_id, l.name as location_name, r.id as room_id, r.name as room_name
          from locations l left join rooms r on r.location_id = l.id and r.estate_id = l.estate_id
          where l.estate_id = ${estateId}
          order by l.position, l.name, l.id, r.position, r.name, r.id`,
    ),
    queryRows<{ location_id: string | null; room_id: string | null; items: number; with_photos: number; with_values: number; value: number; currencies: string[] }>(
      db,
      sql`select i.location_id, i.room_id, count(*)::int as items,
            count(*) filter (where exists (select 1 from photos p where p.item_id = i.id))::int as with_photos,
            count(*) filter (where i.value is not null)::int as with_values,
            coalesce(sum(i.value), 0)::float8 as value,
            array_agg(distinct i.currency) filter (where i.value is not null) as currencies
          from items i where i.estate_id = ${estateId}
          group by i.location_id, i.room_id`,
    ),
    queryRows<{ room_id: string | null; hearts: number; wanted_items: number }>(
      db,
      sql`select i.room_id, count(*)::int as hearts, count(distinct i.id)::int as wanted_items
          from interests x join items i on i.id = x.item_id
          where x.estate_id = ${estateId} and ${receiverOf(estateId)}
          group by i.room_id`,
    ),
    queryRows<{ name: string; items: number; hearts: number; wanted_items: number }>(
      db,
      sql`select l.name, count(distinct il.item_id)::int as items, count(x.member_id)::int as hearts,
            count(distinct x.item_id)::int as wanted_items
          from labels l
          join item_labels il on il.label_id = l.id
          left join interests x on x.item_id = il.item_id and ${receiverOf(estateId)}
          where l.estate_id = ${estateId} and l.kind = 'category'
          group by l.name
          order by hearts desc, l.name`,
    ),
    queryRows<{
      id: string;
      first_name: string;
      last_name: string;
      approved: number;
      flagged: number;
      hearted: number;
      ranked: number;
      tokens: number;
      done: { stage: number; at: string; automatic: boolean }[] | null;
      reviewed_at: Date | string | null;
      last_seen: Date | string | null;
    }>(
      db,
      sql`select u.id, u.first_name, u.last_name,
            (select count(*) from approvals a where a.estate_id = m.estate_id and a.member_id = u.id and a.status = 'approved')::int as approved,
            (select count(*) from approvals a where a.estate_id = m.estate_id and a.member_id = u.id and a.status = 'flagged')::int as flagged,
            (select count(*) from interests x where x.estate_id = m.estate_id and x.member_id = u.id)::int as hearted,
            (select count(*) from rankings k where k.estate_id = m.estate_id and k.member_id = u.id)::int as ranked,
            (select coalesce(sum(t.count), 0) from token_allocations t where t.estate_id = m.estate_id and t.member_id = u.id)::int as tokens,
            (select json_agg(json_build_object('stage', p.stage, 'at', p.done_at, 'automatic', p.automatic) order by p.stage)
               from participation p where p.estate_id = m.estate_id and p.member_id = u.id) as done,
            -- The review also counts as finished once every item has an answer (as the stage machine counts it).
            (select max(a.updated_at) from approvals a where a.estate_id = m.estate_id and a.member_id = u.id) as reviewed_at,
            -- A session starts or is renewed each time the app is opened: when the newest began.
            (select max(rt.created_at) from refresh_tokens rt where rt.user_id = u.id) as last_seen
          from memberships m join users u on u.id = m.user_id
          where m.estate_id = ${estateId} and ${Role.Beneficiary} = any(m.roles)
          order by u.first_name, u.last_name, u.id`,
    ),
    queryRows<{ status: string; reason: string | null; member_id: string | null; first_name: string | null; last_name: string | null; items: number; value: number }>(
      db,
      sql`select i.status, i.assignment_reason as reason, i.assigned_to as member_id, u.first_name, u.last_name,
            count(*)::int as items, coalesce(sum(i.value), 0)::float8 as value
          from items i left join users u on u.id = i.assigned_to
          where i.estate_id = ${estateId}
          group by i.status, i.assignment_reason, i.assigned_to, u.first_name, u.last_name`,
    ),
  ]);

  // Catalogue: every location and room (empty ones too), then items without a place.
  const zero = (): Completeness => ({ items: 0, withPhotos: 0, withValues: 0, value: 0 });
  const add = (to: Completeness, from: Completeness) => {
    to.items += from.items;
    to.withPhotos += from.withPhotos;
    to.withValues += from.withValues;
    to.value += from.value;
  };
  const heartsByRoom = new Map(roomInterest.map((r) => [r.room_id ?? '', r]));
  const locations: LocationFigures[] = [];
  const byLocation = new Map<string, LocationFigures>();
  const roomOf = new Map<string, RoomFigures>();
  const newRoom = (roomId: string | null, name: string | null): RoomFigures => ({
    roomId,
    name,
    ...zero(),
    hearts: heartsByRoom.get(roomId ?? '')?.hearts ?? 0,
    wantedItems: heartsByRoom.get(roomId ?? '')?.wanted_items ?? 0,
  });
  for (const p of places) {
    let location = byLocation.get(p.location_id);
    if (!location) {
      location = { locationId: p.location_id, name: p.location_name, ...zero(), rooms: [] };
      byLocation.set(p.location_id, location);
      locations.push(location);
    }
    if (p.room_id) {
      const room = newRoom(p.room_id, p.room_name);
      roomOf.set(p.room_id, room);
      location.rooms.push(room);
    }
  }
  const totals = zero();
  const currencies = new Set<string>();
  for (const row of perRoom) {
    const figures: Completeness = { items: row.items, withPhotos: row.with_photos, withValues: row.with_values, value: Number(row.value) };
    add(totals, figures);
    for (const c of row.currencies ?? []) currencies.add(c);
    let location = row.location_id ? byLocation.get(row.location_id) : undefined;
    if (!location) {
      location = byLocation.get('');
      if (!location) {
        location = { locationId: null, name: null, ...zero(), rooms: [] };
        byLocation.set('', location);
        locations.push(location);
      }
    }
    add(location, figures);
    let room = row.room_id ? roomOf.get(row.room_id) : undefined;
    if (!room) {
      room = location.rooms.find((r) => r.roomId === null);
      if (!room) {
        room = newRoom(null, null);
        location.rooms.push(room);
      }
    }
    add(room, figures);
  }

  const roomName = new Map<string, { name: string | null; locationName: string | null; items: number }>();
  for (const location of locations) for (const room of location.rooms) if (room.roomId) roomName.set(room.roomId, { name: room.name, locationName: location.name, items: room.items });
  const unplacedItems = locations.flatMap((l) => l.rooms).filter((r) => r.roomId === null).reduce((n, r) => n + r.items, 0);

  // Assignments: by status, by reason, per receiver.
  const byStatus: Record<string, number> = {};
  const reasons = new Map<string, { reason: string; items: number; value: number }>();
  const receivers = new Map<string, Analytics['assignments']['receivers'][number]>();
  for (const row of assigned) {
    byStatus[row.status] = (byStatus[row.status] ?? 0) + row.items;
    if (!row.reason || !['assigned', 'handed-over'].includes(row.status)) continue;
    const reason = reasons.get(row.reason) ?? { reason: row.reason, items: 0, value: 0 };
    reason.items += row.items;
    reason.value += Number(row.value);
    reasons.set(row.reason, reason);
    if (!row.member_id) continue;
    const receiver = receivers.get(row.member_id) ?? {
      memberId: row.member_id,
      displayName: `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim(),
      items: 0,
      value: 0,
      byReason: {},
    };
    receiver.items += row.items;
    receiver.value += Number(row.value);
    receiver.byReason[row.reason] = (receiver.byReason[row.reason] ?? 0) + row.items;
    receivers.set(row.member_id, receiver);
  }

  const iso = (value: Date | string | null) => (value == null ? null : new Date(value).toISOString());
  return {
    catalogue: { totals, currency: currencies.size === 1 ? [...currencies][0]! : null, locations },
    participation: {
      items: totals.items,
      members: members.map((m) => ({
        memberId: m.id,
        displayName: `${m.first_name} ${m.last_name}`.trim(),
        approved: m.approved,
        flagged: m.flagged,
        hearted: m.hearted,
        ranked: m.ranked,
        tokens: m.tokens,
        done: reviewDone(
          (m.done ?? []).map((d) => ({ stage: d.stage, at: new Date(d.at).toISOString(), automatic: d.automatic })),
          m.approved + m.flagged >= totals.items && totals.items > 0 ? iso(m.reviewed_at) : null,
        ),
        lastSeenAt: iso(m.last_seen),
      })),
    },
    interest: {
      hearts: roomInterest.reduce((n, r) => n + r.hearts, 0),
      wantedItems: roomInterest.reduce((n, r) => n + r.wanted_items, 0),
      categories: categories.map((c) => ({ name: c.name, items: c.items, hearts: c.hearts, wantedItems: c.wanted_items })),
      rooms: roomInterest
        .map((r) => {
          const place = r.room_id ? roomName.get(r.room_id) : undefined;
          return {
            roomId: r.room_id,
            name: place?.name ?? null,
            locationName: place?.locationName ?? null,
            items: place?.items ?? unplacedItems,
            hearts: r.hearts,
            wantedItems: r.wanted_items,
          };
        })
        .sort((a, b) => b.hearts - a.hearts || (a.name ?? '').localeCompare(b.name ?? '')),
    },
    assignments: {
      byStatus,
      byReason: [...reasons.values()].sort((a, b) => b.items - a.items || a.reason.localeCompare(b.reason)),
      receivers: [...receivers.values()].sort((a, b) => a.displayName.localeCompare(b.displayName) || a.memberId.localeCompare(b.memberId)),
    },
  };
}
