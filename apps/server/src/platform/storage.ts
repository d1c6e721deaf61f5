/**
 * Where file bytes live. Keys are content hashes, so the same bytes are stored once and a key never
 * comes from a user's file name. Local disk by default; an S3-compatible store can implement the
 * same interface when several servers share files.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface Storage {
  put(bytes: Buffer): Promise<string>;
  get(key: string): Promise<Buffer | undefined>;
  remove(key: string): Promise<void>;
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
    const exists = await stat(target).then(() => true, () => false);
    if (!exists) {
      await mkdir(path.dirname(target), { recursive: true });
      // Write then rename, so a crash never leaves a half-written file under a valid key. A unique
      // temp name lets two uploads of the same bytes race safely: the rename is atomic either way.
      const temp = `${target}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
      await writeFile(temp, bytes, { flush: true });
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

  async remove(key: string): Promise<void> {
    await rm(this.pathFor(key), { force: true });
  }
}
