/**
 * Questions on a result (issue 30): a beneficiary asks from stage 40 to 90, the trustee answers
 * "kept" or "changed"; who may do what when, who reads which questions, the asker's mail in their
 * language, and the activity log.
 */
import { expect, it } from 'vitest';
import yauzl from 'yauzl';
import { eq, inArray } from 'drizzle-orm';
import { Role } from '@estate/domain/roles';
import { Stage } from '@estate/domain/stages';
import { dispositions, drawRecords, items, outbox } from '../../db/schema.js';
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

/** Puts `item` with `memberId` as the written directive gave it (the steps have their own tests). */
async function assignByDirective(itemId: string, memberId: string) {
  await h.database.db
    .update(items)
    .set({ status: 'assigned', assignedTo: memberId, assignmentReason: 'directive', assignmentStep: Stage.Directives, assignedAt: new Date() })
    .where(eq(items.id, itemId));
}

/** The record of step 31 with no assignments of its own, so the fairness report can be read. */
async function recordLastStep(estateId: string) {
  const record = {
    format: 'estate-draw/1',
    estateId,
    step: 31,
    mode: 'round-robin',
    commitment: '',
    secret: '',
    publicEntropy: '',
    inputs: { receivers: [], items: [], interests: [], rankings: [], tokens: [] },
    inputHash: '',
    assignments: [],
  };
  await h.database.db.insert(drawRecords).values({ estateId, step: Stage.AssignRemaining, record });
}

it('a "changed" answer with reassignTo gives the item to another receiver: the item, its history, the fairness report and the asker all show it', async () => {
  const f = await estate();
  const kim = await addMember(h, f.estateId, f.trustee, [Role.Offspring], { receivesThrough: f.ben.id });
  await assignByDirective(f.lamp.id, f.ben.id);
  await assignByDirective(f.desk.id, f.ben.id);
  await recordLastStep(f.estateId);
  await setStage(h, f.estateId, 41);
  const overrides = async () => (await call(h, 'GET', f.url('/fairness'), { as: f.trustee })).json().report.aggregates.trusteeOverrides as number;
  expect(await overrides()).toBe(0);

  const question = (await ask(f.url(`/items/${f.lamp.id}/questions`), f.anna, 'Grandma promised me the lamp.')).json().question;
  const answer = (body: unknown) => call(h, 'PUT', f.url(`/questions/${question.id}/answer`), { as: f.trustee, body });
  const text = 'You are right; the lamp goes to you.';
  // Only with "changed", and only to someone who receives in this estate.
  const kept = await answer({ text, outcome: 'kept', reassignTo: f.anna.id });
  expect(kept.statusCode).toBe(400);
  expect(kept.json().error.fields).toHaveProperty('reassignTo');
  for (const who of [f.observer.id, f.trustee.id, '00000000-0000-7000-8000-000000000000']) {
    const res = await answer({ text, outcome: 'changed', reassignTo: who });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.fields).toHaveProperty('reassignTo');
  }
  const other = await estate();
  expect((await answer({ text, outcome: 'changed', reassignTo: other.anna.id })).statusCode).toBe(400);
  expect((await answer({ text, outcome: 'changed', reassignTo: f.ben.id })).statusCode, 'already his').toBe(400);
  expect((await call(h, 'GET', f.url('/questions'), { as: f.anna })).json().questions[0].answer, 'nothing was written').toBeNull();

  // Scheduled for Ben: the change starts the hand-over again, for Anna.
  const version = (await call(h, 'GET', f.url(`/items/${f.lamp.id}`), { as: f.trustee })).json().item.version as number;
  const scheduled = await call(h, 'PUT', f.url(`/items/${f.lamp.id}/handover`), { as: f.trustee, headers: { 'if-match': String(version) }, body: { status: 'scheduled', method: 'pickup' } });
  expect(scheduled.statusCode, scheduled.body).toBe(200);
  const moved = await answer({ text, outcome: 'changed', reassignTo: f.anna.id });
  expect(moved.statusCode, moved.body).toBe(200);
  expect(moved.json().question.answer).toMatchObject({ outcome: 'changed', text });

  const item = (await call(h, 'GET', f.url(`/items/${f.lamp.id}`), { as: f.anna })).json().item;
  expect(item).toMatchObject({ status: 'assigned', assignment: { memberId: f.anna.id, reason: 'trustee' } });
  expect(item.version).toBeGreaterThan(version + 1);
  const handover = (await call(h, 'GET', f.url('/handover'), { as: f.trustee })).json().handover as { itemId: string; memberId: string; status: string }[];
  expect(handover.find((e) => e.itemId === f.lamp.id), 'to be handed over again, to Anna').toMatchObject({ memberId: f.anna.id, status: 'assigned' });

  const history = (await call(h, 'GET', f.url(`/items/${f.lamp.id}/history`), { as: f.anna })).json().events as { action: string; from: unknown; to: unknown; sentence: { kind: string; values: Record<string, unknown> } }[];
  const change = history.find((e) => e.action === 'item.reassigned');
  expect(change).toMatchObject({ from: f.ben.id, to: f.anna.id, sentence: { kind: 'itemReassignedTo' } });
  expect(change!.sentence.values.receiver).toBeTruthy();
  expect(await overrides()).toBe(1);

  // The asker is told, in the app's log and by mail in her language.
  const [mail] = await mailsTo(f.anna.email, /^Sorunuz yanıtlandı/);
  expect(mail, 'the answer mail').toBeDefined();
  expect(mail!.text).toContain(text);

  // To an offspring who receives through Ben, then to nobody: it becomes unwanted.
  const desk = (await ask(f.url(`/items/${f.desk.id}/questions`), f.anna, 'And the desk?')).json().question;
  const toKim = await call(h, 'PUT', f.url(`/questions/${desk.id}/answer`), { as: f.trustee, body: { text: 'For Kim.', outcome: 'changed', reassignTo: kim.id } });
  expect(toKim.statusCode, toKim.body).toBe(200);
  const toNobody = await call(h, 'PUT', f.url(`/questions/${desk.id}/answer`), { as: f.trustee, body: { text: 'Nobody.', outcome: 'changed', reassignTo: null } });
  expect(toNobody.statusCode, toNobody.body).toBe(200);
  const deskNow = (await call(h, 'GET', f.url(`/items/${f.desk.id}`), { as: f.trustee })).json().item;
  expect(deskNow).toMatchObject({ status: 'unwanted', assignment: null });
  expect((await call(h, 'PUT', f.url(`/items/${f.desk.id}/disposition`), { as: f.trustee, body: { disposition: 'donate' } })).statusCode).toBe(200);
  expect(await overrides()).toBe(2);
});

it('leaves an item whose receipt is confirmed as it is (409), and records nothing', async () => {
  const f = await estate();
  await assignByDirective(f.lamp.id, f.ben.id);
  await setStage(h, f.estateId, 41);
  const version = (await call(h, 'GET', f.url(`/items/${f.lamp.id}`), { as: f.trustee })).json().item.version as number;
  expect((await call(h, 'PUT', f.url(`/items/${f.lamp.id}/handover`), { as: f.trustee, headers: { 'if-match': String(version) }, body: { status: 'handed-over', method: 'in-person' } })).statusCode).toBe(200);
  expect((await call(h, 'POST', f.url(`/items/${f.lamp.id}/receipt`), { as: f.ben, body: {} })).statusCode).toBe(201);
  const question = (await ask(f.url(`/items/${f.lamp.id}/questions`), f.anna)).json().question;
  const res = await call(h, 'PUT', f.url(`/questions/${question.id}/answer`), { as: f.trustee, body: { text: 'It goes to Anna.', outcome: 'changed', reassignTo: f.anna.id } });
  expect(res.statusCode, res.body).toBe(409);
  expect(res.json().error.message).toMatch(/^This item was already received;/);
  expect((await call(h, 'GET', f.url(`/items/${f.lamp.id}`), { as: f.trustee })).json().item.assignment.memberId).toBe(f.ben.id);
  expect((await call(h, 'GET', f.url('/questions'), { as: f.anna })).json().questions[0].answer).toBeNull();
});

it('keeps a sold item sold (409); giving an unwanted item to someone drops what was to become of it', async () => {
  const f = await estate();
  // Nobody wanted either (the steps have their own tests): the lamp is sold, the desk to be donated.
  await h.database.db.update(items).set({ status: 'unwanted', assignedTo: null, assignmentReason: 'unwanted' }).where(inArray(items.id, [f.lamp.id, f.desk.id]));
  await setStage(h, f.estateId, 41);
  expect((await call(h, 'PUT', f.url(`/items/${f.lamp.id}/disposition`), { as: f.trustee, body: { disposition: 'sell' } })).statusCode).toBe(200);
  expect((await call(h, 'PUT', f.url(`/items/${f.lamp.id}/sale`), { as: f.trustee, body: { price: 40, buyer: 'A neighbour' } })).statusCode).toBe(200);
  expect((await call(h, 'PUT', f.url(`/items/${f.desk.id}/disposition`), { as: f.trustee, body: { disposition: 'donate' } })).statusCode).toBe(200);
  const answer = async (itemId: string, body: unknown) => {
    const question = (await ask(f.url(`/items/${itemId}/questions`), f.anna, 'Could I have it?')).json().question;
    return call(h, 'PUT', f.url(`/questions/${question.id}/answer`), { as: f.trustee, body });
  };

  const sold = await answer(f.lamp.id, { text: 'It goes to Anna.', outcome: 'changed', reassignTo: f.anna.id });
  expect(sold.statusCode, sold.body).toBe(409);
  expect(sold.json().error.message).toMatch(/has been sold/);
  expect((await call(h, 'GET', f.url(`/items/${f.lamp.id}`), { as: f.trustee })).json().item).toMatchObject({ status: 'unwanted', assignment: null });
  expect(await h.database.db.select({ price: dispositions.salePrice }).from(dispositions).where(eq(dispositions.itemId, f.lamp.id))).toEqual([{ price: '40.00' }]);

  const given = await answer(f.desk.id, { text: 'Yes, it is yours.', outcome: 'changed', reassignTo: f.anna.id });
  expect(given.statusCode, given.body).toBe(200);
  expect((await call(h, 'GET', f.url(`/items/${f.desk.id}`), { as: f.trustee })).json().item).toMatchObject({ status: 'assigned', assignment: { memberId: f.anna.id, reason: 'trustee' } });
  expect(await h.database.db.select().from(dispositions).where(eq(dispositions.itemId, f.desk.id)), 'no longer to be donated').toEqual([]);
});
