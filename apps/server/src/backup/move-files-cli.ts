/**
 * `npm run move-files-to-s3`: copies DATA_DIR/files into the bucket named by S3_BUCKET (and the other
 * S3_* settings), with progress; safe to run again or after an interruption (README, "Running
 * several servers").
 */
import { loadConfig } from '../config.js';
import { localFilesDir, s3Settings } from '../platform/storage-provider.js';
import { S3Storage } from '../platform/s3-storage.js';
import { LocalDiskStorage } from '../platform/storage.js';
import { moveFilesToBucket } from './move-files.js';

async function main() {
  const config = loadConfig();
  const settings = s3Settings(config);
  if (!settings) {
    console.error('Set S3_BUCKET (and S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE as your store needs) to say where the files go.');
    process.exit(2);
  }
  const from = localFilesDir(config);
  console.log(`Copying the files in ${from} into the bucket ${settings.bucket}…`);
  let last = 0;
  const result = await moveFilesToBucket(new LocalDiskStorage(from), new S3Storage(settings), (p) => {
    if (Date.now() - last < 1000) return;
    last = Date.now();
    console.log(`  ${p.seen} files: ${p.copied} copied, ${p.alreadyThere} already in the bucket`);
  });
  console.log(`Done: ${result.seen} files, ${result.copied} copied, ${result.alreadyThere} already in the bucket.`);
  console.log(`Start the servers with S3_BUCKET set. ${from} can be removed once they serve every photo.`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
