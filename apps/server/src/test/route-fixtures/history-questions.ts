/** An item's history and questions on a result (issue 30): one valid request per route. */
import { resultQuestions } from '../../db/schema.js';
import { newId } from '../../platform/ids.js';
import type { Fixture, World } from '../route-world.js';

/** A question of the beneficiary's about the world's item, written directly (any stage). */
async function questionId(w: World): Promise<string> {
  const id = newId();
  await w.h.database.db.insert(resultQuestions).values({ id, estateId: w.estateId, itemId: w.itemId, memberId: w.beneficiary.id, text: 'Why did the lamp go to my cousin?' });
  return id;
}

export const fixtures: Record<string, Fixture> = {
  'GET /api/estates/:eid/items/:iid/history': { request: (w) => ({ params: { iid: w.itemId } }) },
  'POST /api/estates/:eid/items/:iid/questions': { request: (w) => ({ params: { iid: w.itemId }, body: { text: 'Why did the lamp go to my cousin?' } }) },
  'GET /api/estates/:eid/questions': { request: () => ({}) },
  'PUT /api/estates/:eid/questions/:qid/answer': {
    request: async (w) => ({ params: { qid: await questionId(w) }, body: { text: 'The draw gave it to your cousin; it stays so.', outcome: 'kept' } }),
  },
};
