/** The settlement statement (issue 30): one valid request per route. */
import type { Fixture } from '../route-world.js';

export const fixtures: Record<string, Fixture> = {
  'GET /api/estates/:eid/settlement': { request: () => ({}) },
  // The world's one receiver is the beneficiary: every receiver once, a whole number ≥ 1.
  'PUT /api/estates/:eid/settlement/weights': { request: (w) => ({ body: { weights: [{ memberId: w.beneficiary.id, weight: 2 }] } }) },
};
