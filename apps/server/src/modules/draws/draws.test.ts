/** Directives, returns, public entropy, preview, run, undo, records, verify and fairness refusals. */
import { describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { Role } from '@estate/domain/roles';
import { drawRecords, items as itemsTable } from '../../db/schema.js';
import { call, useHarness, type Caller } from '../../test/harness.js';
import { addMember, createEstate, createItem, createUser, setStage } from '../../test/factories.js';
import { VERIFY_BODY_LIMIT, VERIFY_PER_MINUTE } from './routes.js';
import { verifyBytes, verifyWorkers } from './verify.js';

const h = useHarness();

async function family(itemCount = 3) {
  const trustee = await createUser(h);
  const estateId = await createEstate(h, trustee);
  const observer = await addMember(h, estateId, trustee, [Role.Observer]);
  const anna = await addMember(h, estateId, trustee, [Role.Beneficiary]);
  const ben = await addMember(h, estateId, trustee, [Role.Beneficiary]);
  const kid = await addMember(h, estateId, trustee, [Role.Offspring], { receivesThrough: anna.id });
  const ids: string[] = [];
  for (let k = 0; k < itemCount; k++) ids.push((await createItem(h, estateId, trustee, { name: `Pine Chest ${k + 1}` })).id);
  const url = (path: string) => `/api/estates/${estateId}${path}`;
  const move = async (...stages: number[]) => {
    for (const to of stages) {
      // Leaving the review needs every beneficiary to have finished it.
      if (to === 10) for (const person of [anna, ben]) await call(h, 'POST', url('/approvals/approve-all'), { as: person });
      const res = await call(h, 'POST', url('/stage'), { as: trustee, body: { to } });
      expect(res.statusCode, res.body).toBe(200);
    }
  };
  return { trustee, estateId, observer, anna, ben, kid, ids, url, move };
}

const itemRow = async (id: string) => (await h.database.db.select().from(itemsTable).where(eq(itemsTable.id, id)))[0]!;

describe('written directives and returns (stage 10)', () => {
  it('assigns an item to a beneficiary with the clause, lists it and undoes it while in stage 10', async () => {
    const f = await family(2);
    const [chair] = f.ids as [string];
    const post = (body: unknown, as: Caller = f.trustee) => call(h, 'POST', f.url('/directives'), { as, body });
    const early = await post({ itemId: chair, memberId: f.anna.id, clause: 'Article 4: the chair to Anna.' });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toContain('"Processing Written Directives"');
    await f.move(1, 2, 10);
    expect((await post({ itemId: chair, memberId: f.anna.id, clause: 'x' }, f.anna)).statusCode).toBe(403);
    expect((await post({ itemId: chair, memberId: f.kid.id, clause: 'To the grandchild.' })).json().error.fields).toHaveProperty('memberId');
    expect((await post({ itemId: chair, memberId: f.observer.id, clause: 'To the attorney.' })).json().error.fields).toHaveProperty('memberId');
    expect((await post({ itemId: f.anna.id, memberId: f.anna.id, clause: 'x' })).json().error.fields).toHaveProperty('itemId');
    expect((await post({ itemId: chair, memberId: f.anna.id, clause: '   ' })).json().error.fields).toHaveProperty('clause');
    const created = await post({ itemId: chair, memberId: f.anna.id, clause: 'Article 4: the chair to Anna.' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().directive).toMatchObject({ itemId: chair, reason: 'directive', memberId: f.anna.id, clause: 'Article 4: the chair to Anna.' });
    expect(await itemRow(chair)).toMatchObject({ status: 'assigned', assignedTo: f.anna.id, assignmentReason: 'directive', assignmentStep: 10, assignmentDetail: { clause: 'Article 4: the chair to Anna.' } });
    expect((await post({ itemId: chair, memberId: f.ben.id, clause: 'Again.' })).statusCode).toBe(409);
    // Trustees see every directive; a beneficiary only their own until results are published.
    expect((await call(h, 'GET', f.url('/directives'), { as: f.trustee })).json().directives).toHaveLength(1);
    expect((await call(h, 'GET', f.url('/directives'), { as: f.anna })).json().directives).toHaveLength(1);
    expect((await call(h, 'GET', f.url('/directives'), { as: f.ben })).json().directives).toEqual([]);
    const benLog = (await call(h, 'GET', f.url('/activity'), { as: f.ben })).json().events;
    expect(benLog.map((e: { action: string }) => e.action)).not.toContain('directive.created');
    expect((await call(h, 'DELETE', f.url(`/directives/${chair}`), { as: f.anna })).statusCode).toBe(403);
    expect((await call(h, 'DELETE', f.url(`/directives/${chair}`), { as: f.trustee })).statusCode).toBe(204);
    expect(await itemRow(chair)).toMatchObject({ status: 'unassigned', assignedTo: null, assignmentReason: null });
    expect((await call(h, 'DELETE', f.url(`/directives/${chair}`), { as: f.trustee })).statusCode).toBe(404);
    const trusteeLog = (await call(h, 'GET', f.url('/activity'), { as: f.trustee })).json().events;
    expect(trusteeLog.slice(0, 2).map((e: { action: string }) => e.action)).toEqual(['directive.removed', 'directive.created']);
  });

  it("never assigns an item to another estate's beneficiary", async () => {
    const f = await family(1);
    const [chair] = f.ids as [string];
    // Dora is a beneficiary, but of another estate.
    const otherTrustee = await createUser(h);
    const otherEstate = await createEstate(h, otherTrustee, 'Estate of Uncle Sam');
    const dora = await addMember(h, otherEstate, otherTrustee, [Role.Beneficiary]);
    await f.move(1, 2, 10);
    const refused = await call(h, 'POST', f.url('/directives'), { as: f.trustee, body: { itemId: chair, memberId: dora.id, clause: 'Article 2: the chest to Dora.' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toHaveProperty('memberId');
    expect(await itemRow(chair)).toMatchObject({ status: 'unassigned', assignedTo: null });
  });

  it('records where a Return item goes, outside the pool', async () => {
    const f = await family(2);
    const [lent, chair] = f.ids as [string, string];
    const version = (await call(h, 'GET', f.url(`/items/${lent}`), { as: f.trustee })).json().item.version;
    await call(h, 'PATCH', f.url(`/items/${lent}`), { as: f.trustee, body: { distribution: 'return' }, headers: { 'if-match': String(version) } });
    await f.move(1, 2, 10);
    const returns = (body: unknown) => call(h, 'POST', f.url('/returns'), { as: f.trustee, body });
    expect((await returns({ itemId: chair, note: 'x' })).statusCode).toBe(409);
    expect((await call(h, 'POST', f.url('/directives'), { as: f.trustee, body: { itemId: lent, memberId: f.anna.id, clause: 'x' } })).statusCode).toBe(409);
    const stranger = await createUser(h);
    expect((await returns({ itemId: lent, memberId: stranger.id, note: 'x' })).json().error.fields).toHaveProperty('memberId');
    const created = await returns({ itemId: lent, note: 'Lent by the neighbour, Mrs Okafor.' });
    expect(created.statusCode).toBe(201);
    expect(created.json().directive).toMatchObject({ reason: 'return', memberId: null, note: 'Lent by the neighbour, Mrs Okafor.' });
    expect(await itemRow(lent)).toMatchObject({ status: 'assigned', assignmentReason: 'return', assignmentStep: 10 });
  });
});

describe('automated steps', () => {
  it('keeps public entropy to steps 21 and 31, before they run and after the commitment', async () => {
    const f = await family(1);
    const put = (step: number | string, publicEntropy: string, as: Caller = f.trustee) => call(h, 'PUT', f.url(`/steps/${step}/entropy`), { as, body: { publicEntropy } });
    await f.move(1, 2, 10);
    expect((await put(21, 'drand 123')).statusCode).toBe(409);
    await f.move(11);
    expect((await put(14, 'drand 123')).json().error.fields).toHaveProperty('step');
    expect((await put(99, 'drand 123')).json().error.fields).toHaveProperty('step');
    expect((await put(21, 'drand 123', f.anna)).statusCode).toBe(403);
    const res = await put(21, 'drand-quicknet-round-8701605');
    expect(res.json()).toEqual({ step: 21, commitment: expect.stringMatching(/^[0-9a-f]{64}$/), publicEntropy: 'drand-quicknet-round-8701605' });
    const log = (await call(h, 'GET', f.url('/activity'), { as: f.anna })).json().events;
    expect(log[0]).toMatchObject({ action: 'draw.entropy-set', to: 'drand-quicknet-round-8701605' });
  });

  it('previews without storing, runs once in one transaction, and refuses a second run', async () => {
    const f = await family(3);
    const [wanted, unwanted, both] = f.ids as [string, string, string];
    await f.move(1, 2, 10, 11);
    await call(h, 'PUT', f.url(`/items/${wanted}/interest`), { as: f.anna });
    await call(h, 'PUT', f.url(`/items/${unwanted}/interest`), { as: f.kid }); // offspring: does not count
    for (const who of [f.anna, f.ben]) await call(h, 'PUT', f.url(`/items/${both}/interest`), { as: who });
    await f.move(12);
    const tooEarly = await call(h, 'POST', f.url('/steps/14/preview'), { as: f.trustee });
    expect(tooEarly.statusCode).toBe(409);
    expect(tooEarly.json().error.message).toContain('"Distribution Assignment"');
    await f.move(13);
    const preview = await call(h, 'POST', f.url('/steps/14/preview'), { as: f.trustee });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ preview: true, notice: expect.stringContaining('Simulation'), record: { step: 14, unwanted: [unwanted] } });
    // The result in words: each item's number and name (an unwanted one says so); steps 14 and 15 are exact.
    expect(preview.json().lines).toEqual([{ itemId: unwanted, label: 'A-0002', name: 'Pine Chest 2', memberId: null, memberName: null, unwanted: true, outcome: null }]);
    expect(preview.json().certainty).toBeNull();
    expect((await call(h, 'POST', f.url('/steps/14/preview'), { as: f.anna })).statusCode).toBe(403);
    const practice = (await call(h, 'POST', f.url('/steps/21/preview'), { as: f.trustee })).json();
    expect(practice.notice).toMatch(/^This is a practice draw\. The real draw uses a different secret, so it will pick in another order\./);
    expect(practice.certainty).toEqual({ items: 0, certain: 0, receivers: 0, pools: [] });
    const p1 = (await call(h, 'POST', f.url('/steps/21/preview'), { as: f.trustee })).json().record;
    const p2 = (await call(h, 'POST', f.url('/steps/21/preview'), { as: f.trustee })).json().record;
    expect(p1.secret).not.toEqual(p2.secret); // a throwaway secret each time
    expect(p1.inputHash).toEqual(p2.inputHash);
    expect((await call(h, 'GET', f.url('/draws'), { as: f.trustee })).json().draws).toEqual([]);
    expect((await itemRow(unwanted)).status).toBe('unassigned');
    const previews = (await call(h, 'GET', f.url('/activity'), { as: f.ben })).json().events.filter((e: { action: string }) => e.action === 'step.previewed');
    expect(previews).toHaveLength(4);

    const wrong = await call(h, 'POST', f.url('/steps/14/run'), { as: f.trustee });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().error.message).toContain('"Distribution Assignment"');
    await f.move(14);
    expect((await call(h, 'POST', f.url('/steps/15/run'), { as: f.trustee })).statusCode).toBe(409);
    expect((await call(h, 'POST', f.url('/steps/14/run'), { as: f.anna })).statusCode).toBe(403);
    const runs = await Promise.all([0, 1].map(() => call(h, 'POST', f.url('/steps/14/run'), { as: f.trustee })));
    expect(runs.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const record = runs.find((r) => r.statusCode === 200)!.json().record;
    expect(record).toMatchObject({ format: 'estate-draw/1', step: 14, unwanted: [unwanted], assignments: [], ranBy: f.trustee.id });
    expect(record.inputs.interests).not.toContainEqual([f.kid.id, unwanted]);
    // The stored result in words, the same after a reload, for trustees and observers only.
    const line = { itemId: unwanted, label: 'A-0002', name: 'Pine Chest 2', memberId: null, memberName: null, unwanted: true, outcome: null };
    expect(runs.find((r) => r.statusCode === 200)!.json().lines).toEqual([line]);
    expect((await call(h, 'GET', f.url('/draws/14/lines'), { as: f.observer })).json()).toEqual({ step: 14, lines: [line] });
    expect((await call(h, 'GET', f.url('/draws/14/lines'), { as: f.anna })).statusCode).toBe(403);
    expect((await call(h, 'GET', f.url('/draws/15/lines'), { as: f.trustee })).statusCode).toBe(404);
    const after = await itemRow(unwanted);
    expect(after).toMatchObject({ status: 'unwanted', assignmentStep: 14 });
    const again = await call(h, 'POST', f.url('/steps/14/run'), { as: f.trustee });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toContain('already ran');
    expect(await itemRow(unwanted)).toEqual(after);
    expect(await h.database.db.select().from(drawRecords).where(eq(drawRecords.estateId, f.estateId))).toHaveLength(1);
    const draws = (await call(h, 'GET', f.url('/draws'), { as: f.kid })).json().draws;
    // No unsalted input hash for members without full records (distribution.md, "Privacy of inputs").
    expect(draws).toEqual([{ step: 14, name: 'Assign Unwanted Items', commitment: '', inputCommitment: record.inputCommitment, ranAt: expect.any(String) }]);
    expect((await call(h, 'GET', f.url('/draws'), { as: f.observer })).json().draws[0].inputHash).toBe(record.inputHash);
  });

  it('undoes step 14 or 15 while its stage is current, and never a draw that used a secret', async () => {
    const f = await family(2);
    const [lonely, wanted] = f.ids as [string, string];
    await f.move(1, 2, 10, 11);
    await call(h, 'PUT', f.url(`/items/${wanted}/interest`), { as: f.anna });
    await f.move(12, 13, 14);
    const first = (await call(h, 'POST', f.url('/steps/14/run'), { as: f.trustee })).json().record;
    expect((await call(h, 'POST', f.url('/steps/14/undo'), { as: f.anna })).statusCode).toBe(403);
    const undo = await call(h, 'POST', f.url('/steps/14/undo'), { as: f.trustee });
    expect(undo.json()).toEqual({ step: 14, undone: true, restored: 1 });
    expect(await itemRow(lonely)).toMatchObject({ status: 'unassigned', assignmentStep: null });
    expect((await call(h, 'GET', f.url('/draws'), { as: f.trustee })).json().draws).toEqual([]);
    expect((await call(h, 'POST', f.url('/steps/14/undo'), { as: f.trustee })).statusCode).toBe(409);
    // Same inputs, same result.
    const second = (await call(h, 'POST', f.url('/steps/14/run'), { as: f.trustee })).json().record;
    expect(second.inputHash).toBe(first.inputHash);
    expect(second.unwanted).toEqual(first.unwanted);
    await f.move(15);
    const moved = await call(h, 'POST', f.url('/steps/14/undo'), { as: f.trustee });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().error.message).toContain('"Assign Only One Interested"');
    // Even in its own stage, a draw that used a secret is never undone.
    await setStage(h, f.estateId, 21);
    const random = await call(h, 'POST', f.url('/steps/21/undo'), { as: f.trustee });
    expect(random.statusCode).toBe(409);
    expect(random.json().error.message).toContain('secret is now public');
    const log = (await call(h, 'GET', f.url('/activity'), { as: f.ben })).json().events.map((e: { action: string }) => e.action);
    expect(log).toContain('step.undone');
    expect(log).not.toContain('step.undone-record');
  });

  it('answers records by the caller’s rights and refuses what does not exist', async () => {
    const f = await family(1);
    await setStage(h, f.estateId, 14);
    expect((await call(h, 'GET', f.url('/draws/14'), { as: f.trustee })).statusCode).toBe(404);
    // The estate jumped here, so the hearts were never sealed: no run until the trustee seals them.
    const unsealed = await call(h, 'POST', f.url('/steps/14/run'), { as: f.trustee });
    expect(unsealed.statusCode).toBe(409);
    expect(unsealed.json().error.message).toContain('were never sealed');
    await call(h, 'POST', f.url('/input-commitments/11/renew'), { as: f.trustee });
    await call(h, 'POST', f.url('/steps/14/run'), { as: f.trustee });
    const full = await call(h, 'GET', f.url('/draws/14'), { as: f.observer });
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-disposition']).toBe('attachment; filename="estate-draw-step-14.json"');
    expect(full.json()).toHaveProperty('inputs');
    const own = (await call(h, 'GET', f.url('/draws/14'), { as: f.anna })).json();
    expect(own).toMatchObject({ memberId: f.anna.id, lines: '', inputCommitment: full.json().inputCommitment, salt: full.json().salts[f.anna.id] });
    for (const key of ['inputs', 'inputHash', 'salts', 'order', 'ranBy']) expect(own).not.toHaveProperty(key);
    expect((await call(h, 'GET', f.url('/draws/14'), { as: f.kid })).statusCode).toBe(403);
    expect((await call(h, 'GET', f.url('/draws/16'), { as: f.trustee })).json().error.fields).toHaveProperty('step');
    const stranger = await createUser(h);
    expect((await call(h, 'GET', f.url('/draws/14'), { as: stranger })).statusCode).toBe(404);
    expect((await call(h, 'GET', f.url('/draws'), { as: stranger })).statusCode).toBe(404);
    const early = await call(h, 'POST', f.url('/draws/publish'), { as: f.trustee });
    expect(early.statusCode).toBe(409);
    expect((await call(h, 'GET', f.url('/fairness'), { as: f.trustee })).statusCode).toBe(409);
  });

  it('verifies any record for any signed-in user and says what differs', async () => {
    const f = await family(1);
    await setStage(h, f.estateId, 14);
    await call(h, 'POST', f.url('/input-commitments/11/renew'), { as: f.trustee });
    const record = (await call(h, 'POST', f.url('/steps/14/run'), { as: f.trustee })).json().record;
    const stranger = await createUser(h);
    expect((await call(h, 'POST', '/api/draws/verify', { body: record })).statusCode).toBe(401);
    expect((await call(h, 'POST', '/api/draws/verify', { as: stranger, body: record })).json()).toEqual({ verified: true, scope: 'full', checks: ['rerun', 'inputCommitment'], differences: [] });
    const tampered = { ...record, unwanted: [] };
    const res = (await call(h, 'POST', '/api/draws/verify', { as: stranger, body: tampered })).json();
    expect(res.verified).toBe(false);
    expect(res.differences.join('\n')).toContain('unwanted differs');
    expect((await call(h, 'POST', '/api/draws/verify', { as: stranger, body: { hello: 'world' } })).json().verified).toBe(false);
    expect((await call(h, 'POST', '/api/draws/verify', { as: stranger, body: [1, 2] })).statusCode).toBe(400);
  });

  it('re-checks a record in a worker thread, one check at a time per person; the request loop keeps answering', async () => {
    const f = await family(1);
    await setStage(h, f.estateId, 14);
    await call(h, 'POST', f.url('/input-commitments/11/renew'), { as: f.trustee });
    const record = (await call(h, 'POST', f.url('/steps/14/run'), { as: f.trustee })).json().record;
    const anna = await createUser(h);
    let started = 0;
    verifyWorkers.onTaskStart = () => {
      started += 1;
    };
    try {
      // The check is handed to the worker; health answers meanwhile.
      const first = call(h, 'POST', '/api/draws/verify', { as: anna, body: record });
      await vi.waitFor(() => expect(started).toBe(1));
      expect((await call(h, 'GET', '/api/health')).statusCode).toBe(200);
      expect((await first).json()).toMatchObject({ verified: true, scope: 'full' });
      // One check at a time per person: a second one while the first runs is refused, someone else's is not.
      const bytes = Buffer.from(JSON.stringify(record));
      const [one, two, other] = await Promise.allSettled([verifyBytes(anna.id, bytes), verifyBytes(anna.id, bytes), verifyBytes('someone-else', bytes)]);
      expect(one).toMatchObject({ status: 'fulfilled', value: { verified: true } });
      expect(two).toMatchObject({ status: 'rejected', reason: { code: 'rate_limited' } });
      expect(other).toMatchObject({ status: 'fulfilled', value: { verified: true } });
      expect(started).toBe(3);
    } finally {
      verifyWorkers.onTaskStart = undefined;
    }
    // Once the first answered, anna checks again; a body that is not JSON is a plain 400.
    expect((await call(h, 'POST', '/api/draws/verify', { as: anna, body: record })).json().verified).toBe(true);
    const broken = await h.app.inject({ method: 'POST', url: '/api/draws/verify', headers: { authorization: `Bearer ${anna.token}`, 'content-type': 'application/json' }, payload: '{"format":' });
    expect(broken.statusCode).toBe(400);
  });

  it('caps the verify body at what a 5,000-item, 50-beneficiary record needs, and limits checks per person', async () => {
    const [anna, ben] = [await createUser(h), await createUser(h)];
    const huge = await h.app.inject({
      method: 'POST',
      url: '/api/draws/verify',
      headers: { authorization: `Bearer ${anna.token}`, 'content-type': 'application/json' },
      payload: `{"format":"${'x'.repeat(VERIFY_BODY_LIMIT)}"}`,
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error).toEqual({ code: 'too_large', message: expect.stringContaining('larger than any draw record can be (16 MB at most') });
    // Counted per signed-in person: anna uses up her checks, ben (same address) still has his.
    const statuses: number[] = [];
    for (let k = 0; k < VERIFY_PER_MINUTE; k++) statuses.push((await call(h, 'POST', '/api/draws/verify', { as: anna, body: { format: 'estate-draw/1' } })).statusCode);
    expect(statuses.every((s) => s === 200)).toBe(true);
    const limited = await call(h, 'POST', '/api/draws/verify', { as: anna, body: { format: 'estate-draw/1' } });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
    expect((await call(h, 'POST', '/api/draws/verify', { as: ben, body: { format: 'estate-draw/1' } })).statusCode).toBe(200);
  });
});
