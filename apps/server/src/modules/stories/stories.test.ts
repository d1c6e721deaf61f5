import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Role } from '@estate/domain/roles';
import { Stage } from '@estate/domain/stages';
import { stories } from '../../db/schema.js';
import { call, useHarness, type Caller } from '../../test/harness.js';
import { addMember, createEstate, createItem, createUser, setStage } from '../../test/factories.js';

const h = useHarness();

type Form = { text?: string; audio?: Buffer; durationSeconds?: number };

function tell(estateId: string, itemId: string, as: Caller, form: Form, key?: string) {
  const boundary = '----estate-story';
  const parts: Buffer[] = [];
  if (form.text !== undefined) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="text"\r\n\r\n${form.text}\r\n`));
  if (form.durationSeconds !== undefined) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="durationSeconds"\r\n\r\n${form.durationSeconds}\r\n`));
  if (form.audio) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="audio"; filename="story.webm"\r\nContent-Type: audio/webm\r\n\r\n`), form.audio, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return h.app.inject({
    method: 'POST',
    url: `/api/estates/${estateId}/items/${itemId}/stories`,
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${as.token}`, ...(key ? { 'idempotency-key': key } : {}) },
  });
}

/** The first bytes of a WebM file as MediaRecorder writes it (EBML header), then some "sound". */
const webm = (size = 2_000) => Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81]), Buffer.alloc(size, 7)]);

/** A WAV header saying `seconds` of 8 kHz, 8-bit mono sound, with `bytes` of it actually there. */
function wav(seconds: number, bytes = 100): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + seconds * 8000, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(8000, 28); // bytes a second
  header.writeUInt16LE(1, 32);
  header.writeUInt16LE(8, 34);
  header.write('data', 36);
  header.writeUInt32LE(seconds * 8000, 40);
  return Buffer.concat([header, Buffer.alloc(bytes, 128)]);
}

async function estate() {
  const trustee = await createUser(h);
  const estateId = await createEstate(h, trustee);
  const item = await createItem(h, estateId, trustee, { name: 'Rocking chair' });
  const grandchild = await addMember(h, estateId, trustee, [Role.Beneficiary]);
  const cousin = await addMember(h, estateId, trustee, [Role.Beneficiary]);
  const observer = await addMember(h, estateId, trustee, [Role.Observer]);
  return { trustee, estateId, itemId: item.id, grandchild, cousin, observer };
}

describe('stories', () => {
  it('any member tells a story in words or by voice, and every member reads the same list with who told it and when', async () => {
    const { estateId, itemId, grandchild, cousin, observer } = await estate();
    const written = await tell(estateId, itemId, grandchild, { text: '  The chair where she read to us.  ' });
    expect(written.statusCode, written.body).toBe(201);
    expect(written.json().story).toMatchObject({ text: 'The chair where she read to us.', authorId: grandchild.id, removable: true });
    expect(written.json().story.audioUrl).toBeUndefined();

    const spoken = await tell(estateId, itemId, cousin, { audio: webm(), durationSeconds: 42.4 });
    expect(spoken.statusCode, spoken.body).toBe(201);
    expect(spoken.json().story).toMatchObject({ text: null, durationSeconds: 42 });

    for (const reader of [grandchild, cousin, observer]) {
      const list = await call(h, 'GET', `/api/estates/${estateId}/items/${itemId}/stories`, { as: reader });
      expect(list.statusCode).toBe(200);
      const told = list.json().stories;
      expect(told.map((s: { id: string }) => s.id)).toEqual([written.json().story.id, spoken.json().story.id]);
      expect(told[0].authorName).not.toBe('');
      expect(typeof told[0].createdAt).toBe('string');
    }

    const audio = await h.app.inject({ method: 'GET', url: spoken.json().story.audioUrl });
    expect(audio.statusCode).toBe(200);
    expect(audio.headers['content-type']).toBe('audio/webm');
    expect(audio.rawPayload.equals(webm())).toBe(true);
    const forged = await h.app.inject({ method: 'GET', url: spoken.json().story.audioUrl.replace(/sig=[^&]+/, 'sig=forged') });
    expect(forged.statusCode).toBe(403);
  });

  it('refuses bytes that are not audio (415), a recording over five minutes or too large (413), and an empty story (400)', async () => {
    const { estateId, itemId, grandchild } = await estate();
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
    const notAudio = await tell(estateId, itemId, grandchild, { audio: png });
    expect(notAudio.statusCode).toBe(415);
    expect(notAudio.json().error.code).toBe('unsupported_type');
    expect((await tell(estateId, itemId, grandchild, { audio: Buffer.from('just some words, not a recording') })).statusCode).toBe(415);

    expect((await tell(estateId, itemId, grandchild, { audio: wav(301 + 5) })).statusCode).toBe(413);
    expect((await tell(estateId, itemId, grandchild, { audio: webm(), durationSeconds: 400 })).statusCode).toBe(413);
    expect((await tell(estateId, itemId, grandchild, { audio: webm(12 * 1024 * 1024) })).statusCode).toBe(413);
    expect((await tell(estateId, itemId, grandchild, { audio: wav(120) })).statusCode).toBe(201);

    expect((await tell(estateId, itemId, grandchild, { text: '   ' })).statusCode).toBe(400);
    expect((await tell(estateId, itemId, grandchild, { text: 'x'.repeat(4_001) })).statusCode).toBe(400);
    expect(await h.database.db.select().from(stories).where(eq(stories.itemId, itemId))).toHaveLength(1);
  });

  it('is possible in every stage up to 90 and refused once the estate is closed (99)', async () => {
    const { estateId, itemId, grandchild } = await estate();
    for (const stage of [Stage.Interest, Stage.AssignmentCompleted, Stage.Finalizing]) {
      await setStage(h, estateId, stage);
      expect((await tell(estateId, itemId, grandchild, { text: `Told in ${stage}` })).statusCode).toBe(201);
    }
    await setStage(h, estateId, Stage.Completed);
    const closed = await tell(estateId, itemId, grandchild, { text: 'Too late' });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error.code).toBe('estate_closed');
    const list = await call(h, 'GET', `/api/estates/${estateId}/items/${itemId}/stories`, { as: grandchild });
    expect(list.json().stories).toHaveLength(3);
    expect(list.json().stories.every((s: { removable: boolean }) => !s.removable)).toBe(true);
  });

  it('its teller or a trustee removes a story; another member cannot', async () => {
    const { trustee, estateId, itemId, grandchild, cousin } = await estate();
    const first = (await tell(estateId, itemId, grandchild, { text: 'One' })).json().story;
    const second = (await tell(estateId, itemId, grandchild, { text: 'Two' })).json().story;
    const asCousin = await call(h, 'GET', `/api/estates/${estateId}/items/${itemId}/stories`, { as: cousin });
    expect(asCousin.json().stories.map((s: { removable: boolean }) => s.removable)).toEqual([false, false]);
    expect((await call(h, 'DELETE', `/api/estates/${estateId}/items/${itemId}/stories/${first.id}`, { as: cousin })).statusCode).toBe(403);
    expect((await call(h, 'DELETE', `/api/estates/${estateId}/items/${itemId}/stories/${first.id}`, { as: grandchild })).statusCode).toBe(204);
    expect((await call(h, 'DELETE', `/api/estates/${estateId}/items/${itemId}/stories/${second.id}`, { as: trustee })).statusCode).toBe(204);
  });

  it('a story sent again with the same Idempotency-Key is kept once', async () => {
    const { estateId, itemId, grandchild } = await estate();
    const first = await tell(estateId, itemId, grandchild, { text: 'Once', audio: webm(), durationSeconds: 3 }, 'phone:story-1');
    const again = await tell(estateId, itemId, grandchild, { text: 'Once', audio: webm(), durationSeconds: 3 }, 'phone:story-1');
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(again.json().story.id).toBe(first.json().story.id);
    expect(await h.database.db.select().from(stories).where(eq(stories.itemId, itemId))).toHaveLength(1);
  });

  it('answers 404 for an item of another estate', async () => {
    const { estateId, grandchild } = await estate();
    const other = await estate();
    expect((await tell(estateId, other.itemId, grandchild, { text: 'Not here' })).statusCode).toBe(404);
    expect((await call(h, 'GET', `/api/estates/${estateId}/items/${other.itemId}/stories`, { as: grandchild })).statusCode).toBe(404);
  });
});
