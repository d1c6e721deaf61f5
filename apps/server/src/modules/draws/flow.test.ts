/**
 * issue 6, end to end through the API: an estate goes from stage 10 to stage 40 with every step
 * run by the trustee, and every stored record then verifies with the domain's verifier.
 */
import { expect, it } from 'vitest';
import { eq, like } from 'drizzle-orm';
import { verifyRecord } from '@estate/domain/draw/record';
import { Role } from '@estate/domain/roles';
import { items as itemsTable, outbox } from '../../db/schema.js';
import { call, useHarness, type Caller } from '../../test/harness.js';
import { addMember, createEstate, createItem, createUser, type TestUser } from '../../test/factories.js';

const h = useHarness();

it('takes an estate from directives to published results, and every record verifies', async () => {
  const trustee = await createUser(h);
  const estateId = await createEstate(h, trustee);
  const url = (path: string) => `/api/estates/${estateId}${path}`;
  const anna = await addMember(h, estateId, trustee, [Role.Beneficiary]);
  const ben = await addMember(h, estateId, trustee, [Role.Beneficiary]);
  const carol = await addMember(h, estateId, trustee, [Role.Beneficiary]);
  const kid = await addMember(h, estateId, trustee, [Role.Offspring], { receivesThrough: anna.id });
  const observer = await addMember(h, estateId, trustee, [Role.Observer]);
  expect((await call(h, 'PATCH', url(''), { as: trustee, body: { settings: { highInterestThreshold: 3, draftMode: 'serpentine' } } })).statusCode).toBe(200);

  const names = ['d1', 'r1', 'hold1', 'u1', 'u2', 'o1', 'o2', 'h1', 'h2', 'h3', 'h4', 'c1', 'c2', 'c3', 'c4', 'c5'] as const;
  type Name = (typeof names)[number];
  const id = {} as Record<Name, string>;
  for (const name of names) id[name] = (await createItem(h, estateId, trustee, { name: `Heirloom ${name.toUpperCase()}`, ...(name === 'r1' ? { distribution: 'return' } : {}) })).id;
  const nameOf = new Map(Object.entries(id).map(([k, v]) => [v, k]));

  const ok = async (method: 'PUT' | 'POST' | 'PATCH' | 'DELETE', path: string, as: Caller, body?: unknown, headers?: Record<string, string>) => {
    const res = await call(h, method, url(path), { as, body, headers });
    expect(res.statusCode, `${method} ${path}: ${res.body}`).toBeLessThan(300);
    return res.json();
  };
  const move = (to: number) => ok('POST', '/stage', trustee, { to });

  // Stage 2: the review. The trustee cannot move on until every beneficiary has finished it.
  for (const to of [1, 2]) await move(to);
  const early = await call(h, 'POST', url('/stage'), { as: trustee, body: { to: 10 } });
  expect(early.json().error).toMatchObject({ code: 'wrong_stage', message: expect.stringContaining('3 beneficiaries have not finished') });
  const moves = (await call(h, 'GET', url('/stage/moves'), { as: trustee })).json();
  expect(moves.forward).toEqual({ to: 10, allowed: false, code: 'review-incomplete', params: { waiting: 3 } });
  for (const person of [anna, ben, carol]) await ok('POST', '/approvals/approve-all', person);
  expect((await call(h, 'GET', url('/stage/moves'), { as: trustee })).json().forward).toEqual({ to: 10, allowed: true });

  // Stage 10: a written directive and a return.
  await move(10);
  await ok('POST', '/directives', trustee, { itemId: id.d1, memberId: carol.id, clause: 'Clause 7: the mantel clock to Carol.' });
  await ok('POST', '/returns', trustee, { itemId: id.r1, memberId: ben.id, note: 'Ben lent it to Grandma in 2019.' });

  // Stage 11: hearts (the offspring's count for nothing).
  await move(11);
  const commitments = (await call(h, 'GET', url('/commitments'), { as: anna })).json().commitments as { step: number; commitment: string; secret: string | null }[];
  const hearts: [TestUser, Name[]][] = [
    [anna, ['hold1', 'o1', 'h1', 'h2', 'h3', 'c1', 'c2', 'c4', 'c5']],
    [ben, ['hold1', 'o2', 'h1', 'h2', 'h4', 'c1', 'c2', 'c3', 'c5']],
    [carol, ['h1', 'h3', 'h4', 'c2', 'c3', 'c4']],
    [kid, ['u2', 'o2']],
  ];
  for (const [who, list] of hearts) for (const name of list) await ok('PUT', `/items/${id[name]}/interest`, who);
  const directiveHeart = await call(h, 'PUT', url(`/items/${id.d1}/interest`), { as: anna });
  expect(directiveHeart.statusCode).toBe(409);

  // Stage 12: moving there flags items at the threshold automatically; then the trustee's flags.
  await move(12);
  const recommended = (await call(h, 'GET', url('/high-interest/recommendations'), { as: trustee })).json();
  const autoFlagged = recommended.items.filter((i: { highInterestSource: string | null }) => i.highInterestSource === 'auto');
  expect(autoFlagged.map((i: { itemId: string }) => nameOf.get(i.itemId)).sort()).toEqual(['c2', 'h1']);
  await ok('DELETE', `/items/${id.c2}/high-interest`, trustee); // the trustee removes a recommendation
  for (const name of ['h2', 'h3', 'h4'] as const) await ok('PUT', `/items/${id[name]}/high-interest`, trustee);

  // Stage 13: review; one disputed item goes on hold and is skipped by every step.
  await move(13);
  const version = (await call(h, 'GET', url(`/items/${id.hold1}`), { as: trustee })).json().item.version;
  await ok('PUT', `/items/${id.hold1}/hold`, trustee, undefined, { 'if-match': String(version) });
  // The hearts were sealed when the trustee moved on from 11; hold1 had two of them, so the sealed
  // choices no longer match the pool: the step refuses until the trustee seals them again (logged).
  const sealedFirst = (await call(h, 'GET', url('/input-commitments'), { as: anna })).json().commitments;
  expect(sealedFirst.map((c: { stage: number }) => c.stage)).toEqual([2, 11]);
  const refused = await call(h, 'POST', url('/steps/14/preview'), { as: trustee });
  expect(refused.statusCode).toBe(409);
  expect(refused.json().error.message).toContain('2 beneficiaries’ choices no longer match');
  expect((await call(h, 'POST', url('/input-commitments/11/renew'), { as: anna })).statusCode).toBe(403);
  const renewed = await ok('POST', '/input-commitments/11/renew', trustee);
  expect(renewed).toMatchObject({ stage: 11, renewed: true });
  expect(renewed.inputCommitment).not.toBe(sealedFirst[1].inputCommitment);
  const annaLog = (await call(h, 'GET', url('/activity'), { as: anna })).json().events;
  expect(annaLog[0]).toMatchObject({ action: 'inputs.resealed', from: { inputCommitment: sealedFirst[1].inputCommitment }, to: { inputCommitment: renewed.inputCommitment } });

  const run = async (step: number) => {
    expect((await ok('POST', `/steps/${step}/preview`, trustee)).preview).toBe(true);
    const { record } = await ok('POST', `/steps/${step}/run`, trustee);
    const twice = await call(h, 'POST', url(`/steps/${step}/run`), { as: trustee });
    expect(twice.statusCode).toBe(409);
    return record;
  };
  await move(14);
  const r14 = await run(14);
  expect(r14.unwanted.map((i: string) => nameOf.get(i)).sort()).toEqual(['u1', 'u2']);
  await move(15);
  const r15 = await run(15);
  expect(r15.assignments.map((a: { itemId: string; memberId: string }) => [nameOf.get(a.itemId), a.memberId])).toEqual(
    [['o1', anna.id], ['o2', ben.id]].sort((x, y) => (id[x[0] as Name] < id[y[0] as Name] ? -1 : 1)),
  );

  await move(20);
  await ok('PUT', '/rankings', anna, { itemIds: [id.h2, id.h1] });
  await ok('PUT', '/rankings', ben, { itemIds: [id.h1] });
  await ok('PUT', '/rankings', carol, { itemIds: [id.h4, id.h3, id.h1] });
  await move(21);
  await ok('PUT', '/steps/21/entropy', trustee, { publicEntropy: 'drand-quicknet-round-8701605' });
  const r21 = await run(21);
  expect(r21).toMatchObject({ mode: 'serpentine', publicEntropy: 'drand-quicknet-round-8701605' });
  expect(r21.assignments).toHaveLength(4);

  await move(30);
  await ok('PUT', '/tokens', anna, { allocations: [{ itemId: id.c1, count: 2 }, { itemId: id.c2, count: 1 }, { itemId: id.c5, count: 1 }] });
  await ok('PUT', '/tokens', ben, { allocations: [{ itemId: id.c1, count: 1 }, { itemId: id.c3, count: 2 }, { itemId: id.c5, count: 1 }] });
  await ok('PUT', '/tokens', carol, { allocations: [{ itemId: id.c2, count: 2 }, { itemId: id.c4, count: 1 }] });
  await move(31);
  // A practice draw says what the real one cannot change: who can receive each item (one name: certain).
  const practice = await ok('POST', '/steps/31/preview', trustee);
  const pool = (name: Name) => (practice.certainty.pools as { itemId: string; members: { id: string; name: string }[] }[]).find((p) => p.itemId === id[name])!.members;
  expect(pool('c1').map((m) => m.id)).toEqual([anna.id]);
  expect(pool('c5').map((m) => m.id).sort()).toEqual([anna.id, ben.id].sort());
  expect(pool('c5').every((m) => m.name.length > 0)).toBe(true);
  expect(practice.lines.find((l: { itemId: string }) => l.itemId === id.c1)).toMatchObject({ label: expect.stringMatching(/^A-\d{4}$/), memberId: anna.id, memberName: expect.any(String), unwanted: false });
  const r31 = await run(31);
  const winner = (name: Name) => r31.assignments.find((a: { itemId: string }) => a.itemId === id[name]);
  expect(winner('c1')).toMatchObject({ memberId: anna.id, tokens: 2, tied: 1 });
  expect(winner('c2')).toMatchObject({ memberId: carol.id, tokens: 2, tied: 1 });
  expect(winner('c3')).toMatchObject({ memberId: ben.id, tokens: 2, tied: 1 });
  expect(winner('c5')).toMatchObject({ tokens: 1, tied: 2 });
  const fairnessEarly = await call(h, 'GET', url('/fairness'), { as: anna });
  expect(fairnessEarly.statusCode).toBe(409);
  expect(fairnessEarly.json().error.message).toContain('"Beneficiary Assignment Completed"');
  await move(40);
  // Each beneficiary is told by mail that the results are ready (the observer has nothing to do).
  const resultsMail = async () => (await h.database.db.select().from(outbox).where(like(outbox.subject, 'The results are ready%'))).map((m) => m.to).sort();
  await expect.poll(resultsMail).toEqual([anna.email, ben.email, carol.email].sort());

  // Every stored record verifies, with the domain's verifier and through the API.
  const draws = (await call(h, 'GET', url('/draws'), { as: anna })).json().draws;
  expect(draws.map((d: { step: number }) => d.step)).toEqual([14, 15, 21, 31]);
  for (const { step } of draws) {
    const record = (await call(h, 'GET', url(`/draws/${step}`), { as: observer })).json();
    expect(verifyRecord(record), `step ${step}`).toMatchObject({ ok: true, scope: 'full', differences: [] });
    expect((await call(h, 'POST', '/api/draws/verify', { as: anna, body: record })).json()).toMatchObject({ verified: true, scope: 'full', differences: [] });
    // The record carries the root of the sealed choices it used, the one published to everyone.
    const sealed = (await call(h, 'GET', url('/input-commitments'), { as: anna })).json().commitments;
    expect(record.inputCommitment).toBe(sealed.find((c: { stage: number }) => c.stage === { 14: 11, 15: 11, 21: 20, 31: 30 }[step as 14])?.inputCommitment);
  }
  // The commitments published at stage 11 are the ones the draws used, and the secrets are now public.
  const revealed = (await call(h, 'GET', url('/commitments'), { as: anna })).json().commitments as { step: number; commitment: string; secret: string | null }[];
  for (const record of [r21, r31]) {
    expect(commitments.find((c) => c.step === record.step)?.commitment).toBe(record.commitment);
    expect(revealed.find((c) => c.step === record.step)?.secret).toBe(record.secret);
  }

  // The database says exactly what the records say; every pool item was decided once.
  const rows = await h.database.db.select().from(itemsTable).where(eq(itemsTable.estateId, estateId));
  const byName = new Map(rows.map((r) => [nameOf.get(r.id)!, r]));
  expect(byName.get('d1')).toMatchObject({ status: 'assigned', assignedTo: carol.id, assignmentReason: 'directive' });
  expect(byName.get('r1')).toMatchObject({ status: 'assigned', assignedTo: ben.id, assignmentReason: 'return' });
  expect(byName.get('hold1')).toMatchObject({ status: 'hold', assignedTo: null });
  const decided = [...r14.unwanted, ...[r15, r21, r31].flatMap((r) => r.assignments.map((a: { itemId: string }) => a.itemId))];
  expect(new Set(decided).size).toBe(decided.length);
  expect(decided.map((i: string) => nameOf.get(i)).sort()).toEqual(['c1', 'c2', 'c3', 'c4', 'c5', 'h1', 'h2', 'h3', 'h4', 'o1', 'o2', 'u1', 'u2']);
  const heartsOf = new Map(hearts.map(([who, list]) => [who.id, new Set(list.map((n) => id[n]))]));
  for (const record of [r15, r21, r31]) {
    for (const a of record.assignments) {
      expect(byName.get(nameOf.get(a.itemId)!)).toMatchObject({ status: 'assigned', assignedTo: a.memberId, assignmentReason: a.reason, assignmentStep: record.step });
      expect(heartsOf.get(a.memberId)?.has(a.itemId)).toBe(true);
      expect(a.memberId).not.toBe(kid.id);
    }
  }

  // Each beneficiary sees why they got each item.
  const annaItems = (await call(h, 'GET', url('/my-items'), { as: anna })).json();
  const reasons = new Map(annaItems.assigned.map((a: { itemId: string; reason: string }) => [nameOf.get(a.itemId), a]));
  expect(reasons.get('o1')).toMatchObject({ reason: 'only-interested', step: 15 });
  expect(reasons.get('c1')).toMatchObject({ reason: 'tokens', step: 31, tokens: 2, tied: 1 });
  for (const a of annaItems.assigned.filter((x: { reason: string }) => x.reason === 'high-interest')) expect(a).toMatchObject({ round: expect.any(Number), pick: expect.any(Number) });
  const carolItems = (await call(h, 'GET', url('/my-items'), { as: carol })).json();
  expect(carolItems.assigned.find((a: { itemId: string }) => a.itemId === id.d1)).toMatchObject({ reason: 'directive', clause: 'Clause 7: the mantel clock to Carol.' });

  // Fairness: trustees and observers see every row; a beneficiary their own and the aggregates.
  const full = (await call(h, 'GET', url('/fairness'), { as: trustee })).json();
  expect(full.scope).toBe('full');
  expect(full.report.rows.map((r: { memberId: string }) => r.memberId).sort()).toEqual([anna.id, ben.id, carol.id].sort());
  expect(full.report.pairs).toHaveLength(6);
  expect(full.report.aggregates.itemsReceived).toBe(16 - 3); // all but the hold and the two unwanted
  expect(full.report.aggregates.randomTieBreaks).toBeGreaterThanOrEqual(1);
  expect(full.report.aggregates.trusteeOverrides).toBe(0);
  const own = (await call(h, 'GET', url('/fairness'), { as: ben })).json();
  expect(own).toMatchObject({ scope: 'own', report: { row: { memberId: ben.id } } });
  expect(own.report).not.toHaveProperty('pairs');
  // What Ben hearted but did not get: each item with who received it and the plain reason only.
  const bensMissed = [...heartsOf.get(ben.id)!].filter((itemId) => {
    const row = byName.get(nameOf.get(itemId)!);
    return row?.status === 'assigned' && row.assignedTo !== null && row.assignedTo !== ben.id;
  });
  expect(bensMissed.length).toBeGreaterThan(0);
  expect(own.missed.map((m: { itemId: string }) => m.itemId).sort()).toEqual(bensMissed.sort());
  for (const m of own.missed) {
    expect(Object.keys(m).sort()).toEqual(['itemId', 'label', 'name', 'reason', 'receiverId']);
    expect(m.receiverId).not.toBe(ben.id);
  }

  // Full records go to beneficiaries only when the trustee publishes them, after stage 40.
  expect((await call(h, 'GET', url('/draws/21'), { as: ben })).json()).not.toHaveProperty('inputs');
  expect((await call(h, 'POST', url('/draws/publish'), { as: ben })).statusCode).toBe(403);
  await ok('POST', '/draws/publish', trustee);
  const published = (await call(h, 'GET', url('/draws/21'), { as: ben })).json();
  expect(verifyRecord(published)).toMatchObject({ ok: true, scope: 'full', checks: ['rerun', 'commitment', 'inputCommitment'] });
});
