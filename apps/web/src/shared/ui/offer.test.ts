import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { offerOf } from './offer';

// The key and its values, so each answer says which sentence it chose.
const t = ((key: string, values?: Record<string, unknown>) => (values ? `${key} ${JSON.stringify(values)}` : key)) as unknown as TFunction;

describe('offerOf: how a page offers what the policy refuses', () => {
  it('offers what is allowed, as it is', () => {
    expect(offerOf({ ok: true }, 2, t)).toEqual({ shown: true, refusal: null });
  });
  it('hides what the person\'s role never allows', () => {
    expect(offerOf({ ok: false, reason: 'role' }, 2, t)).toEqual({ shown: false, refusal: null });
  });
  it('says the estate is closed', () => {
    expect(offerOf({ ok: false, reason: 'closed' }, 99, t).refusal).toBe('closing:closed.reason');
  });
  it("says the administrator is visiting to help, for every write of the visit", () => {
    expect(offerOf({ ok: false, reason: 'support' }, 11, t)).toEqual({ shown: true, refusal: 'support:refusal' });
  });
  it('names the stage it opens at, or the last stage it was possible in', () => {
    expect(offerOf({ ok: false, reason: 'stage', allowedStages: [11] }, 2, t).refusal).toBe('common:refused.opensAt {"stage":"stages:stage.11.name"}');
    expect(offerOf({ ok: false, reason: 'stage', allowedStages: [1, 2, 31] }, 40, t).refusal).toBe('common:refused.until {"stage":"stages:stage.31.name"}');
  });
  it('says "not now" for a condition or a stage between the allowed ones', () => {
    expect(offerOf({ ok: false, reason: 'stage', allowedStages: [1, 40] }, 11, t).refusal).toBe('common:refused.notNow');
    expect(offerOf({ ok: false, reason: 'condition', says: 'x' }, 11, t).refusal).toBe('common:refused.notNow');
  });
});
