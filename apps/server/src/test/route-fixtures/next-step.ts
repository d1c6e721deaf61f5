import type { Fixture } from '../route-world.js';

export const fixtures: Record<string, Fixture> = {
  'GET /api/estates/:eid/next-step': { request: () => ({}) },
};
