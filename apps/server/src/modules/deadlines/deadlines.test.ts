/** Deadlines with a controlled clock: the scheduler is driven by the test, not by a timer. */
import { describe, expect, it } from 'vitest';
import { Role } from '@estate/domain/roles';
import { buildApp } from '../../app.js';
import { call, useHarness } from '../../test/harness.js';
import { addMember, createAdmin, createEstate, createItem, createUser, setStage, signIn } from '../../test/factories.js';

const h = useHarness();
const HOUR = 3600_000;

async function setup() {
  const trustee = await createUser(h);
  const estateId = await createEstate(h, trustee);
  const anna = await addMember(h, estateId, trustee, [Role.Beneficiary]);
  const ben = await addMember(h, estateId, trustee, [Role.Beneficiary]);
  const chair = await createItem(h, estateId, trustee, { name: 'Oak Chair' });
  const lamp = await createItem(h, estateId, trustee, { name: 'Brass Lamp' });
  await setStage(h, estateId, 2);
  return { trustee, estateId, anna, ben, chair, lamp };
}

const inHours = (n: number) => new Date(h.clock.now.getTime() + n * HOUR).toISOString();

describe('deadlines', () => {
  it('counts non-responders as approving at the deadline, freezes answers, and advances when chosen', async () => {
    const { trustee, estateId, anna, ben, chair, lamp } = await setup();
    const set = await call(h, 'PUT', `/api/estates/${estateId}/deadlines/2`, { as: trustee, body: { dueAt: inHours(48), autoAdvance: true } });
    expect(set.statusCode).toBe(200);
    expect((await call(h, 'GET', `/api/estates/${estateId}`, { as: anna })).json().estate.deadlines).toEqual({ '2': inHours(48) });
    await call(h, 'PUT', `/api/estates/${estateId}/items/${chair.id}/approval`, { as: anna, body: { status: 'flagged', comment: 'Scratched' } });

    // Before the deadline nothing happens.
    h.clock.advance(47 * HOUR);
    await h.app.scheduler.runDue();
    expect((await call(h, 'GET', `/api/estates/${estateId}/stage`, { as: await signIn(h, anna.email) })).json().stage).toBe(2);

    h.clock.advance(2 * HOUR);
    await h.app.scheduler.runDue();
    // Two days passed: access tokens have expired, so sign in again.
    const [trustee2, anna2] = [await signIn(h, trustee.email), await signIn(h, anna.email)];
    Object.assign(trustee, trustee2);
    Object.assign(anna, anna2);
    const progress = (await call(h, 'GET', `/api/estates/${estateId}/approvals/progress`, { as: trustee })).json();
    expect(progress.members.find((m: { memberId: string }) => m.memberId === anna.id)).toMatchObject({ flagged: 1, approvedAutomatically: 1 });
    expect(progress.members.find((m: { memberId: string }) => m.memberId === ben.id)).toMatchObject({ approved: 0, approvedAutomatically: 2 });
    expect((await call(h, 'GET', `/api/estates/${estateId}/stage`, { as: anna })).json().stage).toBe(10);

    // Running again does nothing more.
    await h.app.scheduler.runDue();
    expect((await call(h, 'GET', `/api/estates/${estateId}/stage`, { as: anna })).json().stage).toBe(10);
    const log = (await call(h, 'GET', `/api/estates/${estateId}/activity`, { as: trustee })).json().events.map((e: { action: string }) => e.action);
    expect(log.filter((a: string) => a === 'deadline.passed')).toHaveLength(1);
    expect(log).toContain('stage.advanced');

    // Frozen: even back in stage 2, answers cannot change.
    await setStage(h, estateId, 2);
    const frozen = await call(h, 'PUT', `/api/estates/${estateId}/items/${lamp.id}/approval`, { as: anna, body: { status: 'approved' } });
    expect(frozen.statusCode).toBe(409);
    expect(frozen.json().error.message).toMatch(/deadline/);
  });

  it('stays in the stage at the deadline when not asked to advance', async () => {
    const { trustee, estateId, anna } = await setup();
    await call(h, 'PUT', `/api/estates/${estateId}/deadlines/2`, { as: trustee, body: { dueAt: inHours(1) } });
    h.clock.advance(2 * HOUR);
    await h.app.scheduler.runDue();
    const again = await signIn(h, anna.email);
    expect((await call(h, 'GET', `/api/estates/${estateId}/stage`, { as: again })).json().stage).toBe(2);
    const deadlines = (await call(h, 'GET', `/api/estates/${estateId}/deadlines`, { as: again })).json().deadlines;
    expect(deadlines).toEqual([expect.objectContaining({ stage: 2, passed: true, autoAdvance: false })]);
  });

  it('reminds members who have not finished a day before, once', async () => {
    await createAdmin(h, { email: 'root@example.com' });
    const { trustee, estateId } = await setup();
    await call(h, 'PUT', `/api/estates/${estateId}/deadlines/2`, { as: trustee, body: { dueAt: inHours(30) } });
    await h.app.scheduler.runDue();
    const before = (await call(h, 'GET', '/api/admin/outbox', { as: await signIn(h, 'root@example.com') })).json().messages.filter((m: { subject: string }) => m.subject.startsWith('Reminder'));
    expect(before).toHaveLength(0);
    h.clock.advance(7 * HOUR);
    await h.app.scheduler.runDue();
    await h.app.scheduler.runDue();
    const admin = await signIn(h, 'root@example.com');
    const after = (await call(h, 'GET', '/api/admin/outbox', { as: admin })).json().messages.filter((m: { subject: string }) => m.subject.startsWith('Reminder'));
    expect(after).toHaveLength(2);
    expect(after[0].subject).toBe("Reminder: “Beneficiaries Approve All Items” closes soon – Estate of Grandma Rose");
  });

  it('sends no reminders when the estate has notifications switched off', async () => {
    await createAdmin(h, { email: 'root@example.com' });
    const { trustee, estateId } = await setup();
    await call(h, 'PATCH', `/api/estates/${estateId}`, { as: trustee, body: { settings: { notify: false } } });
    await call(h, 'PUT', `/api/estates/${estateId}/deadlines/2`, { as: trustee, body: { dueAt: inHours(10) } });
    await h.app.scheduler.runDue();
    const admin = await signIn(h, 'root@example.com');
    const reminders = (await call(h, 'GET', '/api/admin/outbox', { as: admin })).json().messages.filter((m: { subject: string }) => m.subject.startsWith('Reminder'));
    expect(reminders).toHaveLength(0);
  });

  it('refuses deadlines for stages without one, in the past, or from non-trustees', async () => {
    const { trustee, estateId, anna } = await setup();
    const wrong = await call(h, 'PUT', `/api/estates/${estateId}/deadlines/12`, { as: trustee, body: { dueAt: inHours(5) } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toHaveProperty('stage');
    const past = await call(h, 'PUT', `/api/estates/${estateId}/deadlines/2`, { as: trustee, body: { dueAt: inHours(-1) } });
    expect(past.json().error.fields).toHaveProperty('dueAt');
    expect((await call(h, 'PUT', `/api/estates/${estateId}/deadlines/2`, { as: anna, body: { dueAt: inHours(5) } })).statusCode).toBe(403);
    const bad = await call(h, 'PUT', `/api/estates/${estateId}/deadlines/2`, { as: trustee, body: { dueAt: 'next tuesday' } });
    expect(bad.statusCode).toBe(400);
  });

  it('applies a deadline exactly once when two server processes run the scheduler at the same time', async () => {
    const { trustee, estateId } = await setup();
    await call(h, 'PUT', `/api/estates/${estateId}/deadlines/2`, { as: trustee, body: { dueAt: inHours(1), autoAdvance: true } });
    h.clock.advance(2 * HOUR);
    const second = await buildApp({ config: h.config, database: h.database, now: () => h.clock.now });
    try {
      await Promise.all([h.app.scheduler.runDue(), second.scheduler.runDue(), h.app.scheduler.runDue()]);
    } finally {
      await second.close();
    }
    const me = await signIn(h, trustee.email);
    const log = (await call(h, 'GET', `/api/estates/${estateId}/activity`, { as: me })).json().events.map((e: { action: string }) => e.action);
    expect(log.filter((a: string) => a === 'deadline.passed')).toHaveLength(1);
    expect(log.filter((a: string) => a === 'stage.advanced')).toHaveLength(1);
    expect((await call(h, 'GET', `/api/estates/${estateId}/stage`, { as: me })).json().stage).toBe(10);
  });
});
