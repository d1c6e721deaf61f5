/**
 * A real S3-protocol server (s3rver) on loopback with a temporary folder, started by the tests that
 * need one: the storage contract, backups, the move to a bucket, and the whole suite with TEST_S3=1.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import S3rver from 's3rver';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import { s3Client, type S3Settings } from '../platform/s3-storage.js';

export type TestS3Server = { endpoint: string; newBucket(): Promise<S3Settings>; close(): Promise<void> };

/** s3rver's fixed development keys (it checks signatures with them). */
const KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export async function startS3Server(port = 0): Promise<TestS3Server> {
  const directory = mkdtempSync(path.join(tmpdir(), 'estate-s3-'));
  const server = new S3rver({ port, address: '127.0.0.1', directory, silent: true });
  const { port: bound } = (await server.run()) as { port: number };
  const endpoint = `http://127.0.0.1:${bound}`;
  return {
    endpoint,
    async newBucket() {
      const settings: S3Settings = { bucket: `estate-${randomBytes(6).toString('hex')}`, endpoint, region: 'us-east-1', forcePathStyle: true, ...KEYS };
      const client = s3Client(settings);
      await client.send(new CreateBucketCommand({ Bucket: settings.bucket }));
      client.destroy();
      return settings;
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** The settings as environment variables, for a server or the CLI. */
export function s3Env(settings: S3Settings): Record<string, string> {
  return {
    S3_BUCKET: settings.bucket,
    S3_ENDPOINT: settings.endpoint ?? '',
    S3_REGION: settings.region ?? 'us-east-1',
    S3_ACCESS_KEY_ID: settings.accessKeyId ?? '',
    S3_SECRET_ACCESS_KEY: settings.secretAccessKey ?? '',
    S3_FORCE_PATH_STYLE: settings.forcePathStyle ? 'true' : 'false',
  };
}
