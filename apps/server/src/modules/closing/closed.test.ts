/**
 * Stage 99: the estate is a read-only archive. Every write answers 409 `estate_closed` (decided
 * once, by the route pre-handler, from the method), reads stay, and a write that passed the
 * pre-handler just before the estate closed is refused under the row lock.
 */
import { describe, expect, it } from 'vitest';
import { Role } from '@estate/domain/roles';
import { Stage } from '@estate/domain/stages';
import { recheckAccess } from '../../platform/pool.js';
import type { EstateAccess } from '../../platform/auth.js';
import { AppError } from '../../platform/errors.js';
import { call, useHarness } from '../../test/harness.js';
import { addMember, createEstate, createItem, createUser, setStage } from '../../test/factories.js';

const h = useHarness();

async function closedEstate() {
  const trustee = await createUser(h);
  const estateId = await createEstate(h, trustee);
  const beneficiary = await addMember(h, estateId, trustee, [Role.Beneficiary]);
  const item = await createItem(h, estateId, trustee, { name: 'Walnut Desk' });
  await setStage(h, estateId, Stage.Completed);
  return { trustee, beneficiary, estateId, item };
}

describe('a closed estate', () => {
  it('answers every write with 409 estate_closed and a calm message', async () => {
    const { trustee, estateId, item } = await closedEstate();
    const writes = [
      call(h, 'PATCH', `/api/estates/${estateId}`, { as: trustee, body: { name: 'Renamed' } }),
      call(h, 'POST', `/api/estates/${estateId}/invitations`, { as: trustee, body: { email: 'late@example.com', roles: [Role.Beneficiary] } }),
      call(h, 'POST', `/api/estates/${estateId}/stage`, { as: trustee, body: { to: Stage.Finalizing } }),
      call(h, 'POST', `/api/estates/${estateId}/draws/publish`, { as: trustee }),
      call(h, 'PATCH', `/api/estates/${estateId}/items/${item.id}`, { as: trustee, body: { name: 'Desk' }, headers: { 'if-match': String(item.version) } }),
    ];
    for (const res of await Promise.all(writes)) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.headers['x-refused-by']).toBe('policy');
      const error = res.json<{ error: { code: string; message: string } }>().error;
      expect(error.code).toBe('estate_closed');
      expect(error.message).toMatch(/This estate is closed/);
    }
  });

  it('says so in the reader\'s language', async () => {
    const { trustee, estateId } = await closedEstate();
    const res = await call(h, 'PATCH', `/api/estates/${estateId}`, { as: trustee, body: { name: 'Renamed' }, headers: { 'accept-language': 'tr' } });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'estate_closed', reason: 'code.estate_closed' });
    expect(res.json().error.message).not.toMatch(/This estate is closed/);
  });

  it('keeps every read: the estate, its items, the export', async () => {
    const { trustee, beneficiary, estateId } = await closedEstate();
    for (const [url, as] of [
      [`/api/estates/${estateId}`, beneficiary],
      [`/api/estates/${estateId}/items`, beneficiary],
      [`/api/estates/${estateId}/items/export?format=csv`, trustee],
      [`/api/estates/${estateId}/stage/moves`, trustee],
    ] as const) {
      const res = await call(h, 'GET', url, { as });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    }
  });

  it('refuses a beneficiary by role first, as in every other stage', async () => {
    const { beneficiary, estateId } = await closedEstate();
    const res = await call(h, 'PATCH', `/api/estates/${estateId}`, { as: beneficiary, body: { name: 'Mine' } });
    expect(res.statusCode).toBe(403);
  });

  it('refuses under the row lock a write that was let through just before the estate closed', async () => {
    const { estateId } = await closedEstate();
    const [estate] = await h.database.db.query.estates.findMany({ where: (e, { eq }) => eq(e.id, estateId) });
    // The pre-handler saw stage 90; by the time the write locks the row the estate is closed.
    const access = { user: {}, estate: estate!, stage: Stage.Finalizing, roles: [Role.Trustee] } as unknown as EstateAccess;
    const error = await h.database.db.transaction((tx) => recheckAccess(tx, access, 'estate.update')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('estate_closed');
    expect((error as AppError).status).toBe(409);
  });
});
