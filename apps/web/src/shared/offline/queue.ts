/**
 * The offline cataloguing queue (issue 34): what a trustee or asset creator adds with no network is
 * kept in this phone's IndexedDB (photos as shrunk JPEG blobs), listed as waiting, and sent in the
 * order it was made when the connection returns, each change with its own Idempotency-Key, so a
 * change sent twice (an answer lost on the way) is kept once. A change the server refuses stays in
 * the list with the server's reason until the person tries again or puts it aside: never dropped.
 * Nothing is held in memory only, so closing the tab mid-way loses nothing.
 */
import type { ItemAnswer } from '@estate/domain/schemas/items';
import type { PhotoAnswer } from '@estate/domain/schemas/photos';
import type { StoryAnswer } from '@estate/domain/schemas/stories';
import { api, getAccessToken, refreshAccessToken } from '../api/client';
import { isApiError } from '../api/api-error';
import { storyForm } from '../stories/api';

export type ChangeKind = 'item' | 'photo' | 'story';

export type Change = {
  seq?: number;
  estateId: string;
  kind: ChangeKind;
  /** The Idempotency-Key: made once, when the change is kept, and sent with every try. */
  key: string;
  /** The item: its server id, or (for an item made offline) the key of its creation. */
  itemId?: string;
  localItemKey?: string;
  /** The item's name, to say which change this is. */
  name: string;
  body?: Record<string, unknown>;
  text?: string;
  blob?: Blob;
  durationSeconds?: number;
  refusal?: string;
  createdAt: string;
};

const DB = 'estate-offline';
const CHANGES = 'changes';
/** Server ids of items made offline, by the key of their creation. */
const SENT = 'sent-items';

let opening: Promise<IDBDatabase> | null = null;

function database(): Promise<IDBDatabase> {
  opening ??= new Promise((resolve, reject) => {
    const request = indexedDB.open(DB, 1);
    request.onupgradeneeded = () => {
      request.result.createObjectStore(CHANGES, { keyPath: 'seq', autoIncrement: true });
      request.result.createObjectStore(SENT);
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB did not open'));
  });
  return opening;
}

function run<T>(store: string, mode: IDBTransactionMode, work: (s: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  return database().then(
    (db) =>
      new Promise<T>((resolve, reject) => {
        const tx = db.transaction(store, mode);
        const request = work(tx.objectStore(store));
        tx.oncomplete = () => resolve(request.result);
        tx.onerror = () => reject(tx.error ?? new Error('IndexedDB write failed'));
      }),
  );
}

const listeners = new Set<() => void>();
/** Called whenever the queue changes (its lists re-read it). */
export function onQueueChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const changed = () => listeners.forEach((l) => l());

export async function keepChange(change: Omit<Change, 'key' | 'createdAt'> & { key?: string }): Promise<Change> {
  const full: Change = { ...change, key: change.key ?? crypto.randomUUID(), createdAt: new Date().toISOString() };
  await run(CHANGES, 'readwrite', (s) => s.add(full));
  changed();
  return full;
}

export function waitingChanges(): Promise<Change[]> {
  // A browser without IndexedDB (some private windows) cannot have kept anything.
  if (typeof indexedDB === 'undefined') return Promise.resolve([]);
  return run<Change[]>(CHANGES, 'readonly', (s) => s.getAll() as IDBRequest<Change[]>);
}

export async function putAside(seq: number): Promise<void> {
  await run(CHANGES, 'readwrite', (s) => s.delete(seq));
  changed();
}

export async function tryAgain(seq: number): Promise<void> {
  const [change] = (await waitingChanges()).filter((c) => c.seq === seq);
  if (!change) return;
  delete change.refusal;
  await run(CHANGES, 'readwrite', (s) => s.put(change));
  changed();
  void sendWaiting();
}

/** Counts for "Waiting to be sent (12 items, 31 photos)". */
export function countsOf(changes: readonly Change[]) {
  return {
    items: changes.filter((c) => c.kind === 'item').length,
    photos: changes.filter((c) => c.kind === 'photo').length,
    stories: changes.filter((c) => c.kind === 'story').length,
  };
}

/** A photo made smaller on the phone before it is kept (at most 2,048 px on its long side, JPEG). */
export async function shrinkPhoto(file: Blob, longSide = 2048): Promise<Blob> {
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, longSide / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85));
    return blob ?? file;
  } catch {
    return file;
  }
}

const base = (estateId: string) => `/api/estates/${encodeURIComponent(estateId)}`;

async function itemIdOf(change: Change): Promise<string | undefined> {
  if (change.itemId) return change.itemId;
  if (!change.localItemKey) return undefined;
  return run<string | undefined>(SENT, 'readonly', (s) => s.get(change.localItemKey!) as IDBRequest<string | undefined>);
}

async function send(change: Change): Promise<void> {
  const headers = { 'Idempotency-Key': change.key };
  if (change.kind === 'item') {
    const { item } = await api<ItemAnswer>(`${base(change.estateId)}/items`, { method: 'POST', body: change.body, headers });
    await run(SENT, 'readwrite', (s) => s.put(item.id, change.key));
    return;
  }
  const itemId = await itemIdOf(change);
  if (!itemId) throw new Error('waiting for its item');
  const path = `${base(change.estateId)}/items/${encodeURIComponent(itemId)}`;
  if (change.kind === 'photo') {
    const body = new FormData();
    body.append('file', change.blob!, 'photo.jpg');
    await api<PhotoAnswer>(`${path}/photos`, { method: 'POST', body, headers });
  } else {
    await api<StoryAnswer>(`${path}/stories`, { method: 'POST', body: storyForm({ text: change.text ?? '', audio: change.blob, durationSeconds: change.durationSeconds }), headers });
  }
}

export type Progress = { done: number; total: number } | null;
let progress: Progress = null;
export const sendingProgress = () => progress;

let sending: Promise<void> | null = null;

/**
 * Sends what waits, oldest first. Stops at the first network failure (still offline: it stays);
 * a refusal is written on its change, and the changes that need it (photos of a refused item) wait.
 */
export function sendWaiting(): Promise<void> {
  sending ??= (async () => {
    try {
      // Opened offline: the session is checked first (the refresh cookie), then the changes go.
      if (!getAccessToken() && !(await refreshAccessToken()).ok) return;
      const all = (await waitingChanges()).filter((c) => !c.refusal);
      progress = { done: 0, total: all.length };
      changed();
      const blocked = new Set((await waitingChanges()).filter((c) => c.refusal && c.kind === 'item').map((c) => c.key));
      for (const change of all) {
        if (change.localItemKey && blocked.has(change.localItemKey)) continue;
        try {
          await send(change);
          await run(CHANGES, 'readwrite', (s) => s.delete(change.seq!));
        } catch (error) {
          // Still offline, the server unwell, or the session not yet checked again: it waits.
          if (!isApiError(error) || error.status === 0 || error.status === 401 || error.status >= 500) break;
          change.refusal = error.message;
          await run(CHANGES, 'readwrite', (s) => s.put(change));
          if (change.kind === 'item') blocked.add(change.key);
        }
        progress = { done: progress.done + 1, total: progress.total };
        changed();
      }
    } finally {
      progress = null;
      sending = null;
      changed();
    }
  })();
  return sending;
}
