/**
 * The one error type. Codes form a closed set, each mapped to one HTTP status here and nowhere else.
 * Bodies are `{ error: { code, message, fields? } }`; stack traces never leave the server.
 */
import { z } from 'zod';
import type { RefusalParams } from '@estate/domain/refusals';
import type { Language } from '@estate/domain/settings';
import { isRefusalReason, refusalText, type RefusalReason } from './refusals.js';

export const ERROR_STATUS = {
  validation_failed: 400,
  unauthenticated: 401,
  token_expired: 401,
  invalid_credentials: 401,
  forbidden: 403,
  /** The installation's administrator visiting an estate they are not a member of: every write (the policy's `support`). */
  support_read_only: 403,
  email_not_confirmed: 403,
  account_disabled: 403,
  password_reset_required: 403,
  not_found: 404,
  conflict: 409,
  wrong_stage: 409,
  agreement_required: 409,
  /** Stage 99: the estate is a read-only archive; every write answers this (the policy's `closed`). */
  estate_closed: 409,
  version_mismatch: 412,
  version_required: 428,
  too_large: 413,
  unsupported_type: 415,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/**
 * What a refusal says: a stable reason (a key of `content/refusals.*.json`) and its parameters. The
 * answer's `message` is that sentence in the request's language (platform/refusals.ts).
 */
export type Says = {
  reason: RefusalReason;
  params?: RefusalParams;
  /** The English sentence as written where it was thrown, when it says more than the reason's own. */
  english?: string;
};

export function says(reason: RefusalReason, params?: RefusalParams): Says {
  return params ? { reason, params } : { reason };
}

/** A sentence in `language`: the reason's text (the thrower's own words in English, if it gave them). */
function sentence(language: Language, said: Says): string {
  if (language === 'en' && said.english) return said.english;
  return refusalText(language, said.reason, said.params);
}

/**
 * A field message in `language`. Plain text is the thrower's English: shown as it is to English
 * readers; a key of the refusal texts ("validation.required") in every language; anything else
 * as the general "This value is not valid." in the reader's language, never English.
 */
function fieldSentence(language: Language, value: string | Says): string {
  if (typeof value !== 'string') return sentence(language, value);
  if (isRefusalReason(value)) return refusalText(language, value);
  return language === 'en' ? value : refusalText(language, 'field.invalid');
}

export class AppError extends Error {
  /** Set on the policy's refusals (role, stage, not a member), answered with `X-Refused-By: policy`. */
  refusedBy?: 'policy';
  /** The sentence's stable reason and parameters (absent on the few refusals still in English only). */
  readonly says?: Says;
  /** Field messages in English (for logs and tests); `fieldSays` keeps the translatable ones. */
  readonly fields?: Record<string, string>;
  readonly fieldSays?: Record<string, string | Says>;
  constructor(
    readonly code: ErrorCode,
    message: string | Says,
    fields?: Record<string, string | Says>,
  ) {
    super(typeof message === 'string' ? message : sentence('en', message));
    if (typeof message !== 'string') this.says = message;
    if (fields) {
      this.fieldSays = fields;
      this.fields = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, fieldSentence('en', v)]));
    }
  }
  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const errorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    /** The stable name of the sentence in `message` (a key of content/refusals.*.json) and its parameters. */
    reason: z.string().optional(),
    params: z.record(z.string(), z.union([z.string(), z.number(), z.array(z.number())])).optional(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});

/** What `notFound(what)` names, as the refusal texts say it in every language. */
const NOT_FOUND: Record<string, RefusalReason> = {
  'That item': 'notFound.item',
  'That estate': 'notFound.estate',
  'That note': 'notFound.note',
  'That member': 'notFound.member',
  'That group': 'notFound.group',
  'That to-do': 'notFound.todo',
  'That picture': 'notFound.picture',
  'That photo': 'notFound.photo',
  'That photo file': 'notFound.photoFile',
  'That label': 'notFound.label',
  'That folder': 'notFound.folder',
  'That conversation': 'notFound.conversation',
  'Some of those items': 'notFound.someItems',
  'That invitation': 'notFound.invitation',
  'This invitation': 'notFound.invitation',
  'That report': 'notFound.report',
  'That person': 'notFound.person',
  'That lesson': 'notFound.lesson',
  'That flag': 'notFound.flag',
  'That account': 'notFound.account',
  'That session': 'notFound.session',
  'A directive for that item': 'notFound.directive',
};

/** 404 "… was not found.", in the reader's language for every thing the portal names. */
export const notFound = (what = 'That') => {
  const english = `${what} was not found.`;
  const reason = NOT_FOUND[what];
  return new AppError('not_found', reason ? { reason, english } : { reason: 'code.not_found', english });
};

/** Marks an error as the policy's answer (see `refusedBy`). */
export function byPolicy(error: AppError): AppError {
  error.refusedBy = 'policy';
  return error;
}

/** An AppError as it is answered to a reader of `language`: the sentence (and fields) in that language. */
export function refusalBody(error: AppError, language: Language) {
  // A refusal still written only in English reads, in another language, as its code's sentence.
  const message = error.says ? sentence(language, error.says) : language === 'en' ? error.message : refusalText(language, `code.${error.code}`);
  const fields = error.fieldSays
    ? Object.fromEntries(Object.entries(error.fieldSays).map(([k, v]) => [k, fieldSentence(language, v)]))
    : undefined;
  return {
    code: error.code,
    message,
    ...(error.says ? { reason: error.says.reason, ...(error.says.params ? { params: error.says.params } : {}) } : {}),
    ...(fields ? { fields } : {}),
  };
}
