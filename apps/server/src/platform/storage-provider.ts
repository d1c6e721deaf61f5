/** Which storage this installation uses: the bucket when S3_BUCKET is set, else DATA_DIR/files. */
import path from 'node:path';
import type { Config } from '../config.js';
import type { S3Settings } from './s3-storage.js';
import { LocalDiskStorage, type Storage } from './storage.js';

export function s3Settings(config: Config): S3Settings | undefined {
  if (!config.S3_BUCKET) return undefined;
  return {
    bucket: config.S3_BUCKET,
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
  };
}

export function localFilesDir(config: Pick<Config, 'DATA_DIR'>): string {
  return path.join(config.DATA_DIR, 'files');
}

/** The AWS SDK is loaded only with S3_BUCKET set: a server on the local folder starts as before. */
export async function createStorage(config: Config): Promise<Storage> {
  const s3 = s3Settings(config);
  if (!s3) return new LocalDiskStorage(localFilesDir(config));
  const { S3Storage } = await import('./s3-storage.js');
  return new S3Storage(s3);
}
