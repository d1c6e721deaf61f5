/**
 * The offline cataloguing queue (issue 34): what a trustee or asset creator adds or changes with no
 * network is kept in this phone's IndexedDB (photos as shrunk JPEG blobs), listed as waiting, and
 * sent in the order it was made when the connection returns, each creation with its own
 * Idempotency-Key, so a change sent twice (an answer lost on the way) is kept once. An edit of an
 * item already on the server (its fields, its room) carries the version it was made on (If-Match):
 * if the item changed meanwhile (412) the person sees theirs beside the newer and keeps theirs or
 * takes the newer. A change the server refuses stays in the list with the server's reason until the
 * person tries again or puts it aside: never dropped. Nothing is held in memory only, so closing the
 * tab mid-way loses nothing.
 */
import type { Item, ItemAnswer } from '@estate/domain/schemas/items';
import type { LocationsAnswer, RoomsAnswer } from '@estate/domain/schemas/locations';
import type { PhotoAnswer } from '@estate/domain/schemas/photos';
import type { StoryAnswer } from '@estate/domain/schemas/stories';
import { api, getAccessToken, refreshAccessToken } from '../api/client';
import { isApiError } from '../api/api-error';
import { storyForm } from '../stories/api';

export type ChangeKind = 'item' | 'edit' | 'photo' | 'story';

/** What the server holds now, beside an edit it refused because the item changed meanwhile. */
export type Newer = { version: number; values: Record<string, unknown> };

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
  /** An edit: the item's version it was made on (sent as If-Match). */
  version?: number;
  /** Names of the places an edit or the newer item mentions, by id (never shown as ids). */
  placeNames?: Record<string, string>;
  refusal?: string;
  /** The edit was refused because the item changed meanwhile: the item as it is now. */
  newer?: Newer;
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

/**
 * An edit of an item on the server, kept on the phone. A second edit of the same item while the
 * first still waits joins it (the later value of a field wins): both were made on the same version.
 */
export async function keepEdit(edit: { estateId: string; itemId: string; name: string; version: number; body: Record<string, unknown>; placeNames?: Record<string, string> }): Promise<Change> {
  const earlier = (await waitingChanges()).find((c) => c.kind === 'edit' && c.itemId === edit.itemId && !c.refusal);
  if (!earlier) return keepChange({ kind: 'edit', ...edit });
  const joined: Change = { ...earlier, name: edit.name, body: { ...earlier.body, ...edit.body }, placeNames: { ...earlier.placeNames, ...edit.placeNames } };
  await run(CHANGES, 'readwrite', (s) => s.put(joined));
  changed();
  return joined;
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

/**
 * An edit refused because the item changed meanwhile, kept by the person: made again on the newer
 * version (their values win), and sent.
 */
export async function keepMine(seq: number): Promise<void> {
  const [change] = (await waitingChanges()).filter((c) => c.seq === seq);
  if (!change?.newer) return;
  const mine: Change = { ...change, version: change.newer.version };
  delete mine.refusal;
  delete mine.newer;
  await run(CHANGES, 'readwrite', (s) => s.put(mine));
  changed();
  void sendWaiting();
}

/** Counts for "Waiting to be sent (12 items, 31 photos)". */
export function countsOf(changes: readonly Change[]) {
  return {
    items: changes.filter((c) => c.kind === 'item').length,
    edits: changes.filter((c) => c.kind === 'edit').length,
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

/** Whether the item already holds every value of the edit (sent before, its answer lost). */
export function holdsEdit(item: object, body: Record<string, unknown>): boolean {
  return Object.entries(body).every(([field, value]) => {
    const now = (item as Record<string, unknown>)[field];
    // The server writes a value as "12.50"; the edit holds 12.5.
    if (field === 'value' && value !== null && now !== null && now !== undefined) return Number(now) === Number(value);
    return JSON.stringify(now ?? null) === JSON.stringify(value ?? null);
  });
}

/** The server refused an edit: the item changed since the edit was made. */
export class ChangedMeanwhile extends Error {
  constructor(
    message: string,
    readonly newer: Newer,
    readonly placeNames: Record<string, string>,
  ) {
    super(message);
  }
}

/** The names of the places an item's newer values mention (the person reads names, not ids). */
async function placeNamesOf(estateId: string, values: Record<string, unknown>): Promise<Record<string, string>> {
  const names: Record<string, string> = {};
  try {
    if (typeof values.locationId === 'string') {
      const { locations } = await api<LocationsAnswer>(`${base(estateId)}/locations`);
      for (const l of locations) names[l.id] = l.name;
    }
    if (typeof values.roomId === 'string') {
      const { rooms } = await api<RoomsAnswer>(`${base(estateId)}/rooms`);
      for (const r of rooms) names[r.id] = r.name;
    }
  } catch {
    // Without the names the table says "another place"; the choice is the same.
  }
  return names;
}

async function sendEdit(change: Change): Promise<void> {
  const path = `${base(change.estateId)}/items/${encodeURIComponent(change.itemId!)}`;
  const body = change.body ?? {};
  try {
    await api<ItemAnswer>(path, { method: 'PATCH', body, headers: { 'If-Match': `"${change.version ?? 0}"` } });
  } catch (error) {
    if (!isApiError(error) || error.status !== 412) throw error;
    const { item } = await api<ItemAnswer>(path);
    // Sent before and its answer lost on the way: the item already says what the edit says.
    if (holdsEdit(item, body)) return;
    const values = Object.fromEntries(Object.keys(body).map((field) => [field, item[field as keyof Item] ?? null]));
    throw new ChangedMeanwhile(error.message, { version: item.version, values }, await placeNamesOf(change.estateId, values));
  }
}

async function send(change: Change): Promise<void> {
  if (change.kind === 'edit') return sendEdit(change);
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
          if (error instanceof ChangedMeanwhile) {
            change.refusal = error.message;
            change.newer = error.newer;
            change.placeNames = { ...change.placeNames, ...error.placeNames };
            await run(CHANGES, 'readwrite', (s) => s.put(change));
            progress = { done: progress.done + 1, total: progress.total };
            changed();
            continue;
          }
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
