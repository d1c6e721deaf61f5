/**
 * The storage on any S3-compatible object store (AWS S3, MinIO, Cloudflare R2, Backblaze B2, …),
 * switched on by S3_BUCKET: several servers on several hosts then serve the same files. Objects are
 * named `files/<sha-256>`, as on disk; "written" is the object's LastModified, refreshed by copying
 * by writing the object again when an upload reuses its bytes (decision record 0036).
 */
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { Storage } from './storage.js';

const KEY = /^[a-f0-9]{64}$/;
const PREFIX = 'files/';

export type S3Settings = {
  bucket: string;
  endpoint?: string;
  region?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle?: boolean;
};

/** The client for these settings; without keys, the SDK's own chain (environment, instance role). */
export function s3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region ?? 'us-east-1',
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle ?? false,
    ...(settings.accessKeyId && settings.secretAccessKey ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } } : {}),
    // Checksums only where an operation needs one: S3-compatible stores differ in what they accept.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

const isMissing = (err: unknown) =>
  err instanceof S3ServiceException && (err.$metadata.httpStatusCode === 404 || err.name === 'NoSuchKey' || err.name === 'NotFound');

export class S3Storage implements Storage {
  readonly client: S3Client;
  readonly bucket: string;

  /** Objects a listing asks for at once (S3's own most); the contract test pages with fewer. */
  private readonly pageSize: number;

  constructor(settings: S3Settings, options: { pageSize?: number } = {}) {
    this.client = s3Client(settings);
    this.pageSize = options.pageSize ?? 1000;
    this.bucket = settings.bucket;
  }

  private objectKey(key: string): string {
    if (!KEY.test(key)) throw new Error('invalid storage key');
    return `${PREFIX}${key}`;
  }

  /** When the object was last written, or undefined when there is none. */
  async writtenAt(key: string): Promise<Date | undefined> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
      return head.LastModified ?? new Date(0);
    } catch (err) {
      if (isMissing(err)) return undefined;
      throw err;
    }
  }

  async put(bytes: Buffer): Promise<string> {
    const key = createHash('sha256').update(bytes).digest('hex');
    // Always written, even when the same bytes are there: that is what marks them fresh for the
    // sweep on every store (a copy onto itself does not move LastModified on all of them), and S3
    // stores an object whole or not at all, so no half-written file is ever seen under a key.
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key), Body: bytes, ContentType: 'application/octet-stream' }));
    return key;
  }

  async get(key: string): Promise<Buffer | undefined> {
    const stream = await this.getStream(key);
    if (!stream) return undefined;
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async getStream(key: string): Promise<Readable | undefined> {
    if (!KEY.test(key)) return undefined;
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
      return object.Body as Readable;
    } catch (err) {
      if (isMissing(err)) return undefined;
      throw err;
    }
  }

  async *listWrittenBefore(before: Date): AsyncIterable<string> {
    // The first listing (ListObjects, paged by the last key seen): every S3-compatible store has it,
    // and the test server's continuation tokens of the second need a cipher current OpenSSL lacks.
    let Marker: string | undefined;
    for (;;) {
      const page = await this.client.send(new ListObjectsCommand({ Bucket: this.bucket, Prefix: PREFIX, MaxKeys: this.pageSize, ...(Marker ? { Marker } : {}) }));
      const objects = page.Contents ?? [];
      for (const object of objects) {
        const name = object.Key?.slice(PREFIX.length) ?? '';
        if (KEY.test(name) && object.LastModified && object.LastModified.getTime() < before.getTime()) yield name;
      }
      if (!page.IsTruncated || objects.length === 0) return;
      Marker = objects.at(-1)!.Key;
    }
  }

  /**
   * S3 has no atomic move aside: the object's time is checked just before it is deleted, so only an
   * upload reusing these exact bytes in the milliseconds between the two could lose them (ADR 0036).
   */
  async removeIfWrittenBefore(key: string, before: Date): Promise<boolean> {
    const writtenAt = await this.writtenAt(key);
    if (!writtenAt || writtenAt.getTime() >= before.getTime()) return false;
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
    return true;
  }
}
