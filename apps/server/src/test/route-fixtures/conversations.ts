/** Team chat, the quick panel and personal notes (issue 12): one valid request per route. */
import { call } from '../harness.js';
import type { CallerName, Fixture, World } from '../route-world.js';

/** The estate's conversation (every member is in it), read as the trustee. */
async function estateConversationId(w: World): Promise<string> {
  const res = await call(w.h, 'GET', `/api/estates/${w.estateId}/conversations`, { as: w.trustee });
  return res.json<{ conversations: { id: string; kind: string }[] }>().conversations.find((c) => c.kind === 'estate')!.id;
}

/** A note of the caller's own (a signed-out caller is refused before it matters). */
async function ownNoteId(w: World, who: CallerName): Promise<string> {
  const caller = w.callers[who];
  if (!caller.token) return '00000000-0000-7000-8000-000000000000';
  const res = await call(w.h, 'POST', '/api/notes', { as: caller, body: { title: 'Call the removal company' } });
  return res.json<{ note: { id: string } }>().note.id;
}

export const fixtures: Record<string, Fixture> = {
  'GET /api/estates/:eid/conversations': { request: () => ({}) },
  // Someone other than the caller (the beneficiary talks to the trustee, everyone else to the beneficiary).
  'POST /api/estates/:eid/conversations': { request: (w, who) => ({ body: { memberId: who === 'beneficiary' ? w.trustee.id : w.beneficiary.id } }) },
  'GET /api/estates/:eid/conversations/:cid/messages': { request: async (w) => ({ params: { cid: await estateConversationId(w) }, query: 'limit=20' }) },
  'POST /api/estates/:eid/conversations/:cid/messages': {
    request: async (w) => ({ params: { cid: await estateConversationId(w) }, body: { text: 'Does anyone remember where the lamp came from?', itemId: w.itemId } }),
  },
  'POST /api/estates/:eid/conversations/:cid/read': { request: async (w) => ({ params: { cid: await estateConversationId(w) } }) },
  'GET /api/estates/:eid/quick-panel': { request: () => ({}) },

  'GET /api/notes': { request: () => ({}) },
  'POST /api/notes': { request: () => ({ body: { title: 'Ask about the piano', checklist: [{ text: 'Measure the doorway', checked: false }], labels: ['House'] } }) },
  'PATCH /api/notes/:nid': { request: async (w, who) => ({ params: { nid: await ownNoteId(w, who) }, body: { archived: true } }) },
  'DELETE /api/notes/:nid': { request: async (w, who) => ({ params: { nid: await ownNoteId(w, who) } }) },
};
