/**
 * Answers to hot reads (who the caller is, the item list, an item), kept in memory until the next
 * write to the database. A key always names the reader, so one person's answer is never another's.
 * Entries also expire after a short time, in case a write from another process is heard late.
 * See docs/decisions/0006-read-cache.md.
 */
import type { WriteCounter } from '../db/write-tracking.js';

type Entry = { storedAt: number; value: Promise<unknown> };

export type ReadCacheOptions = { maxEntries: number; ttlMs: number };

export class ReadCache {
  private readonly entries = new Map<string, Entry>();
  private generation: number;

  constructor(
    private readonly writes: WriteCounter,
    private readonly now: () => Date,
    private readonly options: ReadCacheOptions = { maxEntries: 2_000, ttlMs: 30_000 },
  ) {
    this.generation = writes.generation;
  }

  /**
   * The stored answer for `key` if nothing was written since it was read, else `load()`'s.
   * Concurrent readers of the same key share one load; a failed load is not kept.
   */
  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const generation = this.writes.generation;
    if (generation !== this.generation) {
      this.entries.clear();
      this.generation = generation;
    }
    const now = this.now().getTime();
    const hit = this.entries.get(key);
    if (hit && now - hit.storedAt < this.options.ttlMs && now >= hit.storedAt) return hit.value as Promise<T>;

    const value = load();
    this.entries.delete(key);
    this.entries.set(key, { storedAt: now, value });
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
