/**
 * Where file bytes live. Keys are content hashes, so the same bytes are stored once and a key never
 * comes from a user's file name. Local disk by default; any S3-compatible store when S3_BUCKET is set
 * (s3-storage.ts), so several servers on several hosts share the files.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { OWNER_FILE, OWNER_FOLDER } from './file-modes.js';
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface Storage {
  /** Stores the bytes (or marks the file as just written, when the same bytes are already there). */
  put(bytes: Buffer): Promise<string>;
  get(key: string): Promise<Buffer | undefined>;
  /** The bytes as a stream, for what is sent as it is read (the estate archive, backups). */
  getStream(key: string): Promise<Readable | undefined>;
  /** Keys of the files last written before `before`. */
  listWrittenBefore(before: Date): AsyncIterable<string>;
  /** Removes the file unless it was written at or after `before` (an upload may just have reused it). */
  removeIfWrittenBefore(key: string, before: Date): Promise<boolean>;
}

const KEY = /^[a-f0-9]{64}$/;

export class LocalDiskStorage implements Storage {
  constructor(private readonly root: string) {}

  private pathFor(key: string): string {
    if (!KEY.test(key)) throw new Error('invalid storage key');
    return path.join(this.root, key.slice(0, 2), key);
  }

  async put(bytes: Buffer): Promise<string> {
    const key = createHash('sha256').update(bytes).digest('hex');
    const target = this.pathFor(key);
    // The same bytes again (another photo, or one deleted earlier): mark them fresh, so no sweep
    // takes them. Gone meanwhile (a sweep took them): write them again.
    const now = new Date();
    const refreshed = await utimes(target, now, now).then(
      () => true,
      () => false,
    );
    if (!refreshed) {
      // Owner-only, whatever the process's umask (issue 31).
      await mkdir(path.dirname(target), { recursive: true, mode: OWNER_FOLDER });
      // Write then rename, so a crash never leaves a half-written file under a valid key. A unique
      // temp name lets two uploads of the same bytes race safely: the rename is atomic either way.
      const temp = `${target}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
      await writeFile(temp, bytes, { flush: true, mode: OWNER_FILE });
      await rename(temp, target);
    }
    return key;
  }

  async get(key: string): Promise<Buffer | undefined> {
    try {
      return await readFile(this.pathFor(key));
    } catch {
      return undefined;
    }
  }

  async getStream(key: string): Promise<Readable | undefined> {
    if (!KEY.test(key)) return undefined;
    const file = this.pathFor(key);
    // Opened before it is handed out, so a missing file answers undefined rather than a failing stream.
    const stream = createReadStream(file);
    return new Promise((resolve) => {
      stream.once('open', () => resolve(stream));
      stream.once('error', () => resolve(undefined));
    });
  }

  async *listWrittenBefore(before: Date): AsyncIterable<string> {
    const shards = await readdir(this.root).catch(() => [] as string[]);
    for (const shard of shards) {
      const names = await readdir(path.join(this.root, shard)).catch(() => [] as string[]);
      for (const name of names) {
        if (!KEY.test(name)) continue; // a temp file of an upload in progress, or a stranger
        const info = await stat(path.join(this.root, shard, name)).catch(() => undefined);
        if (info && info.mtimeMs < before.getTime()) yield name;
      }
    }
  }

  async removeIfWrittenBefore(key: string, before: Date): Promise<boolean> {
    const target = this.pathFor(key);
    // Out of the way first, then look: an upload that touched the file before the move is seen
    // (and the file goes back); one after it finds no file and writes its own.
    const aside = `${target}.${process.pid}.${randomBytes(6).toString('hex')}.swept`;
    if (
      !(await rename(target, aside).then(
        () => true,
        () => false,
      ))
    )
      return false;
    const info = await stat(aside).catch(() => undefined);
    if (info && info.mtimeMs >= before.getTime()) {
      await rename(aside, target);
      return false;
    }
    await rm(aside, { force: true });
    return true;
  }
}
