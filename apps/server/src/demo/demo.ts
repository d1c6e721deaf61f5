/** `npm run demo`: a demo estate. Filled in by the catalogue work; for now it says so. */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';

export async function loadDemo(_: { config: Config; database: Database; log: FastifyBaseLogger }): Promise<void> {
  await Promise.resolve();
}
