/**
 * issue 5: through every route, export and event, a beneficiary cannot learn who else hearted,
 * ranked or placed tokens on an item. Signs in as each role after a full run of stages 11 → 31 and
 * looks for the other members' ids and names in every answer and in the live event stream.
 */
import type { AddressInfo } from 'node:net';
import { expect, it, vi } from 'vitest';
import { Role } from '@estate/domain/roles';
import { call, useHarness, type Caller } from '../../test/harness.js';
import { addMember, createEstate, createItem, createUser, type TestUser } from '../../test/factories.js';

const h = useHarness();

async function openStream(token: string, signal: AbortSignal) {
  await h.app.listen({ port: 0, host: '127.0.0.1' }).catch(() => undefined);
  const { port } = h.app.server.address() as AddressInfo;
  const res = await fetch(`http://127.0.0.1:${port}/api/events`, { headers: { authorization: `Bearer ${token}` }, signal });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  let text = '';
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        text += new TextDecoder().decode(value);
      }
    } catch {
      /* aborted */
    }
  })();
  return { text: () => text };
}

it('never tells a beneficiary, offspring or other member who else hearted, ranked or placed tokens', async () => {
  const trustee = await createUser(h);
  const estateId = await createEstate(h, trustee);
  const url = (path: string) => `/api/estates/${estateId}${path}`;
  const anna = await addMember(h, estateId, trustee, [Role.Beneficiary]);
  const ben = await addMember(h, estateId, trustee, [Role.Beneficiary]);
  const carol = await addMember(h, estateId, trustee, [Role.Beneficiary]);
  const kid = await addMember(h, estateId, trustee, [Role.Offspring], { receivesThrough: anna.id });
  const observer = await addMember(h, estateId, trustee, [Role.Observer]);
  const creator = await addMember(h, estateId, trustee, [Role.Creator]);
  const appraiser = await addMember(h, estateId, trustee, [Role.Appraiser]);
  const names = new Map<string, string>();
  for (const m of (await call(h, 'GET', url('/members'), { as: trustee })).json().members) names.set(m.id, m.displayName);

  const ids: string[] = [];
  for (let k = 0; k < 6; k++) ids.push((await createItem(h, estateId, trustee, { name: `Brass Lamp ${k + 1}` })).id);
  const [hi1, hi2, c1, c2, solo, nobody] = ids as [string, string, string, string, string, string];
  const move = async (to: number) => expect((await call(h, 'POST', url('/stage'), { as: trustee, body: { to } })).statusCode).toBe(200);
  const ok = async (method: 'PUT' | 'POST', path: string, as: Caller, body?: unknown) => {
    const res = await call(h, method, url(path), { as, body });
    expect(res.statusCode, `${method} ${path}: ${res.body}`).toBe(200);
    return res.json();
  };

  const controller = new AbortController();
  const streams = new Map<string, { text: () => string }>();
  for (const who of [ben, kid, creator]) streams.set(who.id, await openStream(who.token!, controller.signal));

  for (const to of [1, 2]) await move(to);
  // Leaving the review needs every beneficiary to have finished it.
  for (const person of [anna, ben, carol]) await call(h, 'POST', url('/approvals/approve-all'), { as: person });
  for (const to of [10, 11]) await move(to);
  const hearts: [TestUser, string[]][] = [
    [anna, [hi1, hi2, c1, c2, solo]],
    [ben, [hi1, hi2, c1, c2]],
    [carol, [hi1, c1]],
    [kid, [nobody, hi1]],
  ];
  for (const [who, list] of hearts) for (const id of list) await ok('PUT', `/items/${id}/interest`, who);
  await ok('POST', '/participation/11/done', anna);
  await move(12);
  for (const id of [hi1, hi2]) await ok('PUT', `/items/${id}/high-interest`, trustee);
  await move(13);
  await move(14);
  await ok('POST', '/steps/14/run', trustee);
  await move(15);
  await ok('POST', '/steps/15/run', trustee);
  await move(20);
  await ok('PUT', '/rankings', anna, { itemIds: [hi2, hi1] });
  await ok('PUT', '/rankings', ben, { itemIds: [hi1] });
  await move(21);
  await ok('POST', '/steps/21/run', trustee);
  await move(30);
  await ok('PUT', '/tokens', anna, { allocations: [{ itemId: c1, count: 2 }] });
  await ok('PUT', '/tokens', ben, { allocations: [{ itemId: c2, count: 1 }] });
  await move(31);
  await ok('POST', '/steps/31/run', trustee);

  /** Everything a member can read about the distribution, as one text, with each route's status. */
  const readAll = async (as: Caller, paths: string[]) => {
    let text = '';
    const statuses: Record<string, number> = {};
    for (const path of paths) {
      const res = await call(h, 'GET', url(path), { as });
      statuses[path] = res.statusCode;
      if (res.statusCode === 200) text += `\n${path}: ${res.body}`;
    }
    return { text, statuses };
  };
  const paths = [
    '/items',
    ...ids.map((id) => `/items/${id}`),
    ...ids.map((id) => `/items/${id}/interest`),
    // An item's history and the Activity page's filtered views (issue 30).
    ...ids.map((id) => `/items/${id}/history`),
    '/activity?limit=200&category=items',
    '/activity?limit=200&category=stages',
    '/my-items',
    '/rankings',
    '/tokens',
    '/advice',
    '/high-interest/recommendations',
    '/participation/11',
    '/directives',
    '/draws',
    '/draws/14',
    '/draws/15',
    '/draws/21',
    '/draws/31',
    '/fairness',
    '/commitments',
    '/stage',
  ];
  const others = (who: TestUser) => [anna, ben, carol, kid].filter((m) => m.id !== who.id);
  const leaks = (text: string, who: TestUser) =>
    others(who).flatMap((m) => [m.id, names.get(m.id)!].filter((needle) => text.includes(needle)).map((needle) => `${needle} (${names.get(m.id)})`));

  // Stage 31, before results are published.
  for (const who of [ben, carol, kid, creator, appraiser]) {
    const seen = await readAll(who, paths);
    expect(leaks(seen.text, who), `as ${names.get(who.id)}`).toEqual([]);
    for (const id of ids) expect(seen.statuses[`/items/${id}/interest`]).toBe(403);
    expect(seen.statuses['/high-interest/recommendations']).toBe(403);
    expect(seen.statuses['/participation/11']).toBe(403);
  }
  const benView = await readAll(ben, ['/draws/21', '/my-items', '/items']);
  expect(benView.text).toContain('"inputCommitment"'); // his own copy of the record (draws/21)
  expect(benView.text).toContain(`"interestCount":3`); // the count is public, the names are not

  // Trustees and observers do see who: the probe can find what it looks for.
  for (const who of [trustee, observer]) {
    const seen = await readAll(who, [`/items/${hi1}/interest`, '/draws/21', '/participation/11']);
    expect(seen.text).toContain(anna.id);
    expect(seen.text).toContain(ben.id);
  }

  // The activity log: private inputs are for trustees and observers only.
  const privateActions = ['interest.added', 'interest.removed', 'ranking.set', 'tokens.set', 'participation.done'];
  const activity = async (as: Caller, filter = '') => (await call(h, 'GET', url(`/activity?limit=200${filter}`), { as })).json().events as { action: string; actorName: string | null; entityId: string | null }[];
  // The Activity page's filters (issue 30) read the same entries: by person, by item, by category.
  const filters = ['', '&category=items', '&category=stages', '&category=people', ...[anna, ben, carol].map((m) => `&memberId=${m.id}`), ...ids.map((id) => `&itemId=${id}`)];
  for (const [who, filter] of [ben, kid, creator].flatMap((w) => filters.map((f) => [w, f] as const))) {
    const events = await activity(who, filter);
    expect(events.filter((e) => privateActions.includes(e.action))).toEqual([]);
    const byOthers = events.filter((e) => others(who).some((m) => e.actorName === names.get(m.id) || e.entityId === m.id));
    expect(byOthers.map((e) => e.action).filter((a) => a !== 'member.joined')).toEqual([]);
  }
  const trusteeLog = await activity(trustee);
  for (const action of privateActions.filter((a) => a !== 'interest.removed')) expect(trusteeLog.map((e) => e.action)).toContain(action);

  // Results published (stage 40): assignments become visible, inputs still do not.
  await move(40);
  for (const who of [ben, carol]) {
    const seen = await readAll(who, ['/draws/14', '/draws/15', '/draws/21', '/draws/31', '/my-items', '/rankings', '/tokens', '/advice']);
    expect(leaks(seen.text, who), `as ${names.get(who.id)} in stage 40`).toEqual([]);
    expect(Object.values(seen.statuses).every((s) => s === 200)).toBe(true);
    // The fairness report names who received what they wanted (public from 40, with the plain
    // reason) and nothing else about anyone.
    // An item's history now names its receiver (results are public), never who hearted, ranked or
    // placed tokens on it, nor any of their entries.
    for (const id of ids) {
      const events = (await call(h, 'GET', url(`/items/${id}/history`), { as: who })).json().events as { action: string; actor: { id: string } | null }[];
      expect(events.filter((e) => privateActions.includes(e.action)), `history of ${id} as ${names.get(who.id)}`).toEqual([]);
      expect(events.filter((e) => e.actor && others(who).some((m) => m.id === e.actor!.id))).toEqual([]);
    }
    const { missed, ...report } = (await call(h, 'GET', url('/fairness'), { as: who })).json();
    for (const line of missed) expect(Object.keys(line).sort()).toEqual(['itemId', 'label', 'name', 'reason', 'receiverId']);
    expect(leaks(JSON.stringify(report), who), `as ${names.get(who.id)}: fairness`).toEqual([]);
  }

  // The live stream carried counts and never a name or id of who. A marker sent last arrives last
  // (notifications keep their order): once every stream has it, every earlier event is there too.
  for (const who of [ben, kid, creator]) {
    await h.database.notifier.notify('estate_events', JSON.stringify({ type: 'notification', userId: who.id, data: { kind: 'end-of-test' } }));
  }
  await vi.waitFor(() => {
    for (const who of [ben, kid, creator]) expect(streams.get(who.id)!.text()).toContain('end-of-test');
  }, { timeout: 5_000 });
  for (const who of [ben, kid, creator]) {
    const text = streams.get(who.id)!.text();
    expect(text).toContain('interestCount');
    expect(leaks(text, who)).toEqual([]);
  }
  controller.abort();
});
