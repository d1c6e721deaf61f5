/**
 * Team chat through the real API and a real event stream: the estate's conversation always
 * exists, one pair has one conversation, nobody reads another pair's conversation (trustees
 * included), empty text is refused, unread counts go up and back to zero, history pages by cursor,
 * live `chat` events reach exactly the conversation's members, and nothing in chat says who
 * hearted what.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { Role } from '@estate/domain/roles';
import { Stage } from '@estate/domain/stages';
import { call, useHarness } from '../../test/harness.js';
import { addMember, createEstate, createItem, createUser, setStage, type TestUser } from '../../test/factories.js';
import { EVENTS_CHANNEL } from '../../platform/events.js';
import { and, eq } from 'drizzle-orm';
import { interests, memberships } from '../../db/schema.js';

const h = useHarness();

type Conversation = { id: string; kind: 'estate' | 'direct'; memberIds: string[]; unread: number; lastMessage: Message | null };
type Message = { id: string; conversationId: string; authorId: string; text: string; itemId: string | null; item: Record<string, unknown> | null; createdAt: string };

async function family() {
  const trustee = await createUser(h);
  const estateId = await createEstate(h, trustee);
  const anna = await addMember(h, estateId, trustee, [Role.Beneficiary]);
  const ben = await addMember(h, estateId, trustee, [Role.Beneficiary]);
  return { trustee, estateId, anna, ben };
}

async function conversations(estateId: string, as: TestUser): Promise<Conversation[]> {
  const res = await call(h, 'GET', `/api/estates/${estateId}/conversations`, { as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ conversations: Conversation[] }>().conversations;
}

async function estateChat(estateId: string, as: TestUser): Promise<Conversation> {
  return (await conversations(estateId, as)).find((c) => c.kind === 'estate')!;
}

async function post(estateId: string, cid: string, as: TestUser, text: string, itemId?: string) {
  return call(h, 'POST', `/api/estates/${estateId}/conversations/${cid}/messages`, { as, body: { text, ...(itemId ? { itemId } : {}) } });
}

async function direct(estateId: string, as: TestUser, memberId: string) {
  return call(h, 'POST', `/api/estates/${estateId}/conversations`, { as, body: { memberId } });
}

// ---- A real event stream (as the browser reads it) ----

type Received = { event: string; data: Record<string, unknown> };
type Stream = { received: Received[]; next(match: (e: Received) => boolean): Promise<Received> };

const open: AbortController[] = [];
afterEach(() => {
  for (const c of open.splice(0)) c.abort();
});

async function openStream(who: TestUser): Promise<Stream> {
  if (!h.app.server.listening) await h.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (h.app.server.address() as AddressInfo).port;
  const controller = new AbortController();
  open.push(controller);
  const res = await fetch(`http://127.0.0.1:${port}/api/events`, { headers: { authorization: `Bearer ${who.token}` }, signal: controller.signal });
  expect(res.status).toBe(200);
  const received: Received[] = [];
  const waiters: { match: (e: Received) => boolean; resolve: (e: Received) => void }[] = [];
  void (async () => {
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
    }
  })();
  const stream: Stream = {
    received,
    next: (match) => {
      const seen = received.find(match);
      return seen ? Promise.resolve(seen) : new Promise((resolve) => waiters.push({ match, resolve }));
    },
  };
  await stream.next((e) => e.event === 'ready');
  return stream;
}

let markers = 0;
/** A person-addressed marker after the event under test: once it arrived, anything sent before it has too. */
async function settle(stream: Stream, user: TestUser): Promise<void> {
  const marker = `marker-${++markers}`;
  await h.database.notifier.notify(EVENTS_CHANNEL, JSON.stringify({ type: 'notification', userId: user.id, data: { kind: marker } }));
  await stream.next((e) => e.event === 'notification' && e.data.kind === marker);
}

const chatEvents = (stream: Stream) => stream.received.filter((e) => e.event === 'chat');

describe('conversations', () => {
  it('gives every member the estate conversation, with every member in it', async () => {
    const { trustee, estateId, anna, ben } = await family();
    const mine = await conversations(estateId, anna);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ kind: 'estate', unread: 0, lastMessage: null });
    expect([...mine[0]!.memberIds].sort()).toEqual([trustee.id, anna.id, ben.id].sort());
    // The same one for everyone.
    expect((await estateChat(estateId, trustee)).id).toBe(mine[0]!.id);
  });

  it('keeps one conversation per pair: 201 the first time, 200 after, from either side', async () => {
    const { estateId, anna, ben } = await family();
    const first = await direct(estateId, anna, ben.id);
    expect(first.statusCode, first.body).toBe(201);
    const conversation = first.json<{ conversation: Conversation }>().conversation;
    expect(conversation).toMatchObject({ kind: 'direct', unread: 0 });
    expect([...conversation.memberIds].sort()).toEqual([anna.id, ben.id].sort());
    const again = await direct(estateId, ben, anna.id);
    expect(again.statusCode).toBe(200);
    expect(again.json<{ conversation: Conversation }>().conversation.id).toBe(conversation.id);
    const both = await Promise.all([direct(estateId, anna, ben.id), direct(estateId, ben, anna.id)]);
    expect(new Set(both.map((r) => r.json<{ conversation: Conversation }>().conversation.id))).toEqual(new Set([conversation.id]));
  });

  it('refuses a conversation with oneself or with someone outside the estate', async () => {
    const { estateId, anna } = await family();
    const stranger = await createUser(h);
    const self = await direct(estateId, anna, anna.id);
    expect(self.statusCode).toBe(400);
    expect(self.json().error.fields).toHaveProperty('memberId');
    expect((await direct(estateId, anna, stranger.id)).statusCode).toBe(400);
    // An outsider learns nothing about the estate.
    expect((await call(h, 'GET', `/api/estates/${estateId}/conversations`, { as: stranger })).statusCode).toBe(404);
  });

  it("does not let a trustee read, write to or mark another pair's conversation: it does not exist for them", async () => {
    const { trustee, estateId, anna, ben } = await family();
    const cid = (await direct(estateId, anna, ben.id)).json<{ conversation: Conversation }>().conversation.id;
    expect((await post(estateId, cid, anna, 'Can we talk about the clock before the others?')).statusCode).toBe(201);
    expect((await conversations(estateId, trustee)).map((c) => c.id)).not.toContain(cid);
    for (const res of [
      await call(h, 'GET', `/api/estates/${estateId}/conversations/${cid}/messages`, { as: trustee }),
      await post(estateId, cid, trustee, 'Hello?'),
      await call(h, 'POST', `/api/estates/${estateId}/conversations/${cid}/read`, { as: trustee }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    }
    // A conversation of another estate is just as unknown.
    const other = await createUser(h);
    const otherEstate = await createEstate(h, other, 'Another family');
    const theirs = (await estateChat(otherEstate, other)).id;
    expect((await call(h, 'GET', `/api/estates/${estateId}/conversations/${theirs}/messages`, { as: anna })).statusCode).toBe(404);
  });

  it('refuses empty, white-space-only and too-long text, and an item of another estate', async () => {
    const { trustee, estateId, anna } = await family();
    const cid = (await estateChat(estateId, anna)).id;
    // Zero-width characters show nothing either: a message of only those is empty.
    for (const text of ['', '   ', '\n\t  \n', '\u200B', ' \u200C\u200D\u2060\uFEFF ', '\u202E\u200B']) {
      const res = await post(estateId, cid, anna, text);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toHaveProperty('text');
    }
    expect((await post(estateId, cid, anna, 'x'.repeat(4001))).statusCode).toBe(400);
    const longest = await post(estateId, cid, anna, 'x'.repeat(4000));
    expect(longest.statusCode).toBe(201);
    // Trimmed at both ends.
    expect((await post(estateId, cid, anna, '  Hello all  ')).json<{ message: Message }>().message.text).toBe('Hello all');
    const other = await createUser(h);
    const otherEstate = await createEstate(h, other, 'Another family');
    const foreign = await createItem(h, otherEstate, other);
    const res = await post(estateId, cid, anna, 'What about this?', foreign.id);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty('itemId');
    const mine = await createItem(h, estateId, trustee, { name: 'Walnut Clock' });
    const about = await post(estateId, cid, anna, 'Who wound this clock?', mine.id);
    expect(about.statusCode).toBe(201);
    expect(about.json<{ message: Message }>().message.item).toEqual({ id: mine.id, name: 'Walnut Clock', label: mine.label, thumbUrl: null });
  });

  it('counts unread messages per person and clears them when read', async () => {
    const { trustee, estateId, anna, ben } = await family();
    const cid = (await estateChat(estateId, anna)).id;
    await post(estateId, cid, anna, 'Good morning.');
    await post(estateId, cid, anna, 'Shall we meet on Sunday?');
    expect((await estateChat(estateId, anna)).unread).toBe(0);
    expect((await estateChat(estateId, ben)).unread).toBe(2);
    expect((await estateChat(estateId, trustee)).lastMessage?.text).toBe('Shall we meet on Sunday?');
    const read = await call(h, 'POST', `/api/estates/${estateId}/conversations/${cid}/read`, { as: ben });
    expect(read.statusCode).toBe(204);
    expect((await estateChat(estateId, ben)).unread).toBe(0);
    expect((await estateChat(estateId, trustee)).unread).toBe(2);
    // Answering counts as having read.
    await post(estateId, cid, anna, 'Bring photos.');
    await post(estateId, cid, trustee, 'Sunday is good.');
    expect((await estateChat(estateId, trustee)).unread).toBe(0);
    expect((await estateChat(estateId, ben)).unread).toBe(2);
    const dm = (await direct(estateId, ben, anna.id)).json<{ conversation: Conversation }>().conversation.id;
    await post(estateId, dm, ben, 'Just between us: thank you.');
    const annas = await conversations(estateId, anna);
    expect(annas.find((c) => c.id === dm)?.unread).toBe(1);
    expect(annas[0]?.kind).toBe('estate');
  });

  it('pages history by cursor, oldest first within a page', async () => {
    const { estateId, anna } = await family();
    const cid = (await estateChat(estateId, anna)).id;
    for (let i = 1; i <= 7; i++) expect((await post(estateId, cid, anna, `Message ${i}`)).statusCode).toBe(201);
    const page1 = (await call(h, 'GET', `/api/estates/${estateId}/conversations/${cid}/messages?limit=3`, { as: anna })).json<{ messages: Message[]; nextCursor: string | null }>();
    expect(page1.messages.map((m) => m.text)).toEqual(['Message 5', 'Message 6', 'Message 7']);
    const page2 = (await call(h, 'GET', `/api/estates/${estateId}/conversations/${cid}/messages?limit=3&before=${page1.nextCursor}`, { as: anna })).json<{ messages: Message[]; nextCursor: string | null }>();
    expect(page2.messages.map((m) => m.text)).toEqual(['Message 2', 'Message 3', 'Message 4']);
    const page3 = (await call(h, 'GET', `/api/estates/${estateId}/conversations/${cid}/messages?limit=3&before=${page2.nextCursor}`, { as: anna })).json<{ messages: Message[]; nextCursor: string | null }>();
    expect(page3).toEqual({ messages: [expect.objectContaining({ text: 'Message 1' })], nextCursor: null });
    expect((await call(h, 'GET', `/api/estates/${estateId}/conversations/${cid}/messages?limit=101`, { as: anna })).statusCode).toBe(400);
  });

  it('closes a one-to-one conversation for writing once the other person has left the estate', async () => {
    const { estateId, anna, ben } = await family();
    const cid = (await direct(estateId, anna, ben.id)).json<{ conversation: Conversation }>().conversation.id;
    expect((await post(estateId, cid, anna, 'See you on Sunday.')).statusCode).toBe(201);
    await h.database.db.delete(memberships).where(and(eq(memberships.estateId, estateId), eq(memberships.userId, ben.id)));
    const refused = await post(estateId, cid, anna, 'Are you still there?');
    expect(refused.statusCode).toBe(409);
    expect((await call(h, 'GET', `/api/estates/${estateId}/conversations/${cid}/messages`, { as: anna })).json().messages).toHaveLength(1);
  });

  it('keeps a closed estate readable, stops new messages and still lets each person mark what they have read', async () => {
    const { estateId, anna, ben } = await family();
    const cid = (await estateChat(estateId, anna)).id;
    await post(estateId, cid, anna, 'Thank you, everyone.');
    await setStage(h, estateId, Stage.Completed);
    const refused = await post(estateId, cid, anna, 'One more thing');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('estate_closed');
    expect((await call(h, 'GET', `/api/estates/${estateId}/conversations/${cid}/messages`, { as: anna })).json().messages).toHaveLength(1);
    // Reading the archive clears the unread count for good: it is the reader's place, not the estate's record.
    expect((await estateChat(estateId, ben)).unread).toBe(1);
    expect((await call(h, 'POST', `/api/estates/${estateId}/conversations/${cid}/read`, { as: ben })).statusCode).toBe(204);
    expect((await estateChat(estateId, ben)).unread).toBe(0);
  });

  it('never says in chat who hearted what', async () => {
    const { trustee, estateId, anna, ben } = await family();
    const item = await createItem(h, estateId, trustee, { name: 'Silver Teapot' });
    await setStage(h, estateId, Stage.Interest);
    // Anna's heart, stored as the heart route stores it (that route has its own tests).
    await h.database.db.insert(interests).values({ estateId, itemId: item.id, memberId: anna.id });
    expect((await call(h, 'GET', `/api/estates/${estateId}/items/${item.id}`, { as: ben })).json().item.interestCount).toBe(1);
    const streamBen = await openStream(ben);
    const cid = (await estateChat(estateId, ben)).id;
    // Ben asks about the very item Anna hearted; Anna answers there.
    expect((await post(estateId, cid, ben, 'Who would like the teapot?', item.id)).statusCode).toBe(201);
    expect((await post(estateId, cid, anna, 'It was always on the sideboard.', item.id)).statusCode).toBe(201);
    await settle(streamBen, ben);
    const answers = [
      (await call(h, 'GET', `/api/estates/${estateId}/conversations`, { as: ben })).body,
      (await call(h, 'GET', `/api/estates/${estateId}/conversations/${cid}/messages`, { as: ben })).body,
      JSON.stringify(chatEvents(streamBen)),
    ];
    for (const body of answers) {
      expect(body).not.toMatch(/interest|heart|rank|token/i);
    }
    const messages = (await call(h, 'GET', `/api/estates/${estateId}/conversations/${cid}/messages`, { as: ben })).json<{ messages: Message[] }>().messages;
    for (const m of messages) {
      expect(Object.keys(m).sort()).toEqual(['authorId', 'conversationId', 'createdAt', 'id', 'item', 'itemId', 'text']);
      expect(Object.keys(m.item!).sort()).toEqual(['id', 'label', 'name', 'thumbUrl']);
    }
    // Anna is named only as the author of what she wrote herself.
    expect(messages.filter((m) => m.authorId === anna.id).map((m) => m.text)).toEqual(['It was always on the sideboard.']);
  });
});

describe('live chat events', () => {
  it("reach every member for the estate's conversation, and only the two people for a one-to-one conversation", async () => {
    const { trustee, estateId, anna, ben } = await family();
    const outsider = await createUser(h);
    await createEstate(h, outsider, 'Another family');
    const [sAnna, sBen, sTrustee, sOutsider] = await Promise.all([openStream(anna), openStream(ben), openStream(trustee), openStream(outsider)]);

    const everyone = (await estateChat(estateId, anna)).id;
    const sent = (await post(estateId, everyone, anna, 'Lunch is at one.')).json<{ message: Message }>().message;
    for (const stream of [sAnna, sBen, sTrustee]) {
      const e = await stream.next((x) => x.event === 'chat' && x.data.messageId === sent.id);
      expect(e.data).toMatchObject({ estateId, conversationId: everyone, authorId: anna.id, message: { id: sent.id, text: 'Lunch is at one.' } });
    }

    const pair = (await direct(estateId, anna, ben.id)).json<{ conversation: Conversation }>().conversation.id;
    const secret = (await post(estateId, pair, anna, 'I would love the quilt, if you do not mind.')).json<{ message: Message }>().message;
    await sBen.next((x) => x.event === 'chat' && x.data.messageId === secret.id);
    await sAnna.next((x) => x.event === 'chat' && x.data.messageId === secret.id);
    // The trustee is a member of the estate, yet not of this conversation: nothing arrives.
    await settle(sTrustee, trustee);
    await settle(sOutsider, outsider);
    expect(chatEvents(sTrustee).map((e) => e.data.messageId)).toEqual([sent.id]);
    expect(JSON.stringify(sTrustee.received)).not.toContain('quilt');
    expect(chatEvents(sOutsider)).toEqual([]);
  });

  it('sends a message too long for one notification as its id only', async () => {
    const { estateId, anna, ben } = await family();
    const stream = await openStream(ben);
    const cid = (await estateChat(estateId, anna)).id;
    // 4,000 Arabic letters are 8,000 bytes: more than PostgreSQL carries in one notification.
    const long = (await post(estateId, cid, anna, 'ب'.repeat(4000))).json<{ message: Message }>().message;
    const e = await stream.next((x) => x.event === 'chat' && x.data.messageId === long.id);
    expect(e.data).toMatchObject({ conversationId: cid, authorId: anna.id });
    expect(e.data.message).toBeUndefined();
  });
});
