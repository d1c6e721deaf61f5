/** The live stream: members of an estate receive its events; others do not. */
import { expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { useHarness } from '../test/harness.js';
import { createEstate, createUser } from '../test/factories.js';

const h = useHarness();

async function openStream(token: string, signal: AbortSignal) {
  await h.app.listen({ port: 0, host: '127.0.0.1' }).catch(() => undefined);
  const { port } = h.app.server.address() as AddressInfo;
  const res = await fetch(`http://127.0.0.1:${port}/api/events`, { headers: { authorization: `Bearer ${token}` }, signal });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const reader = res.body!.getReader();
  let text = '';
  return {
    async waitFor(fragment: string) {
      while (!text.includes(fragment)) {
        const { value, done } = await reader.read();
        if (done) throw new Error('stream ended');
        text += new TextDecoder().decode(value);
      }
      return text;
    },
    text: () => text,
  };
}

it('delivers an estate event to its members only', async () => {
  const member = await createUser(h);
  const outsider = await createUser(h);
  const estateId = await createEstate(h, member);
  const controller = new AbortController();
  const mine = await openStream(member.token!, controller.signal);
  const theirs = await openStream(outsider.token!, controller.signal);
  await mine.waitFor('event: ready');
  await theirs.waitFor('event: ready');
  const ctx = (h.app as unknown as { ctxForTests?: unknown }).ctxForTests;
  expect(ctx).toBeUndefined();
  // Publish through the database, exactly as a stage change will.
  await h.database.notifier.notify('estate_events', JSON.stringify({ type: 'stage', estateId, data: { stage: 1 } }));
  const text = await mine.waitFor('event: stage');
  expect(text).toContain(`"estateId":"${estateId}"`);
  await new Promise((r) => setTimeout(r, 200));
  expect(theirs.text()).not.toContain('event: stage');
  controller.abort();
});
