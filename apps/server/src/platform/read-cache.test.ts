import { describe, expect, it } from 'vitest';
import { WriteCounter } from '../db/write-tracking.js';
import { ReadCache } from './read-cache.js';

function setup(options = { maxEntries: 3, ttlMs: 30_000 }) {
  const writes = new WriteCounter();
  const clock = { now: new Date('2026-11-21T10:00:00Z') };
  const cache = new ReadCache(writes, () => clock.now, options);
  let loads = 0;
  const load = (value: string) => () => {
    loads++;
    return Promise.resolve(value);
  };
  return { writes, clock, cache, load, loads: () => loads };
}

describe('read cache', () => {
  it('answers from memory until the next write', async () => {
    const { writes, cache, load, loads } = setup();
    expect(await cache.get('a', load('first'))).toBe('first');
    expect(await cache.get('a', load('second'))).toBe('first');
    expect(loads()).toBe(1);
    writes.bump();
    expect(await cache.get('a', load('third'))).toBe('third');
    writes.bumpFromElsewhere();
    expect(await cache.get('a', load('fourth'))).toBe('fourth');
  });

  it('forgets an estate’s answers at a write there only, and everything at a write for every estate', async () => {
    const { writes, cache, load, loads } = setup({ maxEntries: 10, ttlMs: 30_000 });
    await cache.get('list:a', load('a1'), 'a');
    await cache.get('list:b', load('b1'), 'b');
    await cache.get('user:anna', load('anna1'), null);
    writes.bump('a');
    expect(await cache.get('list:a', load('a2'), 'a')).toBe('a2');
    expect(await cache.get('list:b', load('b2'), 'b')).toBe('b1');
    expect(await cache.get('user:anna', load('anna2'), null)).toBe('anna1');
    writes.bumpFromElsewhere('b');
    expect(await cache.get('list:b', load('b3'), 'b')).toBe('b3');
    expect(loads()).toBe(5);
    writes.bump();
    expect(await cache.get('list:a', load('a4'), 'a')).toBe('a4');
    expect(await cache.get('list:b', load('b4'), 'b')).toBe('b4');
    expect(await cache.get('user:anna', load('anna4'), null)).toBe('anna4');
  });

  it('keeps who may do what in an estate until its row or memberships change', async () => {
    const { writes, cache, load } = setup({ maxEntries: 10, ttlMs: 30_000 });
    await cache.get('access:anna:a', load('member'), { access: 'a' });
    writes.bump('a', 'data');
    expect(await cache.get('access:anna:a', load('again'), { access: 'a' })).toBe('member');
    writes.bump('a', 'access');
    expect(await cache.get('access:anna:a', load('moved on'), { access: 'a' })).toBe('moved on');
    writes.bump('b', 'everywhere');
    expect(await cache.get('access:anna:a', load('signed out'), { access: 'a' })).toBe('signed out');
  });

  it('always loads when turned off', async () => {
    const writes = new WriteCounter();
    const cache = new ReadCache(writes, () => new Date(), { maxEntries: 10, ttlMs: 30_000, enabled: false });
    let n = 0;
    const load = () => Promise.resolve(++n);
    await cache.get('k', load);
    expect(await cache.get('k', load)).toBe(2);
  });

  it('keeps answers apart by key', async () => {
    const { cache, load } = setup();
    expect(await cache.get('items:anna', load('anna’s view'))).toBe('anna’s view');
    expect(await cache.get('items:ben', load('ben’s view'))).toBe('ben’s view');
    expect(await cache.get('items:anna', load('other'))).toBe('anna’s view');
  });

  it('shares one load between concurrent readers and does not keep a failure', async () => {
    const { cache, loads, load } = setup();
    const [x, y] = await Promise.all([cache.get('k', load('once')), cache.get('k', load('twice'))]);
    expect([x, y, loads()]).toEqual(['once', 'once', 1]);
    await expect(cache.get('bad', () => Promise.reject(new Error('no such item')))).rejects.toThrow(
      'no such item',
    );
    expect(await cache.get('bad', load('found now'))).toBe('found now');
  });

  it('forgets after its time to live and when the clock goes back', async () => {
    const { cache, clock, load } = setup({ maxEntries: 10, ttlMs: 1_000 });
    await cache.get('k', load('old'));
    clock.now = new Date(clock.now.getTime() + 1_000);
    expect(await cache.get('k', load('new'))).toBe('new');
    clock.now = new Date(clock.now.getTime() - 60_000);
    expect(await cache.get('k', load('newer'))).toBe('newer');
  });

  it('holds at most maxEntries, dropping the oldest', async () => {
    const { cache, load, loads } = setup();
    for (const k of ['a', 'b', 'c', 'd']) await cache.get(k, load(k));
    expect(loads()).toBe(4);
    await cache.get('d', load('x'));
    expect(loads()).toBe(4);
    expect(await cache.get('a', load('a again'))).toBe('a again');
  });
});
