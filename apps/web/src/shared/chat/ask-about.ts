/**
 * "Ask about this item": a page asks the Team Chat panel (in the app shell) to open with an item
 * attached to the message being written. A tiny store, so the item page and the chat feature do
 * not import each other. The request stays until the panel closes (`clearAsk`).
 */
import { useSyncExternalStore } from 'react';

export type ItemRef = { estateId: string; id: string; name: string; label: string; thumbUrl: string | null };
export type Ask = { item: ItemRef | null; n: number };

/** `n` goes up with every request, so asking twice about the same item opens the panel twice. */
let current: Ask = { item: null, n: 0 };
const listeners = new Set<() => void>();

function set(next: Ask): void {
  current = next;
  for (const listener of listeners) listener();
}

export function askAboutItem(item: ItemRef): void {
  set({ item, n: current.n + 1 });
}

/** The panel closed: the item is no longer waiting. */
export function clearAsk(): void {
  if (current.item) set({ item: null, n: current.n });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useAsk(): Ask {
  return useSyncExternalStore(subscribe, () => current);
}
