/**
 * The HIGH finding of issue 10 (distribution.md, "Privacy of inputs"): a beneficiary recovered who
 * hearted, ranked and placed tokens by hashing the few combinations that fit and comparing with the
 * unsalted `inputHash` in their copy of a record and in the draw list. Here a beneficiary walks
 * every GET route of the API (from the app's own OpenAPI document, so a new route is walked too)
 * and the live event stream at each stage of a whole distribution, and the answers are searched:
 * no input hash, seed, order, salts or inputs; no other receiver's id next to a rank, round, pick or
 * token count; no other receiver's lines; and no 64-hex value but the commitments, revealed secrets,
 * sealed roots, their own salt and their own proof's hashes. Then the attack itself is run.
 */
import type { AddressInfo } from 'node:net';
import { expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { commitLines, inclusionProofs } from '@estate/domain/draw/input-commitment';
import { inputHash } from '@estate/domain/draw/canonical';
import type { Interest } from '@estate/domain/draw/inputs';
import { Role } from '@estate/domain/roles';
import { inputCommitments } from '../../db/schema.js';
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

const NUMBERS = new Set(['rank', 'round', 'pick', 'tokens', 'tied', 'count', 'ranked']);
const FORBIDDEN_KEYS = new Set(['inputHash', 'seed', 'salts', 'order', 'inputs', 'orderPosition']);
const HEX64 = /(?<![0-9a-f])[0-9a-f]{64}(?![0-9a-f])/g;

/** What in one answer would tell `me` about another receiver's choices. */
function problems(where: string, body: string, me: string, others: readonly string[], allowedHex: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (const hex of body.match(HEX64) ?? []) if (!allowedHex.has(hex)) out.push(`${where}: a 64-hex value that is none of the allowed ones: ${hex}`);
  for (const other of others) {
    if (new RegExp(`(want|rank|tokens) ${other}`).test(body)) out.push(`${where}: a line of ${other}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return out; // CSV and the like: the text checks above
  }
  const walk = (node: unknown, path: string): void => {
    if (Array.isArray(node)) {
      if (node.some((v) => typeof v === 'string' && others.includes(v)) && node.some((v) => typeof v === 'number')) out.push(`${where} ${path}: a tuple naming another receiver with a number`);
      node.forEach((v, k) => walk(v, `${path}[${k}]`));
      return;
    }
    if (node === null || typeof node !== 'object') return;
    const entries = Object.entries(node as Record<string, unknown>);
    for (const [key] of entries) if (FORBIDDEN_KEYS.has(key)) out.push(`${where} ${path}.${key}: must not be sent to a beneficiary`);
    const namesOther = entries.some(([, v]) => typeof v === 'string' && others.includes(v));
    const hasNumbers = (n: unknown): boolean =>
      n !== null && typeof n === 'object' && Object.entries(n as Record<string, unknown>).some(([k, v]) => (NUMBERS.has(k) && typeof v === 'number') || (k === 'detail' && hasNumbers(v)));
    if (namesOther && hasNumbers(node)) out.push(`${where} ${path}: another receiver next to a rank, round, pick or token count: ${JSON.stringify(node).slice(0, 200)}`);
    for (const [key, value] of entries) walk(value, `${path}.${key}`);
  };
  walk(json, '');
  void me;
  return out;
}

it('never gives a beneficiary an input hash, a seed, others’ lines or numbers, or any hash of others’ unsalted inputs', async () => {
  const trustee = await createUser(h);
  const estateId = await createEstate(h, trustee);
  const url = (path: string) => `/api/estates/${estateId}${path}`;
  const anna = await addMember(h, estateId, trustee, [Role.Beneficiary]);
  const ben = await addMember(h, estateId, trustee, [Role.Beneficiary]);
  const cara = await addMember(h, estateId, trustee, [Role.Beneficiary]);
  const kid = await addMember(h, estateId, trustee, [Role.Offspring], { receivesThrough: anna.id });
  const ok = async (method: 'PUT' | 'POST', path: string, as: Caller, body?: unknown) => {
    const res = await call(h, method, url(path), { as, body });
    expect(res.statusCode, `${method} ${path}: ${res.body}`).toBeLessThan(300);
    return res.json();
  };
  const move = (to: number) => ok('POST', '/stage', trustee, { to });
  for (const to of [1, 2, 10]) await move(to);
  const ids: string[] = [];
  for (const name of ['Brass Lamp', 'Ring', 'Clock', 'Vase', 'Chair', 'Quilt']) ids.push((await createItem(h, estateId, trustee, { name })).id);
  const [hi1, hi2, c1, c2, solo, nobody] = ids as [string, string, string, string, string, string];

  const controller = new AbortController();
  const stream = await openStream(ben.token!, controller.signal);
  const doc = (await call(h, 'GET', '/api/docs/json', {})).json<{ paths: Record<string, { get?: unknown }> }>();
  const walked = Object.keys(doc.paths).filter(
    (p) => doc.paths[p]!.get && !/\{(lid|pid|token|variant)\}/.test(p) && !p.endsWith('.pdf') && p !== '/api/events' && !p.startsWith('/api/admin') && !p.startsWith('/api/docs'),
  );
  expect(walked).toContain('/api/estates/{eid}/input-commitments/{stage}/mine');
  const bodies: { where: string; text: string }[] = [];
  const walkAs = async (who: TestUser, when: string) => {
    for (const path of walked) {
      const stages = path.includes('{stage}') ? [2, 11, 20, 30] : [0];
      const steps = path.includes('{step}') ? [14, 15, 21, 31] : [0];
      const items = path.includes('{iid}') ? ids : [''];
      for (const stage of stages)
        for (const step of steps)
          for (const item of items) {
            const filled = path.replace('{eid}', estateId).replace('{stage}', String(stage)).replace('{step}', String(step)).replace('{iid}', item);
            const res = await call(h, 'GET', filled, { as: who });
            if (res.statusCode === 200) bodies.push({ where: `${when} GET ${filled}`, text: res.body });
          }
    }
  };

  await move(11);
  const hearts: [TestUser, string[]][] = [
    [anna, [hi1, hi2, c1, c2, solo]],
    [ben, [hi1, hi2, c1, c2]],
    [cara, [hi1, c1]],
    [kid, [nobody, hi1]],
  ];
  for (const [who, list] of hearts) for (const id of list) await ok('PUT', `/items/${id}/interest`, who);
  await move(12);
  await walkAs(ben, 'stage 12');
  for (const id of [hi1, hi2]) await ok('PUT', `/items/${id}/high-interest`, trustee);
  await move(13);
  await ok('POST', '/steps/14/preview', trustee); // previews are logged for everyone too
  await move(14);
  await ok('POST', '/steps/14/run', trustee);
  await move(15);
  await ok('POST', '/steps/15/run', trustee);
  await walkAs(ben, 'stage 15');
  await move(20);
  await ok('PUT', '/rankings', anna, { itemIds: [hi2, hi1] });
  await ok('PUT', '/rankings', ben, { itemIds: [hi1, hi2] });
  await ok('PUT', '/rankings', cara, { itemIds: [hi1] });
  await move(21);
  await ok('POST', '/steps/21/preview', trustee);
  await ok('POST', '/steps/21/run', trustee);
  await walkAs(ben, 'stage 21');
  await move(30);
  await ok('PUT', '/tokens', anna, { allocations: [{ itemId: c1, count: 2 }] });
  await ok('PUT', '/tokens', ben, { allocations: [{ itemId: c2, count: 1 }, { itemId: c1, count: 1 }] });
  await ok('PUT', '/tokens', cara, { allocations: [{ itemId: c1, count: 1 }] });
  await move(31);
  await ok('POST', '/steps/31/run', trustee);
  await walkAs(ben, 'stage 31');
  await move(40);
  await walkAs(ben, 'stage 40');
  await expect.poll(() => stream.text()).toContain('"stage":40');
  controller.abort();
  bodies.push({ where: 'event stream', text: stream.text() });

  // What ben may hold: commitments and revealed secrets, every sealed root, his salts and the hashes
  // of his proofs, all worked out here from the trustee's side and the database, not from his answers.
  const allowed = new Set<string>();
  for (const c of (await call(h, 'GET', url('/commitments'), { as: trustee })).json().commitments as { commitment: string; secret: string | null }[]) {
    allowed.add(c.commitment);
    if (c.secret) allowed.add(c.secret);
  }
  for (const seal of await h.database.db.select().from(inputCommitments).where(eq(inputCommitments.estateId, estateId))) {
    allowed.add(seal.root);
    allowed.add(seal.salts[ben.id]!);
    const proof = inclusionProofs(commitLines(Object.entries(seal.salts).map(([memberId, salt]) => ({ memberId, salt, lines: seal.lines[memberId]! })))).get(ben.id)!;
    for (const step of proof.proof) allowed.add(step.hash);
  }
  const others = [anna.id, cara.id, kid.id];
  const found = bodies.flatMap((b) => problems(b.where, b.text, ben.id, others, allowed));
  expect(found).toEqual([]);
  // The walk saw what it should: his copies, his proofs, others' items after stage 40.
  const all = bodies.map((b) => b.text).join('\n');
  expect(all).toContain(`"memberId":"${ben.id}"`);
  expect(all).toContain('"proof":[');
  const othersItem = (b: { where: string; text: string }) =>
    b.where.startsWith('stage 40 GET') && b.where.includes('/items/') && [anna.id, cara.id].some((id) => b.text.includes(`"assignment":{"memberId":"${id}"`));
  expect(bodies.some(othersItem)).toBe(true);
  expect(bodies.some((b) => b.where.includes('/draws/21') && b.where.startsWith('stage 21'))).toBe(true);
  // An item's history and his own questions (issue 30) were walked too, before and after results.
  for (const when of ['stage 31', 'stage 40']) expect(bodies.some((b) => b.where.startsWith(`${when} GET`) && b.where.endsWith('/history'))).toBe(true);
  expect(bodies.some((b) => b.where.endsWith('/questions'))).toBe(true);

  // The attack from the finding: every combination of anna's and cara's hearts that fits the public
  // interest counts and ben's own hearts, hashed as the step 14 input hash.
  const full14 = (await call(h, 'GET', url('/draws/14'), { as: trustee })).json();
  const counts = new Map<string, number>();
  for (const [, item] of full14.inputs.interests as Interest[]) counts.set(item, (counts.get(item) ?? 0) + 1);
  const mine = new Set(hearts[1]![1]);
  const candidates: Interest[][] = [[]];
  for (const item of full14.inputs.items.map((i: { id: string }) => i.id) as string[]) {
    const needed = (counts.get(item) ?? 0) - (mine.has(item) ? 1 : 0);
    const choices: Interest[][] = [[], [[anna.id, item]], [[cara.id, item]], [[anna.id, item], [cara.id, item]]];
    const options = choices.filter((o) => o.length === needed);
    candidates.splice(0, candidates.length, ...candidates.flatMap((c) => options.map((o) => [...c, ...o])));
  }
  const own = [...mine].filter((i) => full14.inputs.items.some((x: { id: string }) => x.id === i)).map((i): Interest => [ben.id, i]);
  const guesses = candidates.map((c) => inputHash({ step: 14, mode: 'round-robin', inputs: { ...full14.inputs, interests: [...own, ...c] } }));
  // With the unsalted hash the attack works (the trustee's record shows it would have)…
  expect(guesses).toContain(full14.inputHash);
  expect(candidates.length).toBeGreaterThan(1);
  // …and ben was never given any hash the guesses could be compared with.
  for (const guess of guesses) expect(all).not.toContain(guess);
});
