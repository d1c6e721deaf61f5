import { describe, expect, it } from 'vitest';
import { authorize, can } from './permissions.js';
import { Role } from './roles.js';
import { Stage } from './stages.js';

describe('permission table', () => {
  it('lets creators edit only while cataloguing', () => {
    expect(can('item.create', { roles: [Role.Creator], stage: Stage.Cataloging })).toBe(true);
    expect(authorize('item.create', { roles: [Role.Creator], stage: Stage.Approve })).toEqual({
      ok: false,
      reason: 'stage',
      allowedStages: [Stage.Cataloging],
    });
  });

  it('lets trustees and owners edit anything until results are published', () => {
    for (const role of [Role.Trustee, Role.Owner, Role.Admin]) {
      expect(can('item.update', { roles: [role], stage: Stage.Tokens })).toBe(true);
      expect(authorize('item.update', { roles: [role], stage: Stage.AssignmentCompleted }).ok).toBe(false);
    }
  });

  it('refuses by role before stage', () => {
    expect(authorize('member.invite', { roles: [Role.Beneficiary], stage: Stage.Initial })).toEqual({
      ok: false,
      reason: 'role',
    });
  });

  it('limits hearts to stage 11 and to beneficiaries and offspring', () => {
    expect(can('interest.set', { roles: [Role.Beneficiary], stage: Stage.Interest })).toBe(true);
    expect(can('interest.set', { roles: [Role.Offspring], stage: Stage.Interest })).toBe(true);
    expect(can('interest.set', { roles: [Role.Observer], stage: Stage.Interest })).toBe(false);
    expect(can('interest.set', { roles: [Role.Beneficiary], stage: Stage.Ranking })).toBe(false);
  });

  it('never shows who hearted an item to a beneficiary', () => {
    expect(can('interest.viewWho', { roles: [Role.Beneficiary, Role.Offspring], stage: Stage.Interest })).toBe(
      false,
    );
    expect(can('interest.viewWho', { roles: [Role.Observer], stage: Stage.Interest })).toBe(true);
  });

  it('treats a trustee who is also a beneficiary as both', () => {
    const actor = { roles: [Role.Trustee, Role.Beneficiary], stage: Stage.Interest } as const;
    expect(can('interest.set', actor)).toBe(true);
    expect(can('member.invite', actor)).toBe(true);
  });
});
