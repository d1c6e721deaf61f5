/**
 * Answers to hot reads (who the caller is, the item list, an item), kept in memory until the next
 * write that may change them: a write in one estate forgets that estate's answers only; a write
 * outside any estate's route (or to the users table) forgets everything. A key always names the
 * reader, so one person's answer is never another's. Entries also expire after a short time, in
 * case a write from another process is heard late. See docs/decisions/0006-read-cache.md and 0017.
 */
import type { WriteCounter } from '../db/write-tracking.js';

type Entry = { storedAt: number; stamp: string; value: Promise<unknown> };

export type ReadCacheOptions = { maxEntries: number; ttlMs: number; enabled?: boolean };

export class ReadCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly writes: WriteCounter,
    private readonly now: () => Date,
    private readonly options: ReadCacheOptions = { maxEntries: 10_000, ttlMs: 30_000 },
  ) {}

  /**
   * The stored answer for `key` if nothing was written since it was read that could change it, else
   * `load()`'s. `scope` says what could: a write in that estate (an estate id); a write to who may
   * do what there (`{ access: id }`: its row, its memberships); only a write counted for every
   * estate (`null`); with nothing, any write. Concurrent readers of the same key share
   * one load; a failed load is not kept. A disabled cache always loads.
   */
  get<T>(key: string, load: () => Promise<T>, scope?: string | null | { access: string }): Promise<T> {
    if (this.options.enabled === false) return load();
    const stamp = scope !== null && typeof scope === 'object' ? this.writes.accessStamp(scope.access) : this.writes.stamp(scope);
    const now = this.now().getTime();
    const hit = this.entries.get(key);
    if (hit && hit.stamp === stamp && now - hit.storedAt < this.options.ttlMs && now >= hit.storedAt) return hit.value as Promise<T>;

    const value = load();
    this.entries.delete(key);
    this.entries.set(key, { storedAt: now, stamp, value });
    if (this.entries.size > this.options.maxEntries) {
      // Maps keep insertion order: the first key is the oldest.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }
}
