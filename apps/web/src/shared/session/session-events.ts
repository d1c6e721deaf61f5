/** Tells caches (the query client, loaded later) that the session ended or was locked. */
const listeners = new Set<() => void>();

export function onSessionCleared(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function emitSessionCleared(): void {
  for (const listener of listeners) listener();
}
