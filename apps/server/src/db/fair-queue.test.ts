/**
 * The embedded database's order of work (fair-queue.ts): with reads arriving without pause, a
 * write still has its turn, and a read still has its turn behind a stream of writes. The clock is
 * the test's own: each piece of work "takes" 1 ms, so nothing here depends on the machine's speed.
 */
import { describe, expect, it } from 'vitest';
import { fairQueue, type Kind } from './fair-queue.js';

/** A queue on a clock that moves only when work runs, with a log of what ran. */
function harness(turnMs: Record<Kind, number>) {
  let clock = 0;
  const ran: string[] = [];
  const queue = fairQueue(turnMs, () => clock);
  const add = (kind: Kind, name: string, then?: () => void) =>
    new Promise<void>((resolve) =>
      queue.add(kind, () => {
        clock += 1;
        ran.push(name);
        then?.();
        resolve();
        return Promise.resolve();
      }),
    );
  return { add, ran };
}

describe('the embedded database takes reads and writes in turns', () => {
  it('lets a write through while reads arrive without pause', async () => {
    const { add, ran } = harness({ read: 4, write: 8 });
    let writeDone = false;
    // Eight readers, each asking again the moment its read is answered, until the write is done.
    const reader = (k: number): void => void add('read', `read ${k}`, () => !writeDone && reader(k));
    for (let k = 0; k < 8; k++) reader(k);
    await add('write', 'write');
    writeDone = true;
    // The write waited one read turn (4 ms of reads), not for the stream to end.
    expect(ran.indexOf('write')).toBeLessThanOrEqual(4);
  });

  it('lets a read through while writes arrive without pause, after at most one write turn', async () => {
    const { add, ran } = harness({ read: 4, write: 8 });
    let readDone = false;
    const writer = (k: number): void => void add('write', `write ${k}`, () => !readDone && writer(k));
    for (let k = 0; k < 24; k++) writer(k);
    await add('read', 'read');
    readDone = true;
    expect(ran.indexOf('read')).toBeLessThanOrEqual(8);
  });

  it('keeps each line in the order it was asked', async () => {
    const { add, ran } = harness({ read: 4, write: 8 });
    await Promise.all([
      add('write', 'w1'),
      add('read', 'r1'),
      add('write', 'w2'),
      add('read', 'r2'),
      add('write', 'w3'),
    ]);
    expect(ran.filter((r) => r.startsWith('w'))).toEqual(['w1', 'w2', 'w3']);
    expect(ran.filter((r) => r.startsWith('r'))).toEqual(['r1', 'r2']);
  });
});
