/**
 * The one error type. Codes form a closed set, each mapped to one HTTP status here and nowhere else.
 * Bodies are `{ error: { code, message, fields? } }`; stack traces never leave the server.
 */
import { z } from 'zod';

export const ERROR_STATUS = {
  validation_failed: 400,
  unauthenticated: 401,
  token_expired: 401,
  invalid_credentials: 401,
  forbidden: 403,
  email_not_confirmed: 403,
  account_disabled: 403,
  password_reset_required: 403,
  not_found: 404,
  conflict: 409,
  wrong_stage: 409,
  version_mismatch: 412,
  version_required: 428,
  too_large: 413,
  unsupported_type: 415,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  /** Set on the policy's refusals (role, stage, not a member), answered with `X-Refused-By: policy`. */
  refusedBy?: 'policy';
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const errorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});

export const notFound = (what = 'That') => new AppError('not_found', `${what} was not found.`);

/** Marks an error as the policy's answer (see `refusedBy`). */
export function byPolicy(error: AppError): AppError {
  error.refusedBy = 'policy';
  return error;
}
