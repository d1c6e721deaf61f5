/**
 * Server processes on one PostgreSQL database tell each other of their writes (client.ts,
 * `shareWrites`), and a process alone tells no one. The notices travel on an in-memory stand-in
 * for NOTIFY/LISTEN that delivers to every process, the sender too, as PostgreSQL does.
 */
import { describe, expect, it, vi } from 'vitest';
import { shareWrites, type Notifier } from './client.js';
import { WriteCounter } from './write-tracking.js';

function bus() {
  const listeners = new Set<(payload: string) => void>();
  const sent: string[] = [];
  const notifier = (): Notifier => ({
    notify(_channel, payload) {
      sent.push(payload);
      for (const listener of listeners) queueMicrotask(() => listener(payload));
      return Promise.resolve();
    },
    listen(_channel, onMessage) {
      listeners.add(onMessage);
      return Promise.resolve(() => {
        listeners.delete(onMessage);
        return Promise.resolve();
      });
    },
  });
  return { notifier, sent };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('telling other processes of writes', () => {
  it('sends nothing for its writes once its hello has gone unanswered', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      const { notifier, sent } = bus();
      const writes = new WriteCounter();
      const sharing = await shareWrites(writes, notifier(), 100);
      expect(sent).toHaveLength(1); // the hello
      vi.advanceTimersByTime(100);
      expect(sharing.alone()).toBe(true);
      writes.bump('estate-a');
      await flush();
      expect(sent).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('tells a process that starts later, and that one drops what it had cached on the answer', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      const { notifier, sent } = bus();
      const older = new WriteCounter();
      const olderSharing = await shareWrites(older, notifier(), 100);
      vi.advanceTimersByTime(100);
      expect(olderSharing.alone()).toBe(true);

      const newer = new WriteCounter();
      const stampBefore = newer.stamp('estate-a');
      const newerSharing = await shareWrites(newer, notifier(), 100);
      await flush();
      // The older process heard the hello and answered "everything may have changed".
      expect(olderSharing.alone()).toBe(false);
      expect(newerSharing.alone()).toBe(false);
      expect(newer.stamp('estate-a')).not.toBe(stampBefore);

      const count = sent.length;
      const heard = newer.stamp('estate-a');
      older.bump('estate-a');
      await flush();
      expect(sent.length).toBe(count + 1);
      expect(newer.stamp('estate-a')).not.toBe(heard);
      const olderHeard = older.stamp('estate-b');
      newer.bump('estate-b');
      await flush();
      expect(older.stamp('estate-b')).not.toBe(olderHeard);
    } finally {
      vi.useRealTimers();
    }
  });

  it('tells others while its hello may still be answered', async () => {
    const { notifier, sent } = bus();
    const writes = new WriteCounter();
    const sharing = await shareWrites(writes, notifier(), 60_000);
    expect(sharing.alone()).toBe(false);
    writes.bump('estate-a');
    await flush();
    expect(sent).toHaveLength(2);
  });
});
