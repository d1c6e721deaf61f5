import { describe, expect, it } from 'vitest';
import { memberRefusals, roleChangeRefusal, type MemberFacts } from './members.js';
import { Role } from './roles.js';
import { changeRolesBody, phoneSchema } from './schemas/people.js';
import { timelineSentence, type ActivityFacts } from './timeline.js';

const event = (e: Partial<ActivityFacts> & { action: string }): ActivityFacts => ({ entity: 'estate', entityId: null, field: null, from: null, to: null, ...e });
const lamp = { number: 12, name: 'Brass Lamp' };

describe('timeline sentences', () => {
  it('names the item as it is now, and links to it', () => {
    expect(timelineSentence(event({ action: 'interest.added', entity: 'item', entityId: 'i1', to: true }), lamp)).toEqual({
      kind: 'interestAdded',
      values: { item: 'A-0012 Brass Lamp' },
      itemId: 'i1',
    });
  });

  it('keeps the name a removed item had, without a link', () => {
    expect(timelineSentence(event({ action: 'item.deleted', entity: 'item', entityId: 'i1', from: 'A-0012 Brass Lamp' }), undefined)).toEqual({
      kind: 'itemDeleted',
      values: { item: 'A-0012 Brass Lamp' },
      itemId: null,
    });
  });

  it('passes on none of an entry’s other values (another person’s suggestion, a receiver, a record)', () => {
    const cases: ActivityFacts[] = [
      event({ action: 'flag.accepted', entity: 'item', entityId: 'i1', field: 'approval', from: { name: 'SECRET suggestion' }, to: 'SECRET note' }),
      event({ action: 'directive.created', entity: 'item', entityId: 'i1', to: { memberId: 'SECRET-member', clause: 'SECRET clause' } }),
      event({ action: 'step.ran', entity: 'draw', entityId: '21', field: 'record', to: { order: ['SECRET'] } }),
      event({ action: 'tokens.set', entity: 'member', entityId: 'm1', to: [{ itemId: 'SECRET', count: 2 }] }),
      event({ action: 'item.flagged', entity: 'item', entityId: 'i1', to: { comment: 'SECRET comment' } }),
      event({ action: 'something.new', entity: 'thing', entityId: 'x', to: 'SECRET' }),
    ];
    for (const c of cases) expect(JSON.stringify(timelineSentence(c, lamp))).not.toContain('SECRET');
  });

  it('reads stages from fields, entity ids and values', () => {
    expect(timelineSentence(event({ action: 'participation.done', entity: 'member', field: 'stage.11' }), undefined)?.values).toEqual({ stage: 11 });
    expect(timelineSentence(event({ action: 'stage.advanced', to: { code: 20, name: 'x' } }), undefined)).toMatchObject({ kind: 'stageAdvanced', values: { stage: 20 } });
    expect(timelineSentence(event({ action: 'step.ran', entity: 'draw', entityId: '14' }), undefined)).toMatchObject({ kind: 'stepRan', values: { stage: 14 } });
    expect(timelineSentence(event({ action: 'deadline.set', field: 'deadline.2', to: { dueAt: '2026-12-01T10:00:00.000Z' } }), undefined)?.values).toEqual({
      stage: 2,
      date: '2026-12-01T10:00:00.000Z',
    });
  });

  it('says which field changed, for the fields it knows', () => {
    expect(timelineSentence(event({ action: 'item.updated', entity: 'item', entityId: 'i1', field: 'brand' }), lamp)?.values).toEqual({ item: 'A-0012 Brass Lamp', field: 'brand' });
    expect(timelineSentence(event({ action: 'item.updated', entity: 'item', entityId: 'i1', field: 'featuredPhotoId' }), lamp)?.values.field).toBe('details');
    expect(timelineSentence(event({ action: 'item.updated', entity: 'item', entityId: 'i1', field: 'highInterest', to: true }), lamp)?.kind).toBe('highInterestSet');
  });

  it('leaves out what is said twice, and says "a change" for the unknown', () => {
    expect(timelineSentence(event({ action: 'step.undone-record', entity: 'draw', entityId: '21' }), undefined)).toBeUndefined();
    expect(timelineSentence(event({ action: 'brand.new-thing' }), undefined)?.kind).toBe('other');
  });
});

describe('what a trustee may not do to a member', () => {
  const facts = (f: Partial<MemberFacts>): MemberFacts => ({
    self: false,
    roles: [Role.Beneficiary],
    receivesThrough: null,
    otherTrustees: 1,
    receivesFor: 0,
    receiversOpen: true,
    ...f,
  });

  it('keeps the last trustee, and a trustee does not disable themselves', () => {
    expect(memberRefusals(facts({ roles: [Role.Trustee], otherTrustees: 0 }))).toEqual({ disable: 'lastTrustee', dropTrustee: 'lastTrustee' });
    expect(memberRefusals(facts({ roles: [Role.Owner], otherTrustees: 0, self: true })).disable).toBe('self');
    expect(roleChangeRefusal(facts({ roles: [Role.Trustee], otherTrustees: 0 }), { roles: [Role.Owner], receivesThrough: null })).toBeUndefined();
    expect(roleChangeRefusal(facts({ roles: [Role.Trustee], otherTrustees: 0 }), { roles: [Role.Observer], receivesThrough: null })).toBe('lastTrustee');
    expect(roleChangeRefusal(facts({ roles: [Role.Trustee], otherTrustees: 1 }), { roles: [Role.Observer], receivesThrough: null })).toBeUndefined();
  });

  it('keeps the parent of offspring a beneficiary', () => {
    expect(memberRefusals(facts({ receivesFor: 1 }))).toEqual({ disable: 'receivesForOthers', dropBeneficiary: 'receivesForOthers' });
    expect(roleChangeRefusal(facts({ receivesFor: 1 }), { roles: [Role.Beneficiary, Role.Observer], receivesThrough: null })).toBeUndefined();
    expect(roleChangeRefusal(facts({ receivesFor: 1 }), { roles: [Role.Observer], receivesThrough: null })).toBe('receivesForOthers');
  });

  it('does not change who receives while items are divided, and lets everything else change', () => {
    const frozen = facts({ receiversOpen: false });
    expect(memberRefusals(frozen)).toEqual({ disable: 'receiversFrozen', dropBeneficiary: 'receiversFrozen', changeReceiving: 'receiversFrozen' });
    expect(roleChangeRefusal(frozen, { roles: [Role.Beneficiary, Role.Observer], receivesThrough: null })).toBeUndefined();
    expect(roleChangeRefusal(frozen, { roles: [Role.Observer], receivesThrough: null })).toBe('receiversFrozen');
    expect(roleChangeRefusal(facts({ receiversOpen: false, roles: [Role.Buyer] }), { roles: [Role.Offspring], receivesThrough: 'p' })).toBe('receiversFrozen');
    expect(memberRefusals(facts({ receiversOpen: false, roles: [Role.Buyer] }))).toEqual({ changeReceiving: 'receiversFrozen' });
  });
});

describe('people schemas', () => {
  it('asks for the parent exactly when the roles include Offspring', () => {
    expect(changeRolesBody.safeParse({ roles: [Role.Offspring] }).success).toBe(false);
    expect(changeRolesBody.safeParse({ roles: [Role.Offspring], receivesThrough: '01890a5d-ac96-774b-bcce-b302099a8057' }).success).toBe(true);
    expect(changeRolesBody.safeParse({ roles: [Role.Buyer], receivesThrough: '01890a5d-ac96-774b-bcce-b302099a8057' }).success).toBe(false);
    expect(changeRolesBody.safeParse({ roles: [Role.Admin] }).success).toBe(false);
    expect(changeRolesBody.safeParse({ roles: [] }).success).toBe(false);
  });

  it('takes phone numbers as people write them', () => {
    for (const ok of ['', '+90 212 555 01 01', '(0212) 555-0101', '05551234567']) expect(phoneSchema.safeParse(ok).success).toBe(true);
    for (const bad of ['call me', '12', '+90 212 555 01 01 ext. 4', '1'.repeat(40)]) expect(phoneSchema.safeParse(bad).success).toBe(false);
  });
});
