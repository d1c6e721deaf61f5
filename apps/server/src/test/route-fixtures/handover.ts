/** Hand-over, receipts, pick-up lists and dispositions (issue 11): one valid request per route. */
import { ifMatch, type Fixture } from '../route-world.js';

export const fixtures: Record<string, Fixture> = {
  'GET /api/estates/:eid/handover': { request: () => ({}) },
  'PUT /api/estates/:eid/items/:iid/handover': {
    request: async (w) => ({ params: { iid: w.itemId }, body: { status: 'handed-over', method: 'pickup' }, headers: await ifMatch(w, w.itemId) }),
  },
  'PUT /api/estates/:eid/handover': {
    request: async (w) => ({
      body: { memberId: w.beneficiary.id, status: 'handed-over', items: [{ itemId: w.itemId, version: Number((await ifMatch(w, w.itemId))['if-match']) }] },
    }),
  },
  'POST /api/estates/:eid/items/:iid/receipt': { request: (w) => ({ params: { iid: w.itemId }, body: {} }) },
  'GET /api/estates/:eid/pickup-lists/:mid.pdf': { request: (w) => ({ params: { mid: w.beneficiary.id } }) },
  'GET /api/estates/:eid/pickup-lists/:mid.xlsx': { request: (w) => ({ params: { mid: w.beneficiary.id } }) },
  'GET /api/estates/:eid/receipts/:mid.pdf': { request: (w) => ({ params: { mid: w.beneficiary.id } }) },
  'GET /api/estates/:eid/dispositions': { request: () => ({}) },
  'PUT /api/estates/:eid/items/:iid/disposition': { request: (w) => ({ params: { iid: w.itemId }, body: { disposition: 'donate', note: 'To the church bazaar.' } }) },
  'PUT /api/estates/:eid/items/:iid/disposition/appraisal': { request: (w) => ({ params: { iid: w.itemId }, body: { value: 40, note: 'Fair market value.' } }) },
  'PUT /api/estates/:eid/items/:iid/sale': { request: (w) => ({ params: { iid: w.itemId }, body: { price: 35, buyer: 'A neighbour' } }) },
};
