/** Reminders go only to people who have not finished, with every time in the estate's time zone and its name. */
import { expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Role } from '@estate/domain/roles';
import { outbox } from '../../db/schema.js';
import { call, useHarness } from '../../test/harness.js';
import { addMember, createItem, createUser, setStage } from '../../test/factories.js';

const h = useHarness();
const HOUR = 3600_000;

it('reminds only those who have not finished, in the estate\'s time zone with its name', async () => {
  const trustee = await createUser(h);
  // The creating trustee's browser zone comes with the new estate.
  const created = await call(h, 'POST', '/api/estates', { as: trustee, body: { name: 'Estate of Grandma Rose', timeZone: 'Europe/Istanbul', currency: 'TRY' } });
  expect(created.statusCode, created.body).toBe(201);
  const estate = created.json().estate;
  expect(estate.settings).toMatchObject({ timeZone: 'Europe/Istanbul', currency: 'TRY' });
  const estateId: string = estate.id;
  expect((await call(h, 'POST', '/api/estates', { as: trustee, body: { name: 'Nowhere', timeZone: 'Mars/Olympus' } })).statusCode).toBe(400);

  const anna = await addMember(h, estateId, trustee, [Role.Beneficiary]);
  const ben = await addMember(h, estateId, trustee, [Role.Beneficiary]);
  const chair = await createItem(h, estateId, trustee, { name: 'Oak Chair' });
  const lamp = await createItem(h, estateId, trustee, { name: 'Brass Lamp' });
  await setStage(h, estateId, 2);
  const due = new Date(Math.ceil((h.clock.now.getTime() + 20 * HOUR) / HOUR) * HOUR);
  const dueAt = due.toISOString();
  expect((await call(h, 'PUT', `/api/estates/${estateId}/deadlines/2`, { as: trustee, body: { dueAt } })).statusCode).toBe(200);
  // Anna answers every item without pressing "I'm done": she has finished all the same.
  for (const item of [chair, lamp]) {
    expect((await call(h, 'PUT', `/api/estates/${estateId}/items/${item.id}/approval`, { as: anna, body: { status: 'approved' } })).statusCode).toBe(204);
  }

  h.clock.advance(HOUR);
  await h.app.scheduler.runDue();
  const reminders = async (to: string) => (await h.database.db.select().from(outbox).where(eq(outbox.to, to))).filter((m) => /Reminder/.test(m.subject));
  expect(await reminders(anna.email)).toHaveLength(0);
  const [mail] = await reminders(ben.email);
  expect(mail?.text).toContain('(Europe/Istanbul)');
  expect(mail?.text).toContain(new Intl.DateTimeFormat('en', { timeStyle: 'short', timeZone: 'Europe/Istanbul' }).format(due));
});
