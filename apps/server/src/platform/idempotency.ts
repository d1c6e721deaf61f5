/**
 * `Idempotency-Key` on creations (issue 34, api.md "Stories and offline creation"). A phone that
 * catalogued offline sends its queue when the signal returns; when an answer is lost on the way,
 * it sends the same change again with the same key. The first answer is kept by estate, person and
 * key, and a repeat gets it back without creating anything; the same key with another body is a
 * mistake of the sender and answers 409. Refusals are not kept: a repeat is asked again, so a
 * change refused in the wrong stage can go through once the stage allows it.
 */
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { and, eq, isNull, lt } from 'drizzle-orm';
import { idempotencyKeys } from '../db/schema.js';
import type { EstateAccess } from './auth.js';
import type { AppContext } from './context.js';
import { AppError, says } from './errors.js';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Kept at least 7 days (api.md); a person's older keys are dropped when they send a new one. */
const KEEP_MS = 8 * 24 * 60 * 60 * 1000;

/** The request's key, or undefined without one; 1–200 characters. */
export function idempotencyKey(req: FastifyRequest): string | undefined {
  const raw = req.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return undefined;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!key || key.length > 200) {
    throw new AppError('validation_failed', says('idempotency.keyLength'), { 'Idempotency-Key': says('idempotency.keyLength') });
  }
  return key;
}

/** A fingerprint of what was sent: the route and its body (JSON or bytes). */
export function bodyFingerprint(route: string, ...parts: (Buffer | string | undefined)[]): string {
  const hash = createHash('sha256').update(route);
  for (const part of parts) hash.update('\0').update(part ?? '');
  return hash.digest('hex');
}

/**
 * Runs `create` once per key: the first request reserves the key (so a second arriving meanwhile is
 * told to wait), stores its answer, and every repeat receives that answer (every creation keyed
 * here answers 201, so the status is the route's).
 */
export async function createOnce<T>(
  ctx: AppContext,
  access: EstateAccess,
  key: string | undefined,
  route: string,
  fingerprint: string,
  create: () => Promise<T>,
): Promise<T> {
  if (key === undefined) return create();
  const estateId = access.estate.id;
  const userId = access.user.id;
  const mine = and(eq(idempotencyKeys.estateId, estateId), eq(idempotencyKeys.userId, userId));
  await ctx.db.delete(idempotencyKeys).where(and(mine, lt(idempotencyKeys.createdAt, new Date(ctx.now().getTime() - KEEP_MS))));
  const [reserved] = await ctx.db
    .insert(idempotencyKeys)
    .values({ estateId, userId, key, route, bodyHash: fingerprint })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (!reserved) {
    const [kept] = await ctx.db.select().from(idempotencyKeys).where(and(mine, eq(idempotencyKeys.key, key)));
    if (!kept) throw new AppError('conflict', says('idempotency.inProgress'));
    if (kept.route !== route || kept.bodyHash !== fingerprint) throw new AppError('conflict', says('idempotency.otherBody'));
    if (kept.status === null) throw new AppError('conflict', says('idempotency.inProgress'));
    return kept.answer as T;
  }
  let created: T;
  try {
    created = await create();
  } catch (err) {
    await ctx.db.delete(idempotencyKeys).where(and(mine, eq(idempotencyKeys.key, key), isNull(idempotencyKeys.status)));
    throw err;
  }
  await ctx.db
    .update(idempotencyKeys)
    .set({ status: 201, answer: created })
    .where(and(mine, eq(idempotencyKeys.key, key)));
  return created;
}
