import type { TFunction } from 'i18next';
import { isApiError } from './api-error';

/** Codes whose message we write ourselves, so it reads well in every language. */
const KNOWN: Record<string, string> = {
  invalid_credentials: 'errors.invalidCredentials',
  email_not_confirmed: 'errors.emailNotConfirmed',
  account_disabled: 'errors.accountDisabled',
  rate_limited: 'errors.rateLimited',
  network: 'errors.network',
  forbidden: 'errors.forbidden',
  not_found: 'errors.notFound',
  server_error: 'errors.server',
  internal: 'errors.server',
  token_invalid: 'errors.linkInvalid',
  invalid_token: 'errors.linkInvalid',
  token_expired_link: 'errors.linkInvalid',
  email_taken: 'errors.emailTaken',
  conflict: 'errors.conflict',
  weak_password: 'errors.weakPassword',
};

/** A sentence for the person, from any thrown value. */
export function errorMessage(error: unknown, t: TFunction): string {
  if (isApiError(error)) {
    const key = KNOWN[error.code];
    if (key) return t(key);
    if (error.status >= 500) return t('errors.server');
    if (error.message) return error.message;
  }
  return t('errors.unexpected');
}

/** A translated field message: our validation keys ("validation.email") or the server's text. */
export function fieldMessage(message: string | undefined, t: TFunction): string | undefined {
  if (!message) return undefined;
  return message.startsWith('validation.') ? t(message) : message;
}
