import { describe, expect, it } from 'vitest';
import { Role } from '@estate/domain/roles';
import { call, useHarness } from '../../test/harness.js';
import { addMember, createEstate, createItem, createUser, setStage } from '../../test/factories.js';

const h = useHarness();

async function stageTwoEstate() {
  const trustee = await createUser(h);
  const estateId = await createEstate(h, trustee);
  const anna = await addMember(h, estateId, trustee, [Role.Beneficiary]);
  const ben = await addMember(h, estateId, trustee, [Role.Beneficiary]);
  const chair = await createItem(h, estateId, trustee, { name: 'Oak Chair' });
  const lamp = await createItem(h, estateId, trustee, { name: 'Brass Lamp' });
  await setStage(h, estateId, 2);
  return { trustee, estateId, anna, ben, chair, lamp };
}

describe('stage 2 approvals', () => {
  it('records approvals and flags, and shows the trustee each beneficiary’s progress', async () => {
    const { trustee, estateId, anna, ben, chair, lamp } = await stageTwoEstate();
    const approve = (as: typeof anna, itemId: string, body: object) => call(h, 'PUT', `/api/estates/${estateId}/items/${itemId}/approval`, { as, body });
    expect((await approve(anna, chair.id, { status: 'approved' })).statusCode).toBe(204);
    expect((await approve(anna, lamp.id, { status: 'flagged', comment: 'It is copper, not brass.', suggestion: { name: 'Copper Lamp' } })).statusCode).toBe(204);
    expect((await approve(ben, chair.id, { status: 'flagged' })).statusCode).toBe(400); // a flag needs a reason

    const lampNow = (await call(h, 'GET', `/api/estates/${estateId}/items/${lamp.id}`, { as: trustee })).json().item;
    expect(lampNow.status).toBe('pending');

    const progress = (await call(h, 'GET', `/api/estates/${estateId}/approvals/progress`, { as: trustee })).json();
    expect(progress.totalItems).toBe(2);
    expect(progress.members.find((m: { memberId: string }) => m.memberId === anna.id)).toMatchObject({ approved: 1, flagged: 1 });
    expect(progress.members.find((m: { memberId: string }) => m.memberId === ben.id)).toMatchObject({ approved: 0, flagged: 0 });

    expect((await call(h, 'GET', `/api/estates/${estateId}/approvals/progress`, { as: anna })).statusCode).toBe(403);
    const mine = (await call(h, 'GET', `/api/estates/${estateId}/approvals/mine`, { as: anna })).json().approvals;
    expect(mine).toHaveLength(2);
    expect((await call(h, 'GET', `/api/estates/${estateId}/approvals/mine`, { as: ben })).json().approvals).toEqual([]);
  });

  it('lets the trustee accept a suggested correction (applied, versioned, logged) or reject it', async () => {
    const { trustee, estateId, anna, ben, lamp, chair } = await stageTwoEstate();
    await call(h, 'PUT', `/api/estates/${estateId}/items/${lamp.id}/approval`, { as: anna, body: { status: 'flagged', comment: 'Copper', suggestion: { name: 'Copper Lamp', categories: ['Lighting'] } } });
    await call(h, 'PUT', `/api/estates/${estateId}/items/${chair.id}/approval`, { as: ben, body: { status: 'flagged', suggestion: { name: 'Pine Chair' } } });
    const flags = (await call(h, 'GET', `/api/estates/${estateId}/approvals/flags`, { as: trustee })).json().flags;
    expect(flags).toHaveLength(2);

    const accept = await call(h, 'POST', `/api/estates/${estateId}/items/${lamp.id}/approvals/${anna.id}/resolve`, { as: trustee, body: { resolution: 'accepted' } });
    expect(accept.statusCode).toBe(204);
    const lampNow = (await call(h, 'GET', `/api/estates/${estateId}/items/${lamp.id}`, { as: trustee })).json().item;
    expect(lampNow).toMatchObject({ name: 'Copper Lamp', categories: ['Lighting'], status: 'unassigned', version: 2 });

    await call(h, 'POST', `/api/estates/${estateId}/items/${chair.id}/approvals/${ben.id}/resolve`, { as: trustee, body: { resolution: 'rejected', note: 'It is oak.' } });
    const chairNow = (await call(h, 'GET', `/api/estates/${estateId}/items/${chair.id}`, { as: trustee })).json().item;
    expect(chairNow).toMatchObject({ name: 'Oak Chair', status: 'unassigned' });
    const again = await call(h, 'POST', `/api/estates/${estateId}/items/${chair.id}/approvals/${ben.id}/resolve`, { as: trustee, body: { resolution: 'accepted' } });
    expect(again.statusCode).toBe(409);
    expect((await call(h, 'POST', `/api/estates/${estateId}/items/${chair.id}/approvals/${ben.id}/resolve`, { as: anna, body: { resolution: 'accepted' } })).statusCode).toBe(403);
  });

  it('tells open pages when a flag makes an item Pending, and says nothing of a plain approval', async () => {
    const { estateId, anna, chair, lamp } = await stageTwoEstate();
    const heard: string[] = [];
    const stop = await h.database.notifier.listen('estate_events', (payload) => heard.push(payload));
    try {
      await call(h, 'PUT', `/api/estates/${estateId}/items/${chair.id}/approval`, { as: anna, body: { status: 'approved' } });
      await call(h, 'PUT', `/api/estates/${estateId}/items/${lamp.id}/approval`, { as: anna, body: { status: 'flagged', comment: 'Copper', suggestion: { name: 'Copper Lamp' } } });
      await expect.poll(() => heard.some((p) => p.includes(lamp.id))).toBe(true);
      expect(heard.some((p) => p.includes(chair.id))).toBe(false);
      expect(heard.join()).not.toContain(anna.id);
    } finally {
      await stop();
    }
  });

  it('approves everything left in one go', async () => {
    const { estateId, anna, chair } = await stageTwoEstate();
    await call(h, 'PUT', `/api/estates/${estateId}/items/${chair.id}/approval`, { as: anna, body: { status: 'flagged', comment: 'Scratched' } });
    const res = await call(h, 'POST', `/api/estates/${estateId}/approvals/approve-all`, { as: anna });
    expect(res.json()).toEqual({ approved: 1 });
    const mine = (await call(h, 'GET', `/api/estates/${estateId}/approvals/mine`, { as: anna })).json().approvals;
    expect(mine.map((a: { status: string }) => a.status).sort()).toEqual(['approved', 'flagged']);
  });

  it('refuses approvals outside stage 2, naming the stage, and from non-beneficiaries', async () => {
    const { trustee, estateId, anna, chair } = await stageTwoEstate();
    await setStage(h, estateId, 10);
    const late = await call(h, 'PUT', `/api/estates/${estateId}/items/${chair.id}/approval`, { as: anna, body: { status: 'approved' } });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toContain('"Beneficiaries Approve All Items"');
    await setStage(h, estateId, 2);
    const observer = await addMember(h, estateId, trustee, [Role.Observer]);
    expect((await call(h, 'PUT', `/api/estates/${estateId}/items/${chair.id}/approval`, { as: observer, body: { status: 'approved' } })).statusCode).toBe(403);
  });

  it('counts a review answer as a write in its own estate only, so other estates keep their cached answers', async () => {
    const { estateId, anna, chair } = await stageTwoEstate();
    const other = await stageTwoEstate();
    const writes = h.database.writes;
    const stamps = () => [writes.stamp(estateId), writes.accessStamp(estateId), writes.stamp(other.estateId), writes.stamp(null)];
    const before = stamps();
    // A body, so the request passes body parsing (which loses the async context, entered again).
    const res = await call(h, 'PUT', `/api/estates/${estateId}/items/${chair.id}/approval`, { as: anna, body: { status: 'flagged', comment: 'Scratched leg.' } });
    expect(res.statusCode).toBe(204);
    const after = stamps();
    expect([after[0] !== before[0], after[1] === before[1], after[2] === before[2], after[3] === before[3]]).toEqual([true, true, true, true]);
  });
});
