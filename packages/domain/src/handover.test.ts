import { describe, expect, it } from 'vitest';
import {
  bulkHandoverBody,
  handoverBody,
  handoverChangeRefusal,
  handoverViewStatus,
  hasOutcome,
  receiptRefusal,
} from './handover.js';
import { decideMove, moveOptions } from './stage-machine.js';
import { Stage } from './stages.js';

describe('hand-over', () => {
  it('shows received once confirmed, returned above all, assigned before anything is recorded', () => {
    expect(handoverViewStatus(null, false)).toBe('assigned');
    expect(handoverViewStatus('scheduled', false)).toBe('scheduled');
    expect(handoverViewStatus('shipped', true)).toBe('received');
    expect(handoverViewStatus(null, true)).toBe('received');
    expect(handoverViewStatus('returned', true)).toBe('returned');
  });

  it('counts a receipt, handed over, shipped or returned as an outcome; assigned and scheduled not', () => {
    expect(hasOutcome(null, false)).toBe(false);
    expect(hasOutcome('scheduled', false)).toBe(false);
    expect(hasOutcome('scheduled', true)).toBe(true);
    for (const s of ['handed-over', 'shipped', 'returned'] as const) expect(hasOutcome(s, false)).toBe(true);
  });

  it('after a receipt only "returned" may be recorded; a receipt once, and not for a returned item', () => {
    expect(handoverChangeRefusal('received', 'shipped')).toMatch(/already confirmed/);
    expect(handoverChangeRefusal('received', 'returned')).toBeNull();
    expect(handoverChangeRefusal('scheduled', 'handed-over')).toBeNull();
    expect(receiptRefusal('received')).toMatch(/already confirmed/);
    expect(receiptRefusal('returned')).toMatch(/returned/);
    expect(receiptRefusal('assigned')).toBeNull();
  });

  it('takes only known statuses and methods, and a pick-up without repeated items', () => {
    expect(handoverBody.safeParse({ status: 'handed-over', method: 'pickup' }).success).toBe(true);
    expect(handoverBody.safeParse({ status: 'received' }).success).toBe(false);
    expect(handoverBody.safeParse({ status: 'scheduled', scheduledAt: 'tomorrow' }).success).toBe(false);
    const item = { itemId: '0190a3c4-7d1e-7b2a-9c3d-4e5f60718293', version: 2 };
    expect(bulkHandoverBody.safeParse({ memberId: item.itemId, status: 'handed-over', items: [item] }).success).toBe(true);
    expect(bulkHandoverBody.safeParse({ memberId: item.itemId, status: 'handed-over', items: [item, item] }).success).toBe(false);
    expect(bulkHandoverBody.safeParse({ memberId: item.itemId, status: 'returned', items: [item] }).success).toBe(false);
  });

  it('closes hand-over (41 → 42) only when every assigned item has an outcome, naming how many have not', () => {
    expect(decideMove(Stage.Distribution, Stage.DistributionCompleted, { stepsRun: [], handoverOpen: 0 }).ok).toBe(true);
    const one = decideMove(Stage.Distribution, Stage.DistributionCompleted, { stepsRun: [], handoverOpen: 1 });
    expect(one).toMatchObject({ ok: false, code: 'handover-incomplete', params: { open: 1 }, reason: expect.stringMatching(/^One assigned item/) });
    const three = decideMove(Stage.Distribution, Stage.DistributionCompleted, { stepsRun: [], handoverOpen: 3 });
    expect(three).toMatchObject({ ok: false, reason: expect.stringMatching(/^3 assigned items/) });
    expect(moveOptions(Stage.Distribution, { stepsRun: [], handoverOpen: 3 }).forward).toEqual({
      to: Stage.DistributionCompleted,
      allowed: false,
      code: 'handover-incomplete',
      params: { open: 3 },
    });
    // Other moves do not read the count.
    expect(decideMove(Stage.AssignmentCompleted, Stage.Distribution, { stepsRun: [], handoverOpen: 3 }).ok).toBe(true);
  });
});
