/**
 * The live stream, through a real socket: members of an estate receive its events and nobody else
 * does; role-addressed events reach those roles only; a stream ends when its session does.
 *
 * "Never receives" is shown without waiting for time to pass: after the event under test, a
 * person-addressed marker is published on the same channel. Notifications arrive in the order they
 * were sent, so once the marker is there, the event would have been there before it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { Role } from '@estate/domain/roles';
import { memberships } from '../db/schema.js';
import { call, useHarness } from '../test/harness.js';
import { addMember, createAdmin, createEstate, createItem, createUser, signIn, type TestUser } from '../test/factories.js';
import { EVENTS_CHANNEL } from './events.js';

const h = useHarness();

type Received = { event: string; data: Record<string, unknown> };

type Stream = {
  received: Received[];
  /** Resolves with the first event (already received or still to come) that matches. */
  next(match: (e: Received) => boolean): Promise<Received>;
  /** Resolves once the server ended the response. */
  ended: Promise<void>;
};

const open: AbortController[] = [];
afterEach(() => {
  for (const c of open.splice(0)) c.abort();
});

async function port(): Promise<number> {
  if (!h.app.server.listening) await h.app.listen({ port: 0, host: '127.0.0.1' });
  return (h.app.server.address() as AddressInfo).port;
}

async function openStream(who: { token?: string }): Promise<Stream> {
  const controller = new AbortController();
  open.push(controller);
  const res = await fetch(`http://127.0.0.1:${await port()}/api/events`, { headers: { authorization: `Bearer ${who.token}` }, signal: controller.signal });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const received: Received[] = [];
  const waiters: { match: (e: Received) => boolean; resolve: (e: Received) => void; reject: (err: Error) => void }[] = [];
  let finished = false;
  const ended = (async () => {
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (!event) continue;
          const e = { event, data: data ? (JSON.parse(data) as Record<string, unknown>) : {} };
          received.push(e);
          for (const w of waiters.filter((x) => x.match(e))) {
            waiters.splice(waiters.indexOf(w), 1);
            w.resolve(e);
          }
        }
      }
    } catch {
      // Aborted by the test.
    } finally {
      finished = true;
      for (const w of waiters.splice(0)) w.reject(new Error(`stream ended; received ${JSON.stringify(received)}`));
    }
  })();
  const stream: Stream = {
    received,
    next: (match) => {
      const seen = received.find(match);
      if (seen) return Promise.resolve(seen);
      if (finished) return Promise.reject(new Error('stream ended'));
      return new Promise((resolve, reject) => waiters.push({ match, resolve, reject }));
    },
    ended,
  };
  await stream.next((e) => e.event === 'ready');
  return stream;
}

/** Publishes through the database, exactly as the server's own modules do. */
function publish(event: Record<string, unknown>): Promise<void> {
  return h.database.notifier.notify(EVENTS_CHANNEL, JSON.stringify(event));
}

let markers = 0;
/** Sends a person-addressed marker and waits until `stream` has it: everything sent before has arrived. */
async function settle(stream: Stream, user: TestUser): Promise<void> {
  const marker = `marker-${++markers}`;
  await publish({ type: 'notification', userId: user.id, data: { kind: marker } });
  await stream.next((e) => e.event === 'notification' && e.data.kind === marker);
}

const inEstate = (estateId: string, event?: string) => (e: Received) => e.data.estateId === estateId && (!event || e.event === event);

describe('who receives an estate\'s events', () => {
  it('a member of estate A never receives estate B\'s events; B\'s members do', async () => {
    const trusteeA = await createUser(h);
    const trusteeB = await createUser(h);
    const estateA = await createEstate(h, trusteeA, 'Estate A');
    const estateB = await createEstate(h, trusteeB, 'Estate B');
    const memberA = await addMember(h, estateA, trusteeA, [Role.Beneficiary]);
    const memberB = await addMember(h, estateB, trusteeB, [Role.Beneficiary]);
    const streamA = await openStream(memberA);
    const streamB = await openStream(memberB);

    // A real change in estate B (the item module publishes it) and a stage event for B.
    await createItem(h, estateB, trusteeB, { name: 'Brass Lamp' });
    await publish({ type: 'stage', estateId: estateB, data: { stage: 2 } });
    expect((await streamB.next(inEstate(estateB, 'item'))).data.change).toBe('created');
    expect((await streamB.next(inEstate(estateB, 'stage'))).data.stage).toBe(2);

    await settle(streamA, memberA);
    expect(streamA.received.filter(inEstate(estateB))).toEqual([]);
    // Estate A's own events still reach A's member.
    await createItem(h, estateA, trusteeA, { name: 'Oak Chair' });
    await streamA.next(inEstate(estateA, 'item'));
  });

  it('events for trustees and observers never reach a beneficiary', async () => {
    const trustee = await createUser(h);
    const estateId = await createEstate(h, trustee);
    const beneficiary = await addMember(h, estateId, trustee, [Role.Beneficiary]);
    const observer = await addMember(h, estateId, trustee, [Role.Observer]);
    const streams = { trustee: await openStream(trustee), beneficiary: await openStream(beneficiary), observer: await openStream(observer) };

    await publish({ type: 'item', estateId, roles: [Role.Trustee, Role.Observer], data: { change: 'trustees-only' } });
    const only = (e: Received) => e.data.change === 'trustees-only';
    await streams.trustee.next(only);
    await streams.observer.next(only);
    await settle(streams.beneficiary, beneficiary);
    expect(streams.beneficiary.received.filter(only)).toEqual([]);
  });

  it('a member removed from an estate stops receiving its events at once; one who joins starts', async () => {
    const trustee = await createUser(h);
    const estateId = await createEstate(h, trustee);
    const leaving = await addMember(h, estateId, trustee, [Role.Beneficiary]);
    const stream = await openStream(leaving);
    await publish({ type: 'stage', estateId, data: { stage: 1 } });
    await stream.next(inEstate(estateId, 'stage'));

    // However the membership goes (no route removes members yet): a trigger announces it.
    await h.database.db.delete(memberships).where(and(eq(memberships.estateId, estateId), eq(memberships.userId, leaving.id)));
    await publish({ type: 'stage', estateId, data: { stage: 2 } });
    await settle(stream, leaving);
    expect(stream.received.filter(inEstate(estateId, 'stage')).map((e) => e.data.stage)).toEqual([1]);

    // Joining an estate while the stream is open starts its events.
    const other = await createEstate(h, trustee, 'Second estate');
    const joiner = await createUser(h);
    const joining = await openStream(joiner);
    const invite = await call(h, 'POST', `/api/estates/${other}/invitations`, { as: trustee, body: { email: joiner.email, roles: [Role.Beneficiary] } });
    const token = invite.json<{ invitation: { link: string } }>().invitation.link.split('/invite/')[1]!;
    expect((await call(h, 'POST', `/api/invitations/${token}/accept`, { as: joiner })).statusCode).toBe(200);
    await publish({ type: 'stage', estateId: other, data: { stage: 1 } });
    await joining.next(inEstate(other, 'stage'));
  });
});

describe('a stream ends with its session', () => {
  it('signing out ends that session\'s stream, not another device\'s', async () => {
    const phone = await createUser(h, { email: 'streams@example.com' });
    const laptop = await signIn(h, 'streams@example.com');
    const phoneStream = await openStream(phone);
    const laptopStream = await openStream(laptop);
    expect((await call(h, 'POST', '/api/auth/logout', { as: phone })).statusCode).toBe(204);
    await phoneStream.ended;
    await settle(laptopStream, laptop);
  });

  it('a password change ends every stream, this device\'s too (it reconnects with a fresh token)', async () => {
    const user = await createUser(h, { email: 'changer@example.com' });
    const other = await signIn(h, 'changer@example.com');
    const streams = [await openStream(user), await openStream(other)];
    const res = await call(h, 'POST', '/api/auth/change-password', { as: user, body: { currentPassword: 'Quiet-Harbour-1947', newPassword: 'Fresh-Meadow-Walk-9' } });
    expect(res.statusCode).toBe(204);
    await Promise.all(streams.map((s) => s.ended));
    const reopened = await fetch(`http://127.0.0.1:${await port()}/api/events`, { headers: { authorization: `Bearer ${user.token}` } });
    expect(reopened.status).toBe(401);
    await reopened.body?.cancel();
  });

  it('disabling the account ends its streams at once', async () => {
    const admin = await createAdmin(h);
    const user = await createUser(h);
    const stream = await openStream(user);
    const res = await call(h, 'PATCH', `/api/admin/users/${user.id}`, { as: admin, body: { accountStatus: 'disabled' } });
    expect(res.statusCode).toBe(200);
    await stream.ended;
  });

  it('a stream delivers nothing once its token has expired: it ends instead', async () => {
    const user = await createUser(h);
    const stream = await openStream(user);
    await settle(stream, user);
    h.clock.advance(16 * 60_000);
    await publish({ type: 'notification', userId: user.id, data: { kind: 'too-late' } });
    await stream.ended;
    expect(stream.received.filter((e) => e.data.kind === 'too-late')).toEqual([]);
  });
});
