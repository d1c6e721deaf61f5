/** Who reads what in an estate's activity log: contact details stay with trustees and observers. */
import { expect, it } from 'vitest';
import { Role } from '@estate/domain/roles';
import { recordActivity } from '../../platform/activity.js';
import { call, useHarness } from '../../test/harness.js';
import { addMember, createEstate, createUser } from '../../test/factories.js';

const h = useHarness();

type Event = { action: string; to: unknown };

async function activity(estateId: string, as: { token?: string }): Promise<Event[]> {
  const res = await call(h, 'GET', `/api/estates/${estateId}/activity`, { as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ events: Event[] }>().events;
}

it('shows an invitation, with the invitee\'s address, to trustees and observers only', async () => {
  const trustee = await createUser(h);
  const estateId = await createEstate(h, trustee);
  const beneficiary = await addMember(h, estateId, trustee, [Role.Beneficiary]);
  const observer = await addMember(h, estateId, trustee, [Role.Observer]);
  const invite = await call(h, 'POST', `/api/estates/${estateId}/invitations`, { as: trustee, body: { email: 'cousin.private@example.com', roles: [Role.Beneficiary] } });
  expect(invite.statusCode, invite.body).toBe(201);

  for (const who of [trustee, observer]) {
    const invitation = (await activity(estateId, who)).find((e) => e.action === 'invitation.created' && JSON.stringify(e.to).includes('cousin.private@example.com'));
    expect(invitation).toBeDefined();
  }
  const seen = await activity(estateId, beneficiary);
  expect(JSON.stringify(seen)).not.toContain('cousin.private@example.com');
  expect(seen.filter((e) => e.action === 'invitation.created')).toEqual([]);
  // Joining is news for everyone, without an address.
  expect(seen.some((e) => e.action === 'member.joined')).toBe(true);
  expect(JSON.stringify(seen)).not.toMatch(/@example\.com/);
});

it('leaves email addresses out of any event a member who is not a trustee reads', async () => {
  const trustee = await createUser(h);
  const estateId = await createEstate(h, trustee);
  const beneficiary = await addMember(h, estateId, trustee, [Role.Beneficiary]);
  // An event written for all members that holds an address (as invitations did before).
  await recordActivity(h.database.db, { estateId, actorId: trustee.id, action: 'invitation.created', entity: 'invitation', field: 'roles', to: { email: 'old.entry@example.com', roles: [10] } });
  const [event] = (await activity(estateId, beneficiary)).filter((e) => e.action === 'invitation.created');
  expect(event!.to).toEqual({ roles: [10] });
  const full = (await activity(estateId, trustee)).find((e) => JSON.stringify(e.to).includes('old.entry'));
  expect(full!.to).toEqual({ email: 'old.entry@example.com', roles: [10] });
});
