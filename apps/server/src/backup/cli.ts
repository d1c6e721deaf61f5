/**
 * `npm run backup [-- folder]` and `npm run restore -- folder [--replace]`. With the embedded
 * database the server must be stopped first (one process per data folder); with PostgreSQL
 * (DATABASE_URL) a backup can be taken while it runs.
 */
import path from 'node:path';
import { loadConfig } from '../config.js';
import { createStorage } from '../platform/storage-provider.js';
import { openPglite, openPostgres, type Database } from '../db/client.js';
import { DataDirLockedError, acquireDataDirLock } from '../db/lock.js';
import { protectDataDir } from '../platform/file-modes.js';
import { RestoreRefusedError, restoreBackup, writeBackup } from './backup.js';

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  const config = loadConfig();
  // A backup holds everything the data folder does: owner-only, as the folder itself (issue 31).
  await protectDataDir(config.DATA_DIR);
  let release = () => {};
  let database: Database;
  if (config.DATABASE_URL) {
    database = await openPostgres(config.DATABASE_URL);
  } else {
    release = acquireDataDirLock(config.DATA_DIR);
    database = await openPglite(config.DATA_DIR);
  }
  // The local folder, or the bucket when S3_BUCKET is set: a backup holds the files either way.
  const storage = await createStorage(config);
  const progress = (files: number) => {
    if (files % 500 === 0) console.log(`  ${files} files…`);
  };
  try {
    if (command === 'backup') {
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const target = path.resolve(rest[0] ?? path.join('backups', `backup-${stamp}`));
      const manifest = await writeBackup(database.db, storage, target, new Date(), progress);
      const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
      console.log(`Backup written to ${target} (${rows} rows in ${Object.keys(manifest.tables).length} tables, ${manifest.files ?? 0} files).`);
    } else if (command === 'restore' && rest[0]) {
      const manifest = await restoreBackup(database.db, storage, path.resolve(rest[0]), { replace: rest.includes('--replace'), progress });
      console.log(`Restored the backup made ${manifest.createdAt}.`);
    } else {
      console.error('Usage: npm run backup [-- folder]   |   npm run restore -- folder [--replace]');
      process.exitCode = 2;
    }
  } finally {
    await database.close();
    release();
  }
}

main().catch((err: unknown) => {
  if (err instanceof DataDirLockedError || err instanceof RestoreRefusedError) {
    console.error(err.message);
  } else {
    console.error(err);
  }
  process.exit(1);
});
