/** Before the server's test files start: the embedded database they all begin from (pglite-template.ts). */
import { pgliteTemplate } from './pglite-template.js';

export default async function setup(): Promise<void> {
  if (!process.env.TEST_DATABASE_URL) await pgliteTemplate();
}
