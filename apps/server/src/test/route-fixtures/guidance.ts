/** Lessons, personal to-dos and the trustee's analytics (issue 13): one valid request per route. */
import { call } from '../harness.js';
import type { CallerName, Fixture, World } from '../route-world.js';

/** An id no row has (a signed-out caller is refused before it matters). */
const NONE = '00000000-0000-7000-8000-000000000000';

/** Something of the caller's own, made fresh for each request (each may be used up). */
function own(kind: 'personal' | 'labels' | 'folders', key: 'todo' | 'label' | 'folder') {
  return async (w: World, who: CallerName): Promise<string> => {
    const caller = w.callers[who];
    if (!caller.token) return NONE;
    const res = await call(w.h, 'POST', `/api/todos/${kind}`, { as: caller, body: { title: 'Ask about the piano' } });
    return res.json<Record<string, { id: string }>>()[key]!.id;
  };
}
const ownTodo = own('personal', 'todo');
const ownLabel = own('labels', 'label');
const ownFolder = own('folders', 'folder');

export const fixtures: Record<string, Fixture> = {
  'GET /api/lessons': { request: () => ({}) },
  'PUT /api/lessons/:courseId/progress': { request: () => ({ params: { courseId: 'how-things-work' }, body: { activeStep: 2 } }) },
  'GET /api/estates/:eid/lessons/progress': { request: () => ({}) },

  'GET /api/todos/counts': { request: () => ({}) },
  'GET /api/todos/personal': { request: () => ({ query: 'filter=starred' }) },
  'POST /api/todos/personal': { request: () => ({ body: { title: 'Collect the photo albums', starred: true, dueAt: '2026-12-01T10:00:00.000Z' } }) },
  'PATCH /api/todos/personal/:tid': { request: async (w, who) => ({ params: { tid: await ownTodo(w, who) }, body: { completed: true } }) },
  'DELETE /api/todos/personal/:tid': { request: async (w, who) => ({ params: { tid: await ownTodo(w, who) } }) },
  'POST /api/todos/personal/:tid/restore': { request: async (w, who) => ({ params: { tid: await ownTodo(w, who) } }) },
  'DELETE /api/todos/personal/:tid/permanent': { request: async (w, who) => ({ params: { tid: await ownTodo(w, who) } }) },
  'GET /api/todos/labels': { request: () => ({}) },
  'POST /api/todos/labels': { request: () => ({ body: { title: 'Paperwork', color: 'orange' } }) },
  'PATCH /api/todos/labels/:lid': { request: async (w, who) => ({ params: { lid: await ownLabel(w, who) }, body: { color: 'green' } }) },
  'DELETE /api/todos/labels/:lid': { request: async (w, who) => ({ params: { lid: await ownLabel(w, who) } }) },
  'GET /api/todos/folders': { request: () => ({}) },
  'POST /api/todos/folders': { request: () => ({ body: { title: 'House clearing', icon: 'home' } }) },
  'PATCH /api/todos/folders/:fid': { request: async (w, who) => ({ params: { fid: await ownFolder(w, who) }, body: { title: 'Clearing the house' } }) },
  'DELETE /api/todos/folders/:fid': { request: async (w, who) => ({ params: { fid: await ownFolder(w, who) } }) },

  'GET /api/estates/:eid/analytics': { request: () => ({}) },
};
