import { describe, expect, it } from 'vitest';
import { Role } from '@estate/domain/roles';
import { call, useHarness } from '../../test/harness.js';
import { addMember, createEstate, createItem, createUser, signIn } from '../../test/factories.js';

const h = useHarness();

describe('stage moves', () => {
  it('lets a trustee move forward one stage at a time and step back, logging each move', async () => {
    const trustee = await createUser(h);
    const estateId = await createEstate(h, trustee);
    const move = (to: number) => call(h, 'POST', `/api/estates/${estateId}/stage`, { as: trustee, body: { to } });
    expect((await move(1)).json()).toEqual({ stage: 1 });
    const skip = await move(10);
    expect(skip.statusCode).toBe(409);
    expect(skip.json().error.message).toContain('"Beneficiaries Approve All Items"');
    expect((await move(0)).json()).toEqual({ stage: 0 });
    const events = (await call(h, 'GET', `/api/estates/${estateId}/activity`, { as: trustee })).json().events;
    expect(events.slice(0, 2).map((e: { action: string }) => e.action)).toEqual(['stage.stepped-back', 'stage.advanced']);
    expect((await move(42_000)).statusCode).toBe(400);
  });

  it('lets the review end once every beneficiary has answered every item or said they are done', async () => {
    const trustee = await createUser(h);
    const estateId = await createEstate(h, trustee);
    const [anna, ben] = [await addMember(h, estateId, trustee, [Role.Beneficiary]), await addMember(h, estateId, trustee, [Role.Beneficiary])];
    for (const name of ['Clock', 'Lamp']) await createItem(h, estateId, trustee, { name });
    const url = (path: string) => `/api/estates/${estateId}${path}`;
    for (const to of [1, 2]) expect((await call(h, 'POST', url('/stage'), { as: trustee, body: { to } })).statusCode).toBe(200);
    const forward = async () => (await call(h, 'GET', url('/stage/moves'), { as: trustee })).json().forward;
    expect(await forward()).toEqual({ to: 10, allowed: false, code: 'review-incomplete', params: { waiting: 2 } });
    // Anna answers every item; Ben answers none but says he is done: neither holds the review open.
    expect((await call(h, 'POST', url('/approvals/approve-all'), { as: anna })).statusCode).toBeLessThan(300);
    expect(await forward()).toEqual({ to: 10, allowed: false, code: 'review-incomplete', params: { waiting: 1 } });
    expect((await call(h, 'POST', url('/participation/2/done'), { as: ben })).statusCode).toBeLessThan(300);
    expect(await forward()).toEqual({ to: 10, allowed: true });
    expect((await call(h, 'POST', url('/stage'), { as: trustee, body: { to: 10 } })).json()).toEqual({ stage: 10 });
  });

  it('refuses stage moves by anyone but a trustee', async () => {
    const trustee = await createUser(h);
    const estateId = await createEstate(h, trustee);
    const beneficiary = await addMember(h, estateId, trustee, [Role.Beneficiary]);
    expect((await call(h, 'POST', `/api/estates/${estateId}/stage`, { as: beneficiary, body: { to: 1 } })).statusCode).toBe(403);
  });

  it('publishes commitments to every member when stage 11 opens, keeping the secrets', async () => {
    const trustee = await createUser(h);
    const estateId = await createEstate(h, trustee);
    const beneficiary = await addMember(h, estateId, trustee, [Role.Beneficiary]);
    for (const to of [1, 2, 10]) await call(h, 'POST', `/api/estates/${estateId}/stage`, { as: trustee, body: { to } });
    expect((await call(h, 'GET', `/api/estates/${estateId}/commitments`, { as: beneficiary })).json().commitments).toEqual([]);
    await call(h, 'POST', `/api/estates/${estateId}/stage`, { as: trustee, body: { to: 11 } });
    const { commitments } = (await call(h, 'GET', `/api/estates/${estateId}/commitments`, { as: beneficiary })).json();
    expect(commitments.map((c: { step: number }) => c.step).sort()).toEqual([21, 31]);
    for (const c of commitments) {
      expect(c.commitment).toMatch(/^[0-9a-f]{64}$/);
      expect(c.secret).toBeNull();
    }
    // Going back and forward again keeps the same commitments.
    await call(h, 'POST', `/api/estates/${estateId}/stage`, { as: trustee, body: { to: 10 } });
    await call(h, 'POST', `/api/estates/${estateId}/stage`, { as: trustee, body: { to: 11 } });
    const again = (await call(h, 'GET', `/api/estates/${estateId}/commitments`, { as: beneficiary })).json().commitments;
    expect(again).toEqual(commitments);
    const log = (await call(h, 'GET', `/api/estates/${estateId}/activity`, { as: beneficiary })).json().events;
    expect(log.filter((e: { action: string }) => e.action === 'draw.committed')).toHaveLength(2);
  });

  it('lets only one of two simultaneous moves through', async () => {
    const trustee = await createUser(h);
    const estateId = await createEstate(h, trustee);
    const results = await Promise.all([1, 1].map((to) => call(h, 'POST', `/api/estates/${estateId}/stage`, { as: trustee, body: { to } })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('cannot leave an automated stage before its step runs', async () => {
    const trustee = await createUser(h);
    const estateId = await createEstate(h, trustee);
    for (const to of [1, 2, 10, 11, 12, 13, 14]) expect((await call(h, 'POST', `/api/estates/${estateId}/stage`, { as: trustee, body: { to } })).statusCode).toBe(200);
    const res = await call(h, 'POST', `/api/estates/${estateId}/stage`, { as: trustee, body: { to: 15 } });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('Run the step "Assign Unwanted Items" before moving on.');
  });

  it('refuses to step back into a stage whose deadline has passed', async () => {
    const trustee = await createUser(h);
    const estateId = await createEstate(h, trustee);
    for (const to of [1, 2, 10, 11]) await call(h, 'POST', `/api/estates/${estateId}/stage`, { as: trustee, body: { to } });
    const dueAt = new Date(h.clock.now.getTime() + 3_600_000).toISOString();
    await call(h, 'PUT', `/api/estates/${estateId}/deadlines/11`, { as: trustee, body: { dueAt } });
    h.clock.advance(7_200_000);
    await h.app.scheduler.runDue();
    const me = await signIn(h, trustee.email);
    expect((await call(h, 'POST', `/api/estates/${estateId}/stage`, { as: me, body: { to: 12 } })).statusCode).toBe(200);
    const back = await call(h, 'POST', `/api/estates/${estateId}/stage`, { as: me, body: { to: 11 } });
    expect(back.statusCode).toBe(409);
    expect(back.json().error.message).toContain('has passed');
  });
});
