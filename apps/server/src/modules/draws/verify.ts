/**
 * Re-checking a draw record someone sends (`POST /api/draws/verify`): any signed-in person may, so
 * the work is bounded. The body arrives unread (a route-scoped parser keeps its bytes); reading the
 * JSON and re-running the draw happen in a worker thread, so the request loop keeps answering
 * (health checks, everyone else) while a large record is checked. Each person has one check under
 * way at a time, a few a minute (the route's rate limit), and the body is capped at what a real
 * 5,000-item, 50-beneficiary record needs (VERIFY_BODY_LIMIT in routes.ts).
 */
import type { z } from 'zod';
import { verifyRecord } from '@estate/domain/draw/record';
import type { verifyAnswer } from '@estate/domain/schemas/draws';
import { AppError } from '../../platform/errors.js';
import { TaskOutOfMemory, TaskQueueFull, TaskTimeout, WorkerPool, workerScript } from '../../platform/worker-pool.js';

/** One check per spare core, four more waiting (then "busy, try again in a minute"). */
export const verifyWorkers = new WorkerPool();
const VERIFY_WORKER = workerScript(import.meta.url, 'verify-worker');
/** A 16 MB record re-checks in about a second here; ten times that is a record we do not check. */
const LIMITS = { timeoutMs: 20_000, maxHeapMb: 512 };

/** Who has a check under way (each person one at a time, in this process). */
const underWay = new Set<string>();

export type VerifyAnswer = z.infer<typeof verifyAnswer>;

/** The work of `verifyBytes`, in the worker: the JSON read, then the record re-checked. */
export function verifyInWorker(bytes: Uint8Array): VerifyAnswer {
  let body: unknown;
  try {
    body = JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'));
  } catch {
    throw new AppError('validation_failed', 'This is not a draw record: the file is not valid JSON.', { body: 'Choose the record file (JSON) as it was downloaded.' });
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new AppError('validation_failed', 'This is not a draw record: a record is one JSON object.', { body: 'Choose the record file (JSON) as it was downloaded.' });
  }
  const result = verifyRecord(body);
  return { verified: result.ok, scope: result.scope, checks: result.checks, differences: result.differences };
}

/** Re-checks a full record, or a beneficiary's copy as far as it goes, for `userId`, in a worker. */
export async function verifyBytes(userId: string, bytes: Buffer): Promise<VerifyAnswer> {
  if (underWay.has(userId)) {
    throw new AppError('rate_limited', 'Your previous record is still being checked. Please wait for its answer, then try again.');
  }
  underWay.add(userId);
  // A copy in a buffer of its own moves to the worker (Node's small Buffers share one pool).
  const copy = new Uint8Array(bytes);
  try {
    return await verifyWorkers.run<VerifyAnswer>(VERIFY_WORKER, copy, LIMITS, [copy.buffer]);
  } catch (err) {
    if (err instanceof TaskTimeout || err instanceof TaskOutOfMemory) {
      throw new AppError('too_large', 'Checking this record took longer than any real draw record needs, so it was stopped. The command-line checker can check it on your own computer.');
    }
    if (err instanceof TaskQueueFull) throw new AppError('unavailable', 'Several records are being checked right now. Please try again in a minute.');
    throw err;
  } finally {
    underWay.delete(userId);
  }
}
