/**
 * A request field zod refused, as a sentence in every language: the schema's own message when it
 * is a key of the refusal texts ("validation.required"), otherwise one chosen by the kind of
 * problem and its limit ("At most 200 characters."). English readers keep the exact words the
 * schema gave (`english`).
 */
import { validationText } from '@estate/domain/schemas/messages';
import type { Says } from './errors.js';
import { isRefusalReason } from './refusals.js';

type Issue = { origin?: unknown; maximum?: unknown; minimum?: unknown; format?: unknown };

const num = (value: unknown) => (typeof value === 'number' || typeof value === 'bigint' ? Number(value) : undefined);

export function fieldSays(keyword: string, params: unknown, message: string | undefined): Says {
  const english = validationText(message);
  if (message && isRefusalReason(message)) return { reason: message, english };
  const issue = (params ?? {}) as Issue;
  const max = num(issue.maximum);
  const min = num(issue.minimum);
  const origin = issue.origin;
  switch (keyword) {
    case 'too_big':
      if (max === undefined) break;
      if (origin === 'string') return { reason: 'field.tooLong', params: { max }, english };
      if (origin === 'array' || origin === 'set') return { reason: 'field.tooMany', params: { max }, english };
      return { reason: 'field.tooHigh', params: { max }, english };
    case 'too_small':
      if (min === undefined) break;
      if (origin === 'string') return min <= 1 ? { reason: 'validation.required', english } : { reason: 'field.tooShort', params: { min }, english };
      if (origin === 'array' || origin === 'set') return { reason: 'field.tooFew', params: { min }, english };
      return { reason: 'field.tooLow', params: { min }, english };
    case 'invalid_type':
      return { reason: 'field.wrongType', english };
    case 'invalid_format':
      if (issue.format === 'email') return { reason: 'validation.email', english };
      if (issue.format === 'uuid' || issue.format === 'guid') return { reason: 'field.id', english };
      if (issue.format === 'datetime' || issue.format === 'date') return { reason: 'field.datetime', english };
      return { reason: 'field.format', english };
    case 'invalid_value':
      return { reason: 'field.choice', english };
  }
  return { reason: 'field.invalid', english };
}
