/** The verify worker: reads and re-checks one draw record off the request loop (see verify.ts). */
import { serveTask } from '../../platform/worker-pool.js';
import { verifyInWorker } from './verify.js';

serveTask((bytes: Uint8Array) => verifyInWorker(bytes));
