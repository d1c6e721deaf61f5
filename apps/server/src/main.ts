/** Reads the configuration, opens the database, and serves the app. */
import { loadConfig } from './config.js';
import { buildApp } from './app.js';
import { openPglite, openPostgres, type Database } from './db/client.js';
import { DataDirLockedError, acquireDataDirLock } from './db/lock.js';
import { protectDataDir } from './platform/file-modes.js';

async function main() {
  const config = loadConfig();
  // Owner-only files (issue 31): the data folder as it is, and everything written from now on.
  await protectDataDir(config.DATA_DIR);
  let releaseLock = () => {};
  let database: Database;
  if (config.DATABASE_URL) {
    database = await openPostgres(config.DATABASE_URL);
  } else {
    releaseLock = acquireDataDirLock(config.DATA_DIR);
    database = await openPglite(config.DATA_DIR);
  }
  const app = await buildApp({ config, database });
  if (process.argv.includes('--demo')) {
    const { loadDemo } = await import('./demo/demo.js');
    await loadDemo({ config, database, log: app.log });
  }
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    releaseLock();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(`Estate Portal is ready at ${config.PUBLIC_URL} (database: ${database.kind})`);
}

main().catch((err: unknown) => {
  if (err instanceof DataDirLockedError) {
    console.error(err.message);
    process.exit(1);
  }
  console.error(err);
  process.exit(1);
});
