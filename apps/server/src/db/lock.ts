/**
 * PGlite is single-process: two servers on one data folder would corrupt it. A server holds a lock
 * file in the folder naming its process; a lock left by a process that is gone is taken over.
 *
 * Taking over must be safe when several servers start at once after a crash: they all see the same
 * stale lock. Nobody deletes a lock to replace it. Each lock file has a number
 * (`server.lock.<n>`), created whole and only if that name is free (a hard link of a written
 * temporary file: atomic, never half-written), so of all who saw the stale `n` exactly one creates
 * `n + 1`; the others find it held by a live process and stop. The winner then checks that no other
 * lock file names a live process (one that read the folder long ago and created an older number)
 * and yields if one does, then removes the stale files.
 *
 * A process is the one named in a lock only if its id is alive and, where /proc tells, it started
 * at the recorded time since the recorded boot: after a crash and a reboot the id may belong to
 * an unrelated process (in a container, the server is often process 1 every time).
 */
import { randomUUID } from 'node:crypto';
import { linkSync, mkdirSync, openSync, closeSync, readFileSync, readdirSync, statSync, unlinkSync, writeFileSync, writeSync } from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {}

type LockRecord = { pid: number; started?: string; nonce?: string };

const LOCK = /^server\.lock(?:\.(\d+))?$/;
const TEMP = /^server\.lock\.tmp-(\d+)-/;
/** A lock file still empty this long after it was made is left by a process that died writing it. */
const WRITING_GRACE_MS = 10_000;
const ATTEMPTS = 20;

/** Start time since boot, and the boot, of a process (Linux); undefined elsewhere. */
function startIdentity(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 22, counted after the command name, which is in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    return `${boot}:${fields[19]}`;
  } catch {
    return undefined;
  }
}

const me: LockRecord = { pid: process.pid, started: startIdentity(process.pid) };

function isMe(record: LockRecord): boolean {
  return record.pid === me.pid && (record.started === undefined || record.started === me.started);
}

function processAlive(record: LockRecord): boolean {
  if (!(record.pid > 0)) return false; // kill(0) and kill(-1) would address groups of processes
  try {
    process.kill(record.pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  if (record.started === undefined) return true;
  const now = startIdentity(record.pid);
  // Where /proc cannot tell, an alive id counts as the same process (the safe side).
  return now === undefined || now === record.started;
}

/** The record in a lock file; null when it is gone; 'writing' when a process is still writing it. */
function readRecord(file: string): LockRecord | null | 'writing' {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  // Older servers wrote only the process id.
  if (/^\s*\d+\s*$/.test(text)) return { pid: Number(text) };
  try {
    const parsed = JSON.parse(text) as Partial<LockRecord> | null;
    if (typeof parsed?.pid === 'number') return parsed as LockRecord;
  } catch {
    // Not written yet, or not by a server.
  }
  try {
    return Date.now() - statSync(file).mtimeMs < WRITING_GRACE_MS ? 'writing' : { pid: 0 };
  } catch {
    return null;
  }
}

type LockFile = { name: string; number: number; record: LockRecord | 'writing' };

function lockFiles(dir: string): LockFile[] {
  const files: LockFile[] = [];
  for (const name of readdirSync(dir)) {
    const match = LOCK.exec(name);
    if (!match) continue;
    const record = readRecord(path.join(dir, name));
    if (record) files.push({ name, number: match[1] ? Number(match[1]) : 0, record });
  }
  return files;
}

const held = (f: LockFile) => f.record === 'writing' || (!isMe(f.record) && processAlive(f.record));

function lockedError(dir: string, holder: LockFile): DataDirLockedError {
  const who = holder.record === 'writing' ? 'another server' : `another server (process ${holder.record.pid})`;
  return new DataDirLockedError(
    `The data folder ${path.resolve(dir)} is in use by ${who}. ` +
      'Stop that server first, or start this one with a different DATA_DIR.',
  );
}

/** Creates `file` holding `text`, whole, only if no file has that name (false when one has). */
function createWhole(dir: string, file: string, text: string): boolean {
  const temp = path.join(dir, `server.lock.tmp-${process.pid}-${randomUUID()}`);
  writeFileSync(temp, text, { flag: 'wx' });
  try {
    linkSync(temp, file);
    return true;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP') throw err;
    // A file system without hard links: exclusive create; readers treat it as being written until then.
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, text);
      closeSync(fd);
      return true;
    } catch (inner) {
      if ((inner as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw inner;
    }
  } finally {
    unlinkSync(temp);
  }
}

function unlinkQuietly(file: string): void {
  try {
    unlinkSync(file);
  } catch {
    // Someone else tidied it.
  }
}

function removeIfStale(dir: string, name: string): void {
  const record = readRecord(path.join(dir, name));
  if (record === null || record === 'writing' || isMe(record) || processAlive(record)) return;
  unlinkQuietly(path.join(dir, name));
}

export function acquireDataDirLock(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const files = lockFiles(dataDir);
    const holder = files.find(held);
    if (holder) throw lockedError(dataDir, holder);

    const number = Math.max(0, ...files.map((f) => f.number)) + 1;
    const name = `server.lock.${number}`;
    const record: LockRecord = { ...me, nonce: randomUUID() };
    if (!createWhole(dataDir, path.join(dataDir, name), JSON.stringify(record))) continue; // another won it

    // One that read the folder before the last takeover may have created an older number since.
    if (lockFiles(dataDir).some((f) => f.name !== name && held(f))) {
      unlinkSync(path.join(dataDir, name));
      continue;
    }
    for (const other of readdirSync(dataDir)) {
      if (other !== name && LOCK.test(other)) removeIfStale(dataDir, other);
      const temp = TEMP.exec(other);
      if (temp && !processAlive({ pid: Number(temp[1]) })) unlinkQuietly(path.join(dataDir, other));
    }

    let released = false;
    return () => {
      if (released) return;
      released = true;
      const current = readRecord(path.join(dataDir, name));
      if (current && current !== 'writing' && current.nonce === record.nonce) unlinkSync(path.join(dataDir, name));
    };
  }
  throw new DataDirLockedError(`Could not lock the data folder ${path.resolve(dataDir)}: other servers kept starting. Please try again.`);
}
