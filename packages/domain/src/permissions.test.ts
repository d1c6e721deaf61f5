import { describe, expect, it } from 'vitest';
import { authorize, can, intentOf, isAction, WRITE_ACTIONS } from './permissions.js';
import { Role, estateRoles, isSupportVisit } from './roles.js';
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
    for (const role of [Role.Trustee, Role.Owner]) {
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

describe('a closed estate (stage 99)', () => {
  const closed = (roles: number[]) => ({ roles, stage: Stage.Completed }) as const;

  it('refuses every write, after the role check, and keeps reads', () => {
    expect(authorize('estate.update', closed([Role.Trustee]))).toEqual({ ok: false, reason: 'closed' });
    expect(authorize('member.invite', closed([Role.Owner]))).toEqual({ ok: false, reason: 'closed' });
    expect(authorize('estate.update', closed([Role.Beneficiary]))).toEqual({ ok: false, reason: 'role' });
    expect(can('item.view', closed([Role.Beneficiary]))).toBe(true);
    expect(can('archive.download', closed([Role.Observer]))).toBe(true);
  });

  it('asks the intent the server names (its HTTP method), or the action\'s own', () => {
    // The control panel's list of moves is a GET of a write action: readable when the server asks.
    expect(can('estate.stage', closed([Role.Trustee]), {}, 'read')).toBe(true);
    expect(can('estate.stage', closed([Role.Trustee]))).toBe(false);
    expect(intentOf('item.update')).toBe('write');
    expect(intentOf('report.view')).toBe('read');
    // One stage earlier nothing changes.
    expect(can('estate.update', { roles: [Role.Trustee], stage: Stage.Finalizing })).toBe(true);
  });

  it('lets only trustees make the report files again, in stage 90', () => {
    expect(can('report.generate', { roles: [Role.Trustee], stage: Stage.Finalizing })).toBe(true);
    expect(can('report.generate', { roles: [Role.Observer], stage: Stage.Finalizing })).toBe(false);
    expect(can('report.generate', { roles: [Role.Trustee], stage: Stage.DistributionCompleted })).toBe(false);
  });

  it('gives the archive to trustees and observers from stage 90', () => {
    expect(can('archive.download', { roles: [Role.Trustee], stage: Stage.Finalizing })).toBe(true);
    expect(can('archive.download', { roles: [Role.Trustee], stage: Stage.DistributionCompleted })).toBe(false);
    expect(can('archive.download', closed([Role.Beneficiary]))).toBe(false);
  });
});

it('lists only actions of the policy as writes', () => {
  expect([...WRITE_ACTIONS].filter((a) => !isAction(a))).toEqual([]);
});

describe("the installation's administrator (issue 31)", () => {
  const visitor = { roles: estateRoles(null, true), stage: Stage.Interest };

  it('gives an administrator without a membership only the support visit, and a member only their roles', () => {
    expect(estateRoles(null, true)).toEqual([Role.Admin]);
    expect(estateRoles(null, false)).toEqual([]);
    expect(estateRoles([Role.Beneficiary], true)).toEqual([Role.Beneficiary]);
    expect(isSupportVisit(estateRoles(null, true))).toBe(true);
    expect(isSupportVisit(estateRoles([Role.Trustee], true))).toBe(false);
  });

  it('refuses every write of the support visit as support, whatever its rule and stage', () => {
    for (const action of WRITE_ACTIONS) {
      if (!isAction(action)) continue;
      for (const stage of [Stage.Initial, Stage.Interest, Stage.Distribution, Stage.Completed]) {
        expect(authorize(action, { roles: visitor.roles, stage }, { step: stage, stage }, 'write'), `${action} in ${stage}`).toEqual({ ok: false, reason: 'support' });
      }
    }
    // The web asks by action (no intent): the same answer.
    expect(authorize('item.update', visitor)).toEqual({ ok: false, reason: 'support' });
    expect(authorize('estate.stage', visitor)).toEqual({ ok: false, reason: 'support' });
  });

  it('lets the support visit read what every member reads, and nothing private', () => {
    for (const action of ['estate.view', 'item.view', 'member.list', 'activity.view', 'draw.list', 'directive.view', 'chat.view'] as const) {
      expect(can(action, visitor), action).toBe(true);
    }
    for (const action of ['interest.viewWho', 'analytics.view', 'draw.viewFull', 'participation.viewAll', 'approval.viewAll', 'member.viewDetail', 'activity.viewAll', 'highInterest.review', 'lesson.progressAll', 'agreement.viewAll', 'report.viewAll', 'handover.viewAll', 'pool.review'] as const) {
      expect(authorize(action, visitor), action).toEqual({ ok: false, reason: 'role' });
    }
    expect(authorize('archive.download', { roles: visitor.roles, stage: Stage.Completed })).toEqual({ ok: false, reason: 'role' });
  });

  it('gives the administrator flag no trustee power', () => {
    expect(can('item.update', { roles: [Role.Admin, Role.Trustee], stage: Stage.Tokens })).toBe(false);
    expect(can('item.update', { roles: estateRoles([Role.Trustee], true), stage: Stage.Tokens })).toBe(true);
    expect(can('estate.stage', { roles: estateRoles([Role.Beneficiary], true), stage: Stage.Interest })).toBe(false);
    expect(can('interest.viewWho', { roles: estateRoles([Role.Beneficiary], true), stage: Stage.Interest })).toBe(false);
  });
});
