import { passwordHashing } from '../platform/passwords.js';

// Test runs are quiet unless asked otherwise.
process.env.LOG_LEVEL ??= 'silent';

// Passwords are hashed at a tiny cost here: the tests make about a thousand accounts, each a hash
// and a verification of ~0.1 s of processor time at the OWASP cost (more on a busy machine).
// platform/passwords.test.ts checks the real cost; the browser tests run the server with it.
passwordHashing.options = { algorithm: 2, memoryCost: 256, timeCost: 1, parallelism: 1 };
