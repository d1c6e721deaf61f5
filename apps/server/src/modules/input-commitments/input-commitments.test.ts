/**
 * Sealing the inputs (distribution.md, "Privacy of inputs"; api.md, "Inputs commitment"): at the
 * trustee's move and at the deadline, in the same transaction; each receiver's proof verifies
 * against the published root; a step refuses choices that changed after sealing until the trustee
 * seals again; the records carry the root, and tampering with a line, salt or root is caught.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { verifyInclusion } from '@estate/domain/draw/input-commitment';
import { Role } from '@estate/domain/roles';
import { inputCommitments } from '../../db/schema.js';
import { call, useHarness, type Caller } from '../../test/harness.js';
import { addMember, createEstate, createItem, createUser, signIn } from '../../test/factories.js';

const h = useHarness();
const HOUR = 3600_000;

/** An estate in stage 10 with three beneficiaries, an offspring, an observer and four items. */
async function family() {
  const trustee = await createUser(h);
  const estateId = await createEstate(h, trustee);
  const url = (path: string) => `/api/estates/${estateId}${path}`;
  const anna = await addMember(h, estateId, trustee, [Role.Beneficiary]);
  const ben = await addMember(h, estateId, trustee, [Role.Beneficiary]);
  const cara = await addMember(h, estateId, trustee, [Role.Beneficiary]);
  const kid = await addMember(h, estateId, trustee, [Role.Offspring], { receivesThrough: anna.id });
  const observer = await addMember(h, estateId, trustee, [Role.Observer]);
  const move = async (...stages: number[]) => {
    for (const to of stages) {
      const res = await call(h, 'POST', url('/stage'), { as: trustee, body: { to } });
      expect(res.statusCode, `to ${to}: ${res.body}`).toBe(200);
    }
  };
  await move(1, 2, 10);
  // Items made by the trustee after the review: nobody has to approve them first.
  const ids: string[] = [];
  for (const name of ['Clock', 'Ring', 'Vase', 'Lamp']) ids.push((await createItem(h, estateId, trustee, { name })).id);
  const heart = async (who: Caller, ...items: string[]) => {
    for (const item of items) expect((await call(h, 'PUT', url(`/items/${item}/interest`), { as: who })).statusCode).toBe(200);
  };
  const get = async (path: string, as: Caller) => call(h, 'GET', url(path), { as });
  return { trustee, estateId, url, anna, ben, cara, kid, observer, move, ids, heart, get };
}

type Listed = { stage: number; inputCommitment: string; frozenAt: string };

describe('sealing', () => {
  it('seals the hearts when the trustee moves on from 11: a root for every member, a proof for each receiver', async () => {
    const f = await family();
    const [clock, ring, vase] = f.ids as [string, string, string];
    await f.move(11);
    await f.heart(f.anna, clock, ring);
    await f.heart(f.ben, ring);
    await f.heart(f.kid, vase); // advice to anna: never an input
    const before = (await f.get('/input-commitments', f.ben)).json().commitments as Listed[];
    expect(before.map((c) => c.stage)).toEqual([2]);
    expect((await f.get('/input-commitments/11/mine', f.anna)).statusCode).toBe(404);
    await f.move(12);

    const listed = (await f.get('/input-commitments', f.kid)).json().commitments as Listed[];
    const eleven = listed.find((c) => c.stage === 11)!;
    expect(eleven).toEqual({ stage: 11, inputCommitment: expect.stringMatching(/^[0-9a-f]{64}$/), frozenAt: h.clock.now.toISOString() });
    // Everyone is told the root and the time, in the activity log.
    const log = (await f.get('/activity', f.cara)).json().events as { action: string; to: { inputCommitment?: string } }[];
    expect(log.find((e) => e.action === 'inputs.sealed' && e.to.inputCommitment === eleven.inputCommitment)).toBeDefined();

    const lines = { [f.anna.id]: `want ${f.anna.id} ${clock}\nwant ${f.anna.id} ${ring}`.split('\n').sort().join('\n'), [f.ben.id]: `want ${f.ben.id} ${ring}`, [f.cara.id]: '' };
    for (const who of [f.anna, f.ben, f.cara]) {
      const res = await f.get('/input-commitments/11/mine', who);
      expect(res.statusCode, res.body).toBe(200);
      const mine = res.json();
      expect(Object.keys(mine).sort()).toEqual(['inputCommitment', 'lines', 'memberId', 'proof', 'salt']);
      expect(mine).toMatchObject({ inputCommitment: eleven.inputCommitment, memberId: who.id, lines: lines[who.id] });
      expect(verifyInclusion({ ...mine, root: eleven.inputCommitment })).toBe(true);
      // Only their own salt: no other member's id, salt or line in the answer.
      for (const other of [f.anna, f.ben, f.cara].filter((m) => m.id !== who.id)) expect(res.body).not.toContain(other.id);
    }
    const [row] = await h.database.db.select().from(inputCommitments).where(eq(inputCommitments.estateId, f.estateId)).orderBy(inputCommitments.stage);
    expect(row!.stage).toBe(2);

    // Who has no leaf is told so plainly.
    expect((await f.get('/input-commitments/11/mine', f.kid)).statusCode).toBe(403);
    expect((await f.get('/input-commitments/11/mine', f.observer)).statusCode).toBe(403);
    const late = await addMember(h, f.estateId, f.trustee, [Role.Beneficiary]);
    const none = await f.get('/input-commitments/11/mine', late);
    expect(none.statusCode).toBe(404);
    expect(none.json().error.message).toContain('You have no choices in the seal');
    const unsealed = await f.get('/input-commitments/20/mine', f.anna);
    expect(unsealed.statusCode).toBe(404);
    expect(unsealed.json().error.message).toContain('have not been sealed');
    expect((await f.get('/input-commitments/12/mine', f.anna)).json().error.fields).toHaveProperty('stage');
    const stranger = await createUser(h);
    expect((await f.get('/input-commitments', stranger)).statusCode).toBe(404);

    // Stepping back into 11 reopens the hearts: the seal no longer stands and is withdrawn, logged.
    await f.move(11);
    expect(((await f.get('/input-commitments', f.anna)).json().commitments as Listed[]).map((c) => c.stage)).toEqual([2]);
    const reopened = (await f.get('/activity', f.ben)).json().events as { action: string; from: { inputCommitment?: string } }[];
    expect(reopened.find((e) => e.action === 'inputs.reopened')?.from.inputCommitment).toBe(eleven.inputCommitment);
    expect((await f.get('/input-commitments/11/mine', f.anna)).statusCode).toBe(404);
  });

  it('seals at the deadline in the same transaction, and keeps that seal when the trustee moves on', async () => {
    const f = await family();
    const [clock] = f.ids as [string];
    await f.move(11);
    await f.heart(f.anna, clock);
    const due = new Date(h.clock.now.getTime() + 2 * HOUR);
    expect((await call(h, 'PUT', f.url('/deadlines/11'), { as: f.trustee, body: { dueAt: due.toISOString(), autoAdvance: false } })).statusCode).toBe(200);
    h.clock.advance(3 * HOUR);
    await h.app.scheduler.runDue();
    const atDeadline = h.clock.now.toISOString();
    const [trustee, anna] = [await signIn(h, f.trustee.email), await signIn(h, f.anna.email)];
    const sealed = ((await f.get('/input-commitments', anna)).json().commitments as Listed[]).find((c) => c.stage === 11)!;
    expect(sealed.frozenAt).toBe(atDeadline);
    const [row] = await h.database.db.select().from(inputCommitments).where(eq(inputCommitments.stage, 11));
    expect(row).toMatchObject({ estateId: f.estateId, frozenBy: null, root: sealed.inputCommitment });
    expect(Object.keys(row!.salts).sort()).toEqual([f.anna.id, f.ben.id, f.cara.id].sort());

    h.clock.advance(HOUR);
    Object.assign(trustee, await signIn(h, f.trustee.email));
    Object.assign(anna, await signIn(h, f.anna.email));
    expect((await call(h, 'POST', f.url('/stage'), { as: trustee, body: { to: 12 } })).statusCode).toBe(200);
    const after = ((await f.get('/input-commitments', anna)).json().commitments as Listed[]).find((c) => c.stage === 11)!;
    expect(after).toEqual(sealed); // same choices: same seal, same time
  });
});

describe('steps on sealed choices', () => {
  it('refuses a step when the pool changed after sealing, until the trustee seals again; the record then carries the new root', async () => {
    const f = await family();
    const [clock, ring] = f.ids as [string, string];
    await f.move(11);
    await f.heart(f.anna, clock, ring);
    await f.heart(f.ben, ring);
    await f.move(12, 13);
    const first = ((await f.get('/input-commitments', f.anna)).json().commitments as Listed[]).find((c) => c.stage === 11)!;
    expect((await call(h, 'POST', f.url('/steps/14/preview'), { as: f.trustee })).statusCode).toBe(200);

    // The trustee takes the ring out of the pool after the hearts were sealed.
    const version = (await f.get(`/items/${ring}`, f.trustee)).json().item.version;
    expect((await call(h, 'PUT', f.url(`/items/${ring}/hold`), { as: f.trustee, headers: { 'if-match': String(version) } })).statusCode).toBe(200);
    await f.move(14);
    for (const action of ['preview', 'run']) {
      const refused = await call(h, 'POST', f.url(`/steps/14/${action}`), { as: f.trustee });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.message).toContain('are not the ones in the pool now: 2 beneficiaries’ choices no longer match');
      expect(refused.json().error.message).toContain('/input-commitments/11/renew');
    }
    expect((await call(h, 'POST', f.url('/input-commitments/11/renew'), { as: f.anna })).statusCode).toBe(403);
    const wrongStage = await call(h, 'POST', f.url('/input-commitments/20/renew'), { as: f.trustee });
    expect(wrongStage.statusCode).toBe(409);
    expect(wrongStage.json().error.message).toContain('"Express Your Interest In Items"');
    const renewed = await call(h, 'POST', f.url('/input-commitments/11/renew'), { as: f.trustee });
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(renewed.json()).toMatchObject({ stage: 11, renewed: true, frozenAt: h.clock.now.toISOString() });
    expect(renewed.json().inputCommitment).not.toBe(first.inputCommitment);
    // Nothing changed since: sealing again keeps the seal and logs nothing.
    expect((await call(h, 'POST', f.url('/input-commitments/11/renew'), { as: f.trustee })).json()).toMatchObject({ renewed: false, inputCommitment: renewed.json().inputCommitment });
    const log = (await f.get('/activity', f.ben)).json().events as { action: string }[];
    expect(log.filter((e) => e.action === 'inputs.resealed')).toHaveLength(1);

    const run = await call(h, 'POST', f.url('/steps/14/run'), { as: f.trustee });
    expect(run.statusCode, run.body).toBe(200);
    const record = run.json().record;
    expect(record.inputCommitment).toBe(renewed.json().inputCommitment);
    expect(Object.keys(record.salts).sort()).toEqual([f.anna.id, f.ben.id, f.cara.id].sort());
    await f.move(15);
    expect((await call(h, 'POST', f.url('/steps/15/run'), { as: f.trustee })).statusCode).toBe(200);
    const final = await call(h, 'POST', f.url('/input-commitments/11/renew'), { as: f.trustee });
    expect(final.statusCode).toBe(409);
    expect(final.json().error.message).toContain('has already run on these choices');
  });

  it('each receiver’s copy proves their own lines against the published root; tampering with a line, salt or root fails', async () => {
    const f = await family();
    const [clock, ring, vase] = f.ids as [string, string, string];
    await f.move(11);
    await f.heart(f.anna, clock, ring, vase);
    await f.heart(f.ben, ring, vase);
    await f.heart(f.cara, vase);
    await f.move(12, 13, 14);
    expect((await call(h, 'POST', f.url('/steps/14/run'), { as: f.trustee })).statusCode).toBe(200);
    await f.move(15);
    const ran = await call(h, 'POST', f.url('/steps/15/run'), { as: f.trustee });
    expect(ran.statusCode, ran.body).toBe(200);
    const full = (await f.get('/draws/15', f.observer)).json();
    const published = ((await f.get('/input-commitments', f.anna)).json().commitments as Listed[]).find((c) => c.stage === 11)!;
    expect(full.inputCommitment).toBe(published.inputCommitment);
    const verify = async (body: unknown, as: Caller = f.cara) => (await call(h, 'POST', '/api/draws/verify', { as, body })).json();
    expect(await verify(full)).toEqual({ verified: true, scope: 'full', checks: ['rerun', 'inputCommitment'], differences: [] });

    for (const who of [f.anna, f.ben, f.cara]) {
      const copy = (await f.get('/draws/15', who)).json();
      expect(copy).toMatchObject({ memberId: who.id, inputCommitment: published.inputCommitment });
      expect(copy).not.toHaveProperty('inputHash');
      const mine = (await f.get('/input-commitments/11/mine', who)).json();
      expect({ lines: copy.lines, salt: copy.salt, proof: copy.proof }).toEqual({ lines: mine.lines, salt: mine.salt, proof: mine.proof });
      expect(await verify(copy, who)).toEqual({ verified: true, scope: 'own', checks: ['inclusion', 'ownResults'], differences: [] });
      // A copy is only partial: it is never "not verified" for what it does not hold.
      expect((await verify(copy, who)).differences).toEqual([]);
    }

    const annaCopy = (await f.get('/draws/15', f.anna)).json();
    const flip = (hex: string) => `${hex[0] === '0' ? '1' : '0'}${hex.slice(1)}`;
    const tampered = [
      { ...annaCopy, lines: annaCopy.lines.split('\n').slice(1).join('\n') },
      { ...annaCopy, salt: flip(annaCopy.salt) },
      { ...annaCopy, inputCommitment: flip(annaCopy.inputCommitment) },
    ];
    for (const body of tampered)
      expect(await verify(body)).toMatchObject({ verified: false, scope: 'own', differences: expect.arrayContaining([expect.stringContaining('do not lead to inputCommitment')]) });
    const line = structuredClone(full);
    line.inputs.interests = line.inputs.interests.filter(([m, i]: [string, string]) => !(m === f.cara.id && i === vase));
    expect((await verify(line)).differences.join('\n')).toContain('inputCommitment differs');
    const salt = structuredClone(full);
    salt.salts[f.ben.id] = flip(salt.salts[f.ben.id]);
    expect((await verify(salt)).differences).toEqual([expect.stringMatching(/^inputCommitment differs/)]);
    expect((await verify({ ...full, inputCommitment: flip(full.inputCommitment) })).differences).toEqual([expect.stringMatching(/^inputCommitment differs/)]);
  });
});

describe('activity written before input commitments', () => {
  it('loses the unsalted input hash that every member could read (migration 0007)', async () => {
    const { readFileSync } = await import('node:fs');
    const { sql } = await import('drizzle-orm');
    const { activityEvents } = await import('../../db/schema.js');
    const f = await family();
    const hash = 'cd'.repeat(32);
    const old = [
      { action: 'step.previewed', to: { step: 14, inputHash: hash, assignments: 0 } },
      { action: 'step.ran', to: { step: 14, inputHash: hash, commitment: '' } },
      { action: 'step.undone', from: { step: 14, inputHash: hash, restored: 1 } },
    ];
    for (const [k, e] of old.entries()) {
      await h.database.db.insert(activityEvents).values({ id: `01a20000-0000-7000-8000-00000000000${k}`, estateId: f.estateId, actorId: null, action: e.action, entity: 'draw', entityId: '14', field: 'x', from: e.from ?? null, to: e.to ?? null, visibility: 'members' });
    }
    expect((await f.get('/activity', f.ben)).body).toContain(hash);
    const migration = readFileSync(new URL('../../db/migrations/0007_strip_input_hash.sql', import.meta.url), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint')) await h.database.db.execute(sql.raw(statement));
    const after = await f.get('/activity', f.ben);
    expect(after.body).not.toContain(hash);
    expect(after.json().events.filter((e: { action: string }) => e.action.startsWith('step.'))).toHaveLength(3);
  });
});
