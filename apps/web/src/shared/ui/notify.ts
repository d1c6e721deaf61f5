/**
 * Snackbar messages (seed: success, warning, error, info; auto-hide 6000 ms). A tiny store so that
 * code outside React (the API client's session signals) can show a message too.
 */
export type NotifyVariant = 'success' | 'warning' | 'error' | 'info';
export type Notice = { id: number; message: string; variant: NotifyVariant };

export const NOTIFY_AUTO_HIDE_MS = 6000;

let queue: Notice[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function notify(message: string, variant: NotifyVariant = 'info'): void {
  // The same message twice in a row (e.g. several requests failing together) shows once.
  if (queue.some((n) => n.message === message && n.variant === variant)) return;
  // News (info, e.g. "the estate has moved on") gives way to anything newer, so the answer to what
  // the person just did never waits six seconds behind it.
  queue = [...queue.filter((n) => n.variant !== 'info'), { id: nextId++, message, variant }];
  emit();
}

export function dismissNotice(id: number): void {
  queue = queue.filter((n) => n.id !== id);
  emit();
}

export function subscribeNotices(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getNotices(): Notice[] {
  return queue;
}
