import type { TFunction } from 'i18next';
import { isApiError } from './api-error';
import { i18n } from '../i18n/i18n';

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

/**
 * Codes whose server text says more (it names the stage, the limit, what changed) but is written
 * in English: shown as it is in English, and as our own translated sentence in other languages.
 */
const EXPLAINED_BY_SERVER: Record<string, string> = {
  validation_failed: 'errors.validation',
  wrong_stage: 'errors.wrongStage',
  version_mismatch: 'errors.versionMismatch',
  version_required: 'errors.versionMismatch',
  too_large: 'errors.tooLarge',
  unsupported_type: 'errors.unsupportedType',
  unauthenticated: 'errors.signInAgain',
  token_expired: 'errors.signInAgain',
  password_reset_required: 'errors.passwordResetRequired',
  unavailable: 'errors.server',
};

/** A sentence for the person, from any thrown value. */
export function errorMessage(error: unknown, t: TFunction): string {
  if (isApiError(error)) {
    const key = KNOWN[error.code];
    if (key) return t(key);
    if (error.status >= 500) return t('errors.server');
    const explained = EXPLAINED_BY_SERVER[error.code];
    if (explained && (!error.message || !i18n.language?.startsWith('en'))) return t(explained);
    if (error.message) return error.message;
  }
  return t('errors.unexpected');
}

/** A translated field message: our validation keys ("validation.email") or the server's text. */
export function fieldMessage(message: string | undefined, t: TFunction): string | undefined {
  if (!message) return undefined;
  return message.startsWith('validation.') ? t(message) : message;
}
