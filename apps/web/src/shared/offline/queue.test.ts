/**
 * The offline queue (issue 34) on a fake IndexedDB: changes go in the order they were made, each
 * creation keeps its Idempotency-Key through every try, a network failure drops nothing, a refusal
 * stays with its reason, and an edit of an item changed meanwhile (412) keeps the newer beside it.
 */
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, mockFetch, type MockRequest } from '../../test/fetch-mock';

import type * as Queue from './queue';

let queue: typeof Queue;

const E = 'e1';
const base = `/api/estates/${E}`;
const item = (id: string, version: number, extra: Record<string, unknown> = {}) => ({ item: { id, version, name: 'Oak Chest', notes: '', roomId: null, locationId: null, photos: [], ...extra } });
const story = { story: { id: 's1' } };

beforeEach(async () => {
  // A new, empty phone for every test: a fresh database and a fresh copy of the queue's module.
  vi.stubGlobal('indexedDB', new IDBFactory());
  vi.resetModules();
  queue = await import('./queue');
  (await import('../api/client')).setAccessToken('token');
});

const sent = (calls: MockRequest[]) => calls.filter((c) => c.path.startsWith(base)).map((c) => `${c.method} ${c.path.slice(base.length)}`);

describe('the offline queue', () => {
  it('sends in the order the changes were made, a story after the item it belongs to, and empties itself', async () => {
    const chair = await queue.keepChange({ kind: 'item', estateId: E, name: 'Rocking Chair', body: { name: 'Rocking Chair' } });
    await queue.keepChange({ kind: 'story', estateId: E, localItemKey: chair.key, name: 'Rocking Chair', text: 'She read to us here.' });
    await queue.keepChange({ kind: 'item', estateId: E, name: 'Brass Clock', body: { name: 'Brass Clock' } });
    await queue.keepEdit({ estateId: E, itemId: 'old', name: 'Oak Chest', version: 4, body: { roomId: 'r2' } });
    let made = 0;
    const { calls } = mockFetch({
      [`POST ${base}/items`]: () => json(201, item(`new${++made}`, 1)),
      [`POST ${base}/items/new1/stories`]: () => json(201, story),
      [`PATCH ${base}/items/old`]: () => json(200, item('old', 5, { roomId: 'r2' })),
    });
    expect(queue.countsOf(await queue.waitingChanges())).toEqual({ items: 2, edits: 1, photos: 0, stories: 1 });

    await queue.sendWaiting();

    expect(sent(calls)).toEqual(['POST /items', 'POST /items/new1/stories', 'POST /items', 'PATCH /items/old']);
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(patch.headers.get('If-Match')).toBe('"4"');
    expect(patch.body).toEqual({ roomId: 'r2' });
    expect(await queue.waitingChanges()).toEqual([]);
  });

  it('keeps everything through a network failure and sends each creation again with the same key', async () => {
    const chair = await queue.keepChange({ kind: 'item', estateId: E, name: 'Rocking Chair', body: { name: 'Rocking Chair' } });
    await queue.keepChange({ kind: 'story', estateId: E, localItemKey: chair.key, name: 'Rocking Chair', text: 'She read to us here.' });
    let reachable = false;
    const { calls } = mockFetch({
      [`POST ${base}/items`]: () => {
        if (!reachable) throw new TypeError('Failed to fetch');
        return json(201, item('new1', 1));
      },
      [`POST ${base}/items/new1/stories`]: () => json(201, story),
    });

    await queue.sendWaiting();
    const after = await queue.waitingChanges();
    expect(after.map((c) => c.kind)).toEqual(['item', 'story']);
    expect(after.every((c) => !c.refusal)).toBe(true);
    // Stopped at the first failure: the story did not go ahead of its item.
    expect(sent(calls)).toEqual(['POST /items']);

    reachable = true;
    await queue.sendWaiting();
    const keys = calls.filter((c) => c.method === 'POST' && c.path === `${base}/items`).map((c) => c.headers.get('Idempotency-Key'));
    expect(keys).toEqual([chair.key, chair.key]);
    expect(sent(calls)).toEqual(['POST /items', 'POST /items', 'POST /items/new1/stories']);
    expect(await queue.waitingChanges()).toEqual([]);
  });

  it('leaves a change waiting while the server is unwell (5xx), without calling it refused', async () => {
    await queue.keepChange({ kind: 'item', estateId: E, name: 'Rocking Chair', body: { name: 'Rocking Chair' } });
    mockFetch({ [`POST ${base}/items`]: apiError(503, 'unavailable') });
    await queue.sendWaiting();
    const [change] = await queue.waitingChanges();
    expect(change).toMatchObject({ kind: 'item', name: 'Rocking Chair' });
    expect(change!.refusal).toBeUndefined();
  });

  it('keeps a refused change with the reason, holds back what needs it, and sends it again with its key', async () => {
    const chair = await queue.keepChange({ kind: 'item', estateId: E, name: 'Rocking Chair', body: { name: 'Rocking Chair' } });
    await queue.keepChange({ kind: 'story', estateId: E, localItemKey: chair.key, name: 'Rocking Chair', text: 'She read to us here.' });
    await queue.keepChange({ kind: 'item', estateId: E, name: 'Brass Clock', body: { name: 'Brass Clock' } });
    let open = false;
    const { calls } = mockFetch({
      [`POST ${base}/items`]: (r) => {
        if (!open && (r.body as { name: string }).name === 'Rocking Chair') return apiError(409, 'stage_closed', 'The catalogue is closed in this stage.');
        return json(201, item((r.body as { name: string }).name === 'Rocking Chair' ? 'chair' : 'clock', 1));
      },
      [`POST ${base}/items/chair/stories`]: () => json(201, story),
    });

    await queue.sendWaiting();
    const left = await queue.waitingChanges();
    expect(left.map((c) => [c.kind, c.refusal ?? null])).toEqual([
      ['item', 'The catalogue is closed in this stage.'],
      ['story', null],
    ]);
    // The clock after it went; the chair's story waits for the chair.
    expect(sent(calls)).toEqual(['POST /items', 'POST /items']);

    open = true;
    await queue.tryAgain(left[0]!.seq!);
    await vi.waitFor(async () => expect(await queue.waitingChanges()).toEqual([]));
    const chairKeys = calls.filter((c) => (c.body as { name?: string } | undefined)?.name === 'Rocking Chair').map((c) => c.headers.get('Idempotency-Key'));
    expect(chairKeys).toEqual([chair.key, chair.key]);
  });

  it('keeps an edit of an item changed meanwhile beside the newer values, and sends it again on the newer version when kept', async () => {
    await queue.keepEdit({ estateId: E, itemId: 'old', name: 'Oak Chest', version: 4, body: { name: 'Oak Chest', roomId: 'r2' }, placeNames: { r2: 'Attic' } });
    // A second edit of the same item while the first waits joins it.
    await queue.keepEdit({ estateId: E, itemId: 'old', name: 'Oak Chest of Drawers', version: 4, body: { name: 'Oak Chest of Drawers' } });
    let current = 7;
    const { calls } = mockFetch({
      [`PATCH ${base}/items/old`]: (r) => (r.headers.get('If-Match') === `"${current}"` ? json(200, item('old', ++current)) : apiError(412, 'version_mismatch', 'Someone changed this item meanwhile.')),
      [`GET ${base}/items/old`]: () => json(200, item('old', current, { name: 'Oak Chest', roomId: 'r3' })),
      [`GET ${base}/rooms`]: () => json(200, { rooms: [{ id: 'r3', name: 'Cellar' }] }),
    });

    await queue.sendWaiting();
    const [edit] = await queue.waitingChanges();
    expect(edit).toMatchObject({
      kind: 'edit',
      body: { name: 'Oak Chest of Drawers', roomId: 'r2' },
      refusal: 'Someone changed this item meanwhile.',
      newer: { version: 7, values: { name: 'Oak Chest', roomId: 'r3' } },
      placeNames: { r2: 'Attic', r3: 'Cellar' },
    });

    await queue.keepMine(edit!.seq!);
    await vi.waitFor(async () => expect(await queue.waitingChanges()).toEqual([]));
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.headers.get('If-Match'))).toEqual(['"4"', '"7"']);
  });

  it('keeps an edit the stage no longer allows with the server’s reason, and sends the next change', async () => {
    await queue.keepEdit({ estateId: E, itemId: 'old', name: 'Oak Chest', version: 4, body: { notes: 'Key in the drawer' } });
    await queue.keepChange({ kind: 'story', estateId: E, itemId: 'old', name: 'Oak Chest', text: 'Grandpa built it.' });
    const { calls } = mockFetch({
      [`PATCH ${base}/items/old`]: apiError(403, 'stage_forbids', 'The catalogue can no longer be changed in this stage.'),
      [`POST ${base}/items/old/stories`]: () => json(201, story),
    });
    await queue.sendWaiting();
    const left = await queue.waitingChanges();
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({ kind: 'edit', body: { notes: 'Key in the drawer' }, refusal: 'The catalogue can no longer be changed in this stage.' });
    expect(left[0]!.newer).toBeUndefined();
    expect(sent(calls)).toEqual(['PATCH /items/old', 'POST /items/old/stories']);
  });

  it('takes an edit whose answer was lost (the item already says it) as sent, not as a conflict', async () => {
    await queue.keepEdit({ estateId: E, itemId: 'old', name: 'Oak Chest', version: 4, body: { roomId: 'r2', value: 12.5 } });
    mockFetch({
      [`PATCH ${base}/items/old`]: apiError(412, 'version_mismatch'),
      [`GET ${base}/items/old`]: () => json(200, item('old', 5, { roomId: 'r2', value: '12.50' })),
    });
    await queue.sendWaiting();
    expect(await queue.waitingChanges()).toEqual([]);
  });

  it('puts a change aside only when the person says so', async () => {
    const kept = await queue.keepChange({ kind: 'item', estateId: E, name: 'Rocking Chair', body: { name: 'Rocking Chair' } });
    const [change] = await queue.waitingChanges();
    expect(change!.key).toBe(kept.key);
    await queue.putAside(change!.seq!);
    expect(await queue.waitingChanges()).toEqual([]);
  });
});
