/** A person's sessions (issue 31): one valid request per route. */
import { call } from '../harness.js';
import { signIn } from '../factories.js';
import type { CallerName, Fixture, World } from '../route-world.js';

const NONE = '00000000-0000-7000-8000-000000000000';

/** A second session of the caller's own (signed in afresh), so ending it leaves the caller's session alone. */
async function ownOtherSession(w: World, who: CallerName): Promise<string> {
  const caller = w.callers[who];
  if (!caller.token || !caller.email) return NONE;
  const other = await signIn(w.h, caller.email);
  const res = await call(w.h, 'GET', '/api/me/sessions', { as: other });
  return res.json<{ sessions: { id: string; current: boolean }[] }>().sessions.find((s) => s.current)?.id ?? NONE;
}

export const fixtures: Record<string, Fixture> = {
  'GET /api/me/sessions': { request: () => ({}) },
  'DELETE /api/me/sessions/:sid': { request: async (w, who) => ({ params: { sid: await ownOtherSession(w, who) } }) },
};
