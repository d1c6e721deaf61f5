import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { DataDirLockedError, acquireDataDirLock } from './lock.js';

it('refuses a second holder of the data folder with a clear message, and takes over a stale lock', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'estate-lock-'));
  // A live process (our parent) holding the lock.
  writeFileSync(path.join(dir, 'server.lock'), String(process.ppid));
  expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
  expect(() => acquireDataDirLock(dir)).toThrow(/in use by another server/);
  // A dead process's lock is taken over.
  writeFileSync(path.join(dir, 'server.lock'), '999999999');
  const release = acquireDataDirLock(dir);
  expect(() => acquireDataDirLock(path.join(dir))).not.toThrow(); // same pid: our own lock
  release();
});
