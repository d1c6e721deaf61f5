// The server reads SQL migrations next to its compiled code; copy them into dist after tsc.
import { cpSync } from 'node:fs';
cpSync('src/db/migrations', 'dist/db/migrations', { recursive: true });
