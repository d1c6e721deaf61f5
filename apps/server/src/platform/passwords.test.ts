import { afterEach, beforeEach, expect, it } from 'vitest';
import { PASSWORD_HASH_OPTIONS, hashPassword, passwordHashing, verifyPassword } from './passwords.js';

// The other server tests hash at a tiny cost (test/setup.ts); the server itself at this one.
let lowered: typeof passwordHashing.options;
beforeEach(() => {
  lowered = passwordHashing.options;
  passwordHashing.options = PASSWORD_HASH_OPTIONS;
});
afterEach(() => {
  passwordHashing.options = lowered;
});

it('hashes with argon2id at the OWASP cost (19 MiB, 2 passes), salted, and verifies only the same password', async () => {
  const first = await hashPassword('Quiet-Harbour-1947');
  const second = await hashPassword('Quiet-Harbour-1947');
  expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  expect(second).not.toBe(first);
  expect(await verifyPassword(first, 'Quiet-Harbour-1947')).toBe(true);
  expect(await verifyPassword(first, 'quiet-harbour-1947')).toBe(false);
  expect(await verifyPassword('not a hash', 'Quiet-Harbour-1947')).toBe(false);
});
