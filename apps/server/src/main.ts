/** Reads the configuration, opens the database, and serves the app. */
import { loadConfig } from './config.js';
import { openPglite, openPostgres, type Database } from './db/client.js';
import { DataDirLockedError, acquireDataDirLock } from './db/lock.js';
import { makeOwnerOnly, protectDataDirFolder } from './platform/file-modes.js';

async function main() {
  const config = loadConfig();
  // Owner-only files (issue 31): the data folder itself at once (nothing inside it can be reached
  // by others from then on), everything written from now on, and what is already there while the
  // database opens.
  await protectDataDirFolder(config.DATA_DIR);
  const protecting = makeOwnerOnly(config.DATA_DIR);
  // Awaited before the server listens; this only keeps an early failure from counting as unhandled.
  protecting.catch(() => undefined);
  let releaseLock = () => {};
  let opening: Promise<Database>;
  if (config.DATABASE_URL) {
    opening = openPostgres(config.DATABASE_URL);
  } else {
    releaseLock = acquireDataDirLock(config.DATA_DIR);
    opening = openPglite(config.DATA_DIR);
  }
  // The app's code is read and compiled while the database opens (PGlite in its own thread,
  // PostgreSQL in its own process): the two were one after the other (issue 35).
  const [{ buildApp }, database] = await Promise.all([import('./app.js'), opening]);
  const app = await buildApp({ config, database });
  if (process.argv.includes('--demo')) {
    const { loadDemo } = await import('./demo/demo.js');
    await loadDemo({ config, database, log: app.log });
  }
  await protecting;
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
