/** Hearts, high interest, rankings, tokens, "my items" and being done, through the real API. */
import { describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { Role } from '@estate/domain/roles';
import { interests, items as itemsTable } from '../../db/schema.js';
import { call, useHarness, type Caller } from '../../test/harness.js';
import { addMember, createEstate, createItem, createUser, setStage } from '../../test/factories.js';
import { markNonRespondersDone, recommendHighInterest } from './service.js';

const h = useHarness();

async function family(itemCount = 4) {
  const trustee = await createUser(h);
  const estateId = await createEstate(h, trustee);
  const observer = await addMember(h, estateId, trustee, [Role.Observer]);
  const anna = await addMember(h, estateId, trustee, [Role.Beneficiary]);
  const ben = await addMember(h, estateId, trustee, [Role.Beneficiary]);
  const kid = await addMember(h, estateId, trustee, [Role.Offspring], { receivesThrough: anna.id });
  const ids: string[] = [];
  for (let k = 0; k < itemCount; k++) ids.push((await createItem(h, estateId, trustee, { name: `Walnut Box ${k + 1}` })).id);
  const url = (path: string) => `/api/estates/${estateId}${path}`;
  return { trustee, estateId, observer, anna, ben, kid, ids, url };
}

const heart = (url: string, as: Caller) => call(h, 'PUT', `${url}/interest`, { as });
const setHi = (ids: string[]) => h.database.db.update(itemsTable).set({ highInterest: true, highInterestSource: 'trustee' }).where(inArray(itemsTable.id, ids));

describe('hearts (stage 11)', () => {
  it('counts receivers only, idempotently, and tells the caller their own heart', async () => {
    const f = await family(1);
    const item = f.url(`/items/${f.ids[0]}`);
    await setStage(h, f.estateId, 11);
    expect((await heart(item, f.anna)).json()).toEqual({ interested: true, interestCount: 1 });
    expect((await heart(item, f.anna)).json()).toEqual({ interested: true, interestCount: 1 });
    expect((await heart(item, f.ben)).json()).toEqual({ interested: true, interestCount: 2 });
    // Offspring hearts are advice to the parent: stored, never counted.
    expect((await heart(item, f.kid)).json()).toEqual({ interested: true, interestCount: 2 });
    const detail = (await call(h, 'GET', item, { as: f.kid })).json().item;
    expect(detail).toMatchObject({ interestCount: 2, interested: true });
    expect((await call(h, 'DELETE', `${item}/interest`, { as: f.anna })).json()).toEqual({ interested: false, interestCount: 1 });
    expect((await call(h, 'DELETE', `${item}/interest`, { as: f.anna })).json()).toEqual({ interested: false, interestCount: 1 });
    const list = (await call(h, 'GET', f.url('/items'), { as: f.anna })).json().items;
    expect(list[0]).toMatchObject({ interestCount: 1, interested: false });
  });

  it('shows trustees and observers who hearted, and nobody else', async () => {
    const f = await family(1);
    const item = f.url(`/items/${f.ids[0]}`);
    await setStage(h, f.estateId, 11);
    await heart(item, f.anna);
    await heart(item, f.kid);
    for (const who of [f.trustee, f.observer]) {
      const res = await call(h, 'GET', `${item}/interest`, { as: who });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.interestCount).toBe(1);
      expect(body.members.map((m: { id: string; counts: boolean }) => [m.id, m.counts]).sort()).toEqual([[f.anna.id, true], [f.kid.id, false]].sort());
    }
    for (const who of [f.anna, f.ben, f.kid]) expect((await call(h, 'GET', `${item}/interest`, { as: who })).statusCode).toBe(403);
  });

  it('gives a parent their offspring’s hearts as advice', async () => {
    const f = await family(2);
    await setStage(h, f.estateId, 11);
    await heart(f.url(`/items/${f.ids[1]}`), f.kid);
    const advice = (await call(h, 'GET', f.url('/advice'), { as: f.anna })).json().advice;
    expect(advice).toEqual([expect.objectContaining({ itemId: f.ids[1], label: 'A-0002', from: [{ memberId: f.kid.id, displayName: expect.stringMatching(/Tester$/) }] })]);
    expect((await call(h, 'GET', f.url('/advice'), { as: f.ben })).json().advice).toEqual([]);
    expect((await call(h, 'GET', f.url('/advice'), { as: f.kid })).statusCode).toBe(403);
  });

  it('refuses hearts outside the pool, in other stages, by other roles and from outsiders', async () => {
    const f = await family(3);
    const [chair, held, returned] = f.ids.map((id) => f.url(`/items/${id}`));
    for (const [path, status] of [[held!, 'hold'], [returned!, undefined]] as const) {
      const version = (await call(h, 'GET', path, { as: f.trustee })).json().item.version;
      const headers = { 'if-match': String(version) };
      const res = status ? await call(h, 'PUT', `${path}/hold`, { as: f.trustee, headers }) : await call(h, 'PATCH', path, { as: f.trustee, body: { distribution: 'return' }, headers });
      expect(res.statusCode).toBe(200);
    }
    const early = await heart(chair!, f.anna);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toContain('"Express Your Interest In Items"');
    await setStage(h, f.estateId, 11);
    const onHold = await heart(held!, f.anna);
    expect(onHold.statusCode).toBe(409);
    expect(onHold.json().error.message).toContain('on hold');
    expect((await heart(returned!, f.anna)).statusCode).toBe(409);
    // Taking a heart back is refused the same way (and 404 for an item that is not there).
    expect((await call(h, 'DELETE', `${held}/interest`, { as: f.anna })).statusCode).toBe(409);
    expect((await call(h, 'DELETE', f.url('/items/0190f0f0-0000-7000-8000-000000000000/interest'), { as: f.anna })).statusCode).toBe(404);
    expect((await heart(chair!, f.observer)).statusCode).toBe(403);
    expect((await heart(chair!, f.trustee)).statusCode).toBe(403);
    const stranger = await createUser(h);
    expect((await heart(chair!, stranger)).statusCode).toBe(404);
    expect((await heart(f.url('/items/not-a-uuid'), f.anna)).json().error.fields).toHaveProperty('iid');
    expect((await heart(f.url('/items/0190f0f0-0000-7000-8000-000000000000'), f.anna)).statusCode).toBe(404);
    const extra = await call(h, 'PUT', `${chair}/interest`, { as: f.anna, body: { memberId: f.ben.id } });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().error.fields).toHaveProperty('memberId');
  });

  it('freezes a member who said they are done, and everyone at the deadline', async () => {
    const f = await family(1);
    const item = f.url(`/items/${f.ids[0]}`);
    await setStage(h, f.estateId, 11);
    const dueAt = new Date(h.clock.now.getTime() + 5 * 60_000).toISOString();
    expect((await call(h, 'PUT', f.url('/deadlines/11'), { as: f.trustee, body: { dueAt } })).statusCode).toBe(200);
    const done = await call(h, 'POST', f.url('/participation/11/done'), { as: f.anna });
    expect(done.json()).toMatchObject({ stage: 11, automatic: false });
    expect((await call(h, 'POST', f.url('/participation/11/done'), { as: f.anna })).statusCode).toBe(200);
    const frozen = await heart(item, f.anna);
    expect(frozen.statusCode).toBe(409);
    expect(frozen.json().error.message).toContain('done with "Express Your Interest In Items"');
    expect((await heart(item, f.ben)).statusCode).toBe(200);
    h.clock.advance(6 * 60_000); // past the deadline, within the access token's life
    const late = await call(h, 'DELETE', `${item}/interest`, { as: f.ben });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toContain('deadline');
    expect((await call(h, 'GET', f.url('/my-items'), { as: f.ben })).json().deadline).toEqual({ stage: 11, dueAt, passed: true });
  });

  it('refuses done-marking for the wrong stage, by non-beneficiaries, and lets the scheduler count non-responders', async () => {
    const f = await family(1);
    await setStage(h, f.estateId, 11);
    const wrong = await call(h, 'POST', f.url('/participation/20/done'), { as: f.anna });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().error.message).toContain('"High Interest Ranking"');
    expect((await call(h, 'POST', f.url('/participation/12/done'), { as: f.anna })).json().error.fields).toHaveProperty('stage');
    expect((await call(h, 'POST', f.url('/participation/11/done'), { as: f.trustee })).statusCode).toBe(403);
    expect((await call(h, 'POST', f.url('/participation/11/done'), { as: f.kid })).statusCode).toBe(403);
    await call(h, 'POST', f.url('/participation/11/done'), { as: f.anna });
    expect(await markNonRespondersDone(h.database.db, f.estateId, 11, h.clock.now)).toBe(1);
    expect(await markNonRespondersDone(h.database.db, f.estateId, 11, h.clock.now)).toBe(0);
    const list = (await call(h, 'GET', f.url('/participation/11'), { as: f.trustee })).json().members;
    expect(list.map((m: { memberId: string; automatic: boolean }) => [m.memberId, m.automatic]).sort()).toEqual([[f.anna.id, false], [f.ben.id, true]].sort());
    expect((await call(h, 'GET', f.url('/participation/11'), { as: f.anna })).statusCode).toBe(403);
  });
});

describe('high interest (stage 12)', () => {
  it('lets the trustee flag and unflag pool items, only in stage 12', async () => {
    const f = await family(1);
    const item = f.url(`/items/${f.ids[0]}/high-interest`);
    await setStage(h, f.estateId, 11);
    const early = await call(h, 'PUT', item, { as: f.trustee });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toContain('"Confirm High Interest Items"');
    await setStage(h, f.estateId, 12);
    expect((await call(h, 'PUT', item, { as: f.anna })).statusCode).toBe(403);
    expect((await call(h, 'PUT', item, { as: f.trustee })).json()).toEqual({ itemId: f.ids[0], highInterest: true, highInterestSource: 'trustee' });
    expect((await call(h, 'GET', f.url(`/items/${f.ids[0]}`), { as: f.anna })).json().item).toMatchObject({ highInterest: true, highInterestSource: 'trustee' });
    expect((await call(h, 'DELETE', item, { as: f.trustee })).json()).toEqual({ itemId: f.ids[0], highInterest: false, highInterestSource: null });
  });

  it('recommends items at the threshold, counting receivers only, and keeps trustee flags', async () => {
    const f = await family(3);
    const carol = await addMember(h, f.estateId, f.trustee, [Role.Beneficiary]);
    expect((await call(h, 'PATCH', f.url(''), { as: f.trustee, body: { settings: { highInterestThreshold: 3 } } })).statusCode).toBe(200);
    await setStage(h, f.estateId, 11);
    const [a, b, c] = f.ids;
    for (const who of [f.anna, f.ben, carol]) await heart(f.url(`/items/${a}`), who);
    for (const who of [f.anna, f.ben, f.kid]) await heart(f.url(`/items/${b}`), who); // 2 receivers + offspring
    await setStage(h, f.estateId, 12);
    await call(h, 'PUT', f.url(`/items/${c}/high-interest`), { as: f.trustee });
    const result = await recommendHighInterest({ db: h.database.db }, f.estateId, f.trustee.id);
    expect(result).toEqual({ threshold: 3, flagged: [a], cleared: [] });
    const rec = (await call(h, 'GET', f.url('/high-interest/recommendations'), { as: f.trustee })).json();
    expect(rec.threshold).toBe(3);
    expect(rec.items.map((i: { itemId: string; recommended: boolean; highInterestSource: string }) => [i.itemId, i.recommended, i.highInterestSource])).toEqual([
      [a, true, 'auto'],
      [c, false, 'trustee'],
    ]);
    expect((await call(h, 'GET', f.url('/high-interest/recommendations'), { as: f.anna })).statusCode).toBe(403);
    // Again with fewer hearts (as after a step back to stage 11): the automatic flag goes, the trustee's stays.
    await h.database.db.delete(interests).where(inArray(interests.memberId, [carol.id]));
    expect(await recommendHighInterest({ db: h.database.db }, f.estateId, null)).toEqual({ threshold: 3, flagged: [], cleared: [a] });
    const log = (await call(h, 'GET', f.url('/activity'), { as: f.anna })).json().events;
    expect(log.filter((e: { action: string }) => e.action === 'high-interest.recommended')).toHaveLength(2);
  });
});

describe('rankings (stage 20)', () => {
  it('stores up to 10 hearted high-interest items in order, replacing the whole ranking', async () => {
    const f = await family(4);
    const [a, b, c, d] = f.ids as [string, string, string, string];
    await setStage(h, f.estateId, 11);
    for (const id of [a, b, d]) await heart(f.url(`/items/${id}`), f.anna);
    await setHi([a, b, c]);
    await setStage(h, f.estateId, 20);
    const put = (itemIds: string[], as: Caller = f.anna) => call(h, 'PUT', f.url('/rankings'), { as, body: { itemIds } });
    const first = await put([b, a]);
    expect(first.json()).toEqual({ itemIds: [b, a], items: [expect.objectContaining({ itemId: b, rank: 1 }), expect.objectContaining({ itemId: a, rank: 2 })] });
    expect((await call(h, 'GET', f.url('/rankings'), { as: f.anna })).json()).toEqual(first.json());
    const notHearted = await put([c]);
    expect(notHearted.statusCode).toBe(400);
    expect(notHearted.json().error.fields).toEqual({ 'itemIds.0': expect.stringContaining('hearted') });
    expect((await put([a, d])).json().error.fields).toEqual({ 'itemIds.1': expect.any(String) });
    expect((await put([a, a])).json().error.fields).toHaveProperty('itemIds');
    expect((await put(Array.from({ length: 11 }, () => a))).json().error.fields).toHaveProperty('itemIds');
    expect((await put(['nope'])).json().error.fields).toHaveProperty('itemIds.0');
    const replaced = (await put([a])).json();
    expect(replaced.items.map((i: { itemId: string; rank: number }) => [i.itemId, i.rank])).toEqual([[a, 1], [b, 11]]);
    expect((await put([a], f.trustee)).statusCode).toBe(403);
    expect((await put([a], f.observer)).statusCode).toBe(403);
    await setStage(h, f.estateId, 30);
    const late = await put([b]);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toContain('"High Interest Ranking"');
    const mine = (await call(h, 'GET', f.url('/my-items'), { as: f.anna })).json();
    expect(mine.ranked.map((r: { itemId: string }) => r.itemId)).toEqual([a]);
    expect(mine.hearted.map((r: { itemId: string }) => r.itemId).sort()).toEqual([a, b, d].sort());
  });
});

describe('tokens (stage 30)', () => {
  it('takes 0–2 tokens on contested items the member hearted, within the budget', async () => {
    const f = await family(4);
    const [x, y, z, hi] = f.ids as [string, string, string, string];
    await setStage(h, f.estateId, 11);
    for (const id of [x, y, z, hi]) await heart(f.url(`/items/${id}`), f.anna);
    for (const id of [x, y, hi]) await heart(f.url(`/items/${id}`), f.ben);
    await heart(f.url(`/items/${x}`), f.kid);
    await setHi([hi]);
    await setStage(h, f.estateId, 30);
    const put = (allocations: { itemId: string; count: number }[], as: Caller = f.anna) => call(h, 'PUT', f.url('/tokens'), { as, body: { allocations } });
    const start = (await call(h, 'GET', f.url('/tokens'), { as: f.anna })).json();
    expect(start).toMatchObject({ used: 0, budget: 2, budgetRule: 'per-interest', allocations: [] });
    expect(start.contested.map((c: { itemId: string; interestCount: number }) => [c.itemId, c.interestCount])).toEqual([[x, 2], [y, 2]]);
    expect((await put([{ itemId: x, count: 2 }])).json()).toMatchObject({ used: 2, budget: 2, allocations: [{ itemId: x, count: 2 }] });
    const over = await put([{ itemId: x, count: 2 }, { itemId: y, count: 1 }]);
    expect(over.statusCode).toBe(400);
    expect(over.json().error.fields.allocations).toContain('budget is 2');
    expect((await put([{ itemId: x, count: 3 }])).json().error.fields).toHaveProperty('allocations.0.count');
    expect((await put([{ itemId: z, count: 1 }])).json().error.fields).toEqual({ 'allocations.0.itemId': expect.stringContaining('contested') });
    expect((await put([{ itemId: hi, count: 1 }])).json().error.fields).toHaveProperty('allocations.0.itemId');
    expect((await put([{ itemId: x, count: 1 }, { itemId: x, count: 1 }])).json().error.fields).toHaveProperty('allocations');
    // A refused request changes nothing.
    expect((await call(h, 'GET', f.url('/tokens'), { as: f.anna })).json()).toMatchObject({ used: 2, allocations: [{ itemId: x, count: 2 }] });
    expect((await put([{ itemId: x, count: 1 }, { itemId: y, count: 1 }])).json()).toMatchObject({ used: 2, allocations: [{ itemId: x, count: 1 }, { itemId: y, count: 1 }] });
    expect((await put([], f.trustee)).statusCode).toBe(403);
    // Offspring advise; they have no budget and cannot place tokens.
    expect((await call(h, 'GET', f.url('/tokens'), { as: f.kid })).json()).toMatchObject({ used: 0, budget: 0, contested: [] });
    expect((await put([{ itemId: x, count: 1 }], f.kid)).statusCode).toBe(403);
    // The estate's equal budget replaces the seed's rule.
    await call(h, 'PATCH', f.url(''), { as: f.trustee, body: { settings: { tokenBudget: 'equal', equalTokenBudget: 3 } } });
    expect((await put([{ itemId: x, count: 2 }, { itemId: y, count: 1 }])).json()).toMatchObject({ used: 3, budget: 3, budgetRule: 'equal' });
    const mine = (await call(h, 'GET', f.url('/my-items'), { as: f.anna })).json();
    expect(mine.tokens).toMatchObject({ used: 3, budget: 3 });
    expect(mine.tokens.allocations.map((a: { label: string; count: number }) => [a.label, a.count])).toEqual([['A-0001', 2], ['A-0002', 1]]);
    await setStage(h, f.estateId, 31);
    const late = await put([]);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toContain('"Allocate Priority Tokens"');
  });
});
