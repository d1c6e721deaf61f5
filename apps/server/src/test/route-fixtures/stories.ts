/** Stories on an item (issue 34): one valid request per route. */
import { inCatalogueStage, multipart, type Fixture, type World } from '../route-world.js';

/** The first bytes of a WebM recording (EBML header) and a little "sound". */
const webm = () => Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81]), Buffer.alloc(200, 7)]);

/** A recorded story of the trustee's about the world's item, told while the estate is open. */
async function trusteeStory(w: World): Promise<{ id: string; audioUrl: string }> {
  return inCatalogueStage(w, async () => {
    const { payload, headers } = multipart('story.webm', 'audio/webm', webm());
    const res = await w.h.app.inject({ method: 'POST', url: `/api/estates/${w.estateId}/items/${w.itemId}/stories`, payload, headers: { ...headers, authorization: `Bearer ${w.trustee.token}` } });
    return res.json<{ story: { id: string; audioUrl: string } }>().story;
  });
}

export const fixtures: Record<string, Fixture> = {
  'GET /api/estates/:eid/items/:iid/stories': { request: (w) => ({ params: { iid: w.itemId } }) },
  'POST /api/estates/:eid/items/:iid/stories': { request: (w) => ({ params: { iid: w.itemId }, file: { name: 'story.webm', type: 'audio/webm', bytes: webm() } }) },
  'DELETE /api/estates/:eid/items/:iid/stories/:sid': { request: async (w) => ({ params: { iid: w.itemId, sid: (await trusteeStory(w)).id } }) },
  'GET /api/estates/:eid/stories/:sid/audio': {
    request: async (w) => {
      const story = await trusteeStory(w);
      return { params: { sid: story.id }, query: story.audioUrl.split('?')[1] ?? '' };
    },
  },
};
