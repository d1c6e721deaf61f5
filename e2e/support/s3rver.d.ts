/** The part of s3rver (no types of its own) the several-servers test uses. */
declare module 's3rver' {
  export default class S3rver {
    constructor(options: { port?: number; address?: string; directory: string; silent?: boolean });
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
