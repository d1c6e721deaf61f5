/**
 * Questions on a result (issue 30): a beneficiary asks from stage 40 to 90, the trustee answers
 * "kept" or "changed"; who may do what when, who reads which questions, the asker's mail in their
 * language, and the activity log.
 */
import { expect, it } from 'vitest';
import yauzl from 'yauzl';
import { eq } from 'drizzle-orm';
import { Role } from '@estate/domain/roles';
import { outbox } from '../../db/schema.js';
import { call, useHarness, type Caller } from '../../test/harness.js';
import { addMember, createEstate, createItem, createUser, setStage } from '../../test/factories.js';

const h = useHarness();

async function mailsTo(to: string, subject: RegExp, timeoutMs = 3000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const rows = (await h.database.db.select().from(outbox).where(eq(outbox.to, to))).filter((m) => subject.test(m.subject));
    if (rows.length > 0 || Date.now() > until) return rows;
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function estate() {
  const trustee = await createUser(h);
  const estateId = await createEstate(h, trustee);
  const url = (path: string) => `/api/estates/${estateId}${path}`;
  const anna = await addMember(h, estateId, trustee, [Role.Beneficiary]);
  const ben = await addMember(h, estateId, trustee, [Role.Beneficiary]);
  const observer = await addMember(h, estateId, trustee, [Role.Observer]);
  const appraiser = await addMember(h, estateId, trustee, [Role.Appraiser]);
  expect((await call(h, 'PATCH', '/api/me', { as: anna, body: { settings: { language: 'tr' } } })).statusCode).toBe(200);
  const lamp = await createItem(h, estateId, trustee, { name: 'Brass Lamp' });
  const desk = await createItem(h, estateId, trustee, { name: 'Oak Desk' });
  return { trustee, estateId, url, anna, ben, observer, appraiser, lamp, desk };
}

/** One file of a ZIP, as text. */
function unzipped(zip: Buffer, name: string): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (err, file) => {
      if (err || !file) return reject(err ?? new Error('no zip'));
      file.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName !== name) return file.readEntry();
        file.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        });
      });
      file.on('end', () => resolve(undefined));
      file.readEntry();
    });
  });
}

const ask = (url: string, as: Caller, text: unknown = 'Why did the lamp go to my cousin?') => call(h, 'POST', url, { as, body: { text } });

it('lets a beneficiary ask only from the results (40) to the wrap-up (90), and nobody else', async () => {
  const f = await estate();
  const lampUrl = f.url(`/items/${f.lamp.id}/questions`);
  await setStage(h, f.estateId, 31);
  const early = await ask(lampUrl, f.anna);
  expect(early.statusCode, early.body).toBe(409);
  expect(early.headers['x-refused-by']).toBe('policy');
  for (const stage of [40, 41, 42, 90]) {
    await setStage(h, f.estateId, stage);
    expect((await ask(lampUrl, f.anna)).statusCode).toBe(201);
  }
  for (const who of [f.trustee, f.observer, f.appraiser]) expect((await ask(lampUrl, who)).statusCode).toBe(403);
  await setStage(h, f.estateId, 99);
  expect((await ask(lampUrl, f.anna)).statusCode).toBe(409);
});

it('checks the words and the item', async () => {
  const f = await estate();
  await setStage(h, f.estateId, 40);
  expect((await ask(f.url(`/items/${f.lamp.id}/questions`), f.anna, '')).statusCode).toBe(400);
  expect((await ask(f.url(`/items/${f.lamp.id}/questions`), f.anna, '   ')).statusCode).toBe(400);
  expect((await ask(f.url(`/items/${f.lamp.id}/questions`), f.anna, 'x'.repeat(2001))).statusCode).toBe(400);
  expect((await ask(f.url(`/items/${f.lamp.id}/questions`), f.anna, 'x'.repeat(2000))).statusCode).toBe(201);
  expect((await ask(f.url('/items/00000000-0000-7000-8000-000000000000/questions'), f.anna)).statusCode).toBe(404);
  // An item of another estate is not found here.
  const other = await estate();
  expect((await ask(f.url(`/items/${other.lamp.id}/questions`), f.anna)).statusCode).toBe(404);
});

it('shows a beneficiary their own questions, trustees and observers all; only the trustee answers, and the asker is told', async () => {
  const f = await estate();
  await setStage(h, f.estateId, 40);
  const asked = await ask(f.url(`/items/${f.lamp.id}/questions`), f.anna, 'Why did the lamp go to Ben? Grandma promised it to me.');
  expect(asked.statusCode, asked.body).toBe(201);
  const question = asked.json().question;
  expect(question).toMatchObject({ itemId: f.lamp.id, memberId: f.anna.id, text: 'Why did the lamp go to Ben? Grandma promised it to me.', answer: null });
  expect((await ask(f.url(`/items/${f.desk.id}/questions`), f.ben, 'Who decided about the desk?')).statusCode).toBe(201);

  const list = async (as: Caller) => {
    const res = await call(h, 'GET', f.url('/questions'), { as });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().questions as { id: string; memberId: string; answer: null | { outcome: string; text: string } }[];
  };
  expect((await list(f.anna)).map((q) => q.memberId)).toEqual([f.anna.id]);
  expect((await list(f.ben)).map((q) => q.memberId)).toEqual([f.ben.id]);
  expect((await list(f.trustee)).length).toBe(2);
  expect((await list(f.observer)).length).toBe(2);
  expect((await call(h, 'GET', f.url('/questions'), { as: f.appraiser })).statusCode).toBe(403);

  const answer = (as: Caller, body: unknown, id = question.id) => call(h, 'PUT', f.url(`/questions/${id}/answer`), { as, body });
  const reply = { text: 'The will names Ben for the lamp; it stays with him.', outcome: 'kept' };
  for (const who of [f.anna, f.ben, f.observer]) expect((await answer(who, reply)).statusCode).toBe(403);
  expect((await answer(f.trustee, { text: 'Yes.', outcome: 'maybe' })).statusCode).toBe(400);
  expect((await answer(f.trustee, { text: '', outcome: 'kept' })).statusCode).toBe(400);
  expect((await answer(f.trustee, reply, '00000000-0000-7000-8000-000000000000')).statusCode).toBe(404);
  const answered = await answer(f.trustee, reply);
  expect(answered.statusCode, answered.body).toBe(200);
  expect(answered.json().question.answer).toMatchObject({ text: reply.text, outcome: 'kept', by: f.trustee.id });
  expect((await list(f.anna))[0]!.answer).toMatchObject({ outcome: 'kept', text: reply.text });

  // Anna reads Turkish: her mail is in Turkish, with the trustee's words.
  const [mail] = await mailsTo(f.anna.email, /^Sorunuz yanıtlandı/);
  expect(mail, 'the answer mail').toBeDefined();
  expect(mail!.text).toContain('Sonuç olduğu gibi kalıyor.');
  expect(mail!.text).toContain(reply.text);
  expect(await mailsTo(f.ben.email, /^Your question has an answer/, 200)).toEqual([]);

  // The log keeps the question and the answer, for trustees and observers.
  const actions = async (as: Caller) => ((await call(h, 'GET', f.url('/activity?limit=200'), { as })).json().events as { action: string }[]).map((e) => e.action);
  for (const who of [f.trustee, f.observer]) expect(await actions(who)).toEqual(expect.arrayContaining(['question.asked', 'question.answered']));
  expect((await actions(f.ben)).filter((a) => a.startsWith('question.'))).toEqual([]);

  // The archive (stage 90) keeps every question and its answer.
  await setStage(h, f.estateId, 90);
  const archive = await call(h, 'GET', f.url('/archive.zip'), { as: f.trustee });
  expect(archive.statusCode).toBe(200);
  const csv = await unzipped(archive.rawPayload, 'records/questions.csv');
  expect(csv).toContain('"Why did the lamp go to Ben? Grandma promised it to me."');
  expect(csv).toContain(`"${reply.text}","Kept"`);
  expect(csv).toContain('"Who decided about the desk?","","Not answered"');

  // After the wrap-up, in the closed estate, no more answers.
  await setStage(h, f.estateId, 99);
  expect((await answer(f.trustee, { ...reply, outcome: 'changed' })).statusCode).toBe(409);
  await setStage(h, f.estateId, 31);
  expect((await answer(f.trustee, reply)).statusCode).toBe(409);
});
