/** Small helpers that keep route declarations short and every status listed in the schema. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isStorableText } from '@estate/domain/schemas/text';
import { errorBody } from './errors.js';

export function router(app: FastifyInstance) {
  return app.withTypeProvider<ZodTypeProvider>();
}

/** Error responses a route may return, for its schema (and so for the OpenAPI document). */
export function errorResponses<S extends number>(...statuses: S[]): Record<S, typeof errorBody> {
  return Object.fromEntries(statuses.map((s) => [s, errorBody])) as Record<S, typeof errorBody>;
}

export const noContent = z.null().describe('No content');

export const estateParams = z.strictObject({ eid: z.uuid({ message: 'Not a valid estate id.' }) });

/** A stage number in a path (`…/deadlines/:stage`): the estate's stages run from 0 to 99. */
export const stageParams = estateParams.extend({
  stage: z.coerce
    .number({ message: 'Not a stage number.' })
    .int({ message: 'Not a stage number.' })
    .min(0, { message: 'Not a stage number.' })
    .max(99, { message: 'Not a stage number.' }),
});

/**
 * The first place in a parsed JSON value (or a query or path object) holding text no column can
 * store: a NUL or a lone surrogate, in a value or a key. Its path as the error handler names fields
 * ("items.0.name"); '' for the value itself; undefined when all is well. Iterative, so a deeply
 * nested body cannot exhaust the stack.
 */
export function unstorableTextPath(value: unknown): string | undefined {
  const pending: { value: unknown; path: string }[] = [{ value, path: '' }];
  const join = (path: string, key: string) => (path ? `${path}.${key}` : key);
  for (let next = pending.pop(); next; next = pending.pop()) {
    const current = next.value;
    if (typeof current === 'string') {
      if (!isStorableText(current)) return shortPath(next.path);
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) pending.push({ value: current[i], path: join(next.path, String(i)) });
    } else if (typeof current === 'object' && current !== null) {
      for (const [key, inner] of Object.entries(current)) {
        if (!isStorableText(key)) return shortPath(join(next.path, key.replace(/[\0\uD800-\uDFFF]/g, '\uFFFD')));
        pending.push({ value: inner, path: join(next.path, key) });
      }
    }
  }
  return undefined;
}

/** A field path short enough to show (a body nested a thousand deep has a long one). */
function shortPath(path: string): string {
  return path.length > 120 ? `${path.slice(0, 120)}…` : path;
}

/**
 * Whether raw JSON text may hold a NUL or a surrogate: JSON can only carry them as `\u` escapes
 * (decoded UTF-8 has neither), so one scan of the text spares almost every body the walk.
 */
export function jsonMayHoldUnstorableText(raw: string): boolean {
  return /\\u(?:0000|[dD][89a-fA-F])/.test(raw);
}

/** Error codes of @fastify/multipart for a body that is not a readable form (400 to the sender). */
const UNREADABLE_FORM_CODES = new Set(['FST_PROTO_VIOLATION', 'FST_MP_PREMATURE_CLOSE', 'FST_INVALID_JSON_FIELD_ERROR']);
/** What busboy (the parser inside @fastify/multipart) throws for a broken body: plain Errors, no code. */
const BUSBOY_MESSAGE =
  /^(Multipart: Boundary not found|Unexpected end of (multipart data|form|file)|.* terminated early due to unexpected end of multipart data|Malformed part header|Missing Content-Type-header\.|Unsupported Content-Type\.|Boundary required|The needle .*)$/;

/** True when `err` says a multipart request's body could not be read (bad boundary, cut short, …). */
export function isUnreadableForm(err: { message?: string; code?: unknown; statusCode?: unknown; stack?: string }, contentType: string | undefined): boolean {
  if (typeof err.code === 'string' && UNREADABLE_FORM_CODES.has(err.code)) return true;
  if (!contentType?.toLowerCase().startsWith('multipart/') || err.statusCode !== undefined) return false;
  return BUSBOY_MESSAGE.test(err.message ?? '') || (err.stack ?? '').includes('@fastify/busboy');
}

/** Whether a database error (looked for through a driver's wrapping, `cause`) has a SQLSTATE that passes `test`. */
function hasSqlState(err: unknown, test: (code: string) => boolean): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && test(code)) return true;
  }
  return false;
}

/**
 * A database refusal of a value (SQLSTATE class 22, "data exception": a number out of range, text
 * that is not a date, …). Input should never get that far; when it does, it is still the sender's
 * input, not a server fault.
 */
export function isDataException(err: unknown): boolean {
  return hasSqlState(err, (code) => /^22[0-9A-Z]{3}$/.test(code));
}

/** A row the statement points to is gone (a foreign key, 23503): someone removed it meanwhile. */
export function isForeignKeyViolation(err: unknown): boolean {
  return hasSqlState(err, (code) => code === '23503');
}
