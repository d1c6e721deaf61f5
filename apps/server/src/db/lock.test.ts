import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { DataDirLockedError, acquireDataDirLock } from './lock.js';

const newDir = () => mkdtempSync(path.join(tmpdir(), 'estate-lock-'));
/** Above any pid_max: no such process. */
const DEAD_PID = 999_999_999;

it('refuses a second holder of the data folder with a clear message, and takes over a stale lock', () => {
  const dir = newDir();
  // A live process (our parent) holding the lock, as older servers wrote it.
  writeFileSync(path.join(dir, 'server.lock'), String(process.ppid));
  expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
  expect(() => acquireDataDirLock(dir)).toThrow(/in use by another server \(process \d+\)/);
  // A dead process's lock is taken over, and tidied away.
  writeFileSync(path.join(dir, 'server.lock'), String(DEAD_PID));
  const release = acquireDataDirLock(dir);
  expect(readdirSync(dir)).toEqual(['server.lock.1']);
  expect(JSON.parse(readFileSync(path.join(dir, 'server.lock.1'), 'utf8'))).toMatchObject({ pid: process.pid });
  const again = acquireDataDirLock(dir); // same process: our own lock
  again();
  release();
  expect(readdirSync(dir)).toEqual([]);
});

it.runIf(existsSync('/proc/self/stat'))('takes over a lock whose process id now belongs to another process', () => {
  const dir = newDir();
  // Our parent is alive, but it is not the process that wrote this lock (a different start time).
  writeFileSync(path.join(dir, 'server.lock.7'), JSON.stringify({ pid: process.ppid, started: 'another-boot:12345' }));
  const release = acquireDataDirLock(dir);
  expect(readdirSync(dir)).toEqual(['server.lock.8']);
  release();
});

// ---- Several servers starting at once after a crash ----

const CONTENDERS = 6;
const ROUNDS = 40;
const lockModule = fileURLToPath(new URL('./lock.ts', import.meta.url));
const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

/** A process that tries to take the lock when told, all contenders at the same instant. */
const contenderScript = `
  const { acquireDataDirLock, DataDirLockedError } = await import(${JSON.stringify(lockModule)});
  let release;
  process.on('message', (m) => {
    if (m.type === 'race') {
      while (Date.now() < m.at) {} // start together
      try {
        release = acquireDataDirLock(m.dir);
        process.send({ won: true });
      } catch (err) {
        process.send({ won: false, refused: err instanceof DataDirLockedError, message: String(err.message) });
      }
    } else if (m.type === 'release') {
      release?.();
      release = undefined;
      process.send({ released: true });
    }
  });
  process.send({ ready: true });
`;

type Reply = { ready?: boolean; won?: boolean; refused?: boolean; message?: string; released?: boolean };

const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill();
});

function nextReply(child: ChildProcess): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`contender exited (${code})`));
    child.once('exit', onExit);
    child.once('message', (m) => {
      child.off('exit', onExit);
      resolve(m as Reply);
    });
  });
}

it(`lets exactly one of ${CONTENDERS} servers starting at once take over a stale lock, ${ROUNDS} times in a row`, async () => {
  for (let i = 0; i < CONTENDERS; i++) {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', contenderScript], {
      cwd: repoRoot,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    children.push(child);
  }
  await Promise.all(children.map(async (c) => expect(await nextReply(c)).toEqual({ ready: true })));

  for (let round = 0; round < ROUNDS; round++) {
    const dir = newDir();
    // The crashed server's lock, in the old and the new form in turn.
    if (round % 2 === 0) writeFileSync(path.join(dir, 'server.lock'), String(DEAD_PID));
    else writeFileSync(path.join(dir, 'server.lock.3'), JSON.stringify({ pid: DEAD_PID, started: 'x', nonce: 'y' }));
    const replies = children.map(nextReply);
    const at = Date.now() + 30;
    for (const child of children) child.send({ type: 'race', dir, at });
    const results = await Promise.all(replies);
    const winners = results.flatMap((r, i) => (r.won ? [i] : []));
    expect(winners, `round ${round}: ${JSON.stringify(results)}`).toHaveLength(1);
    expect(results.filter((r) => !r.won).every((r) => r.refused && /in use by another server/.test(r.message ?? ''))).toBe(true);
    const winner = children[winners[0]!]!;
    const released = nextReply(winner);
    winner.send({ type: 'release' });
    expect(await released).toEqual({ released: true });
    expect(readdirSync(dir)).toEqual([]);
  }
}, 120_000);
