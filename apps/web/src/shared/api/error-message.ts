import type { TFunction } from 'i18next';
import { readableParams } from '@estate/domain/refusals';
import { isApiError, type ApiError } from './api-error';
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
  // Stage 99: any write to a closed estate (the banner says so too).
  estate_closed: 'closing:closed.reason',
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

/** Stage names as refusals quote them ("…" in English and Turkish, «…» in Arabic). */
function stageNamer(t: TFunction, language: string) {
  return (code: number) => {
    const name = t(`stages:stage.${code}.name`, { defaultValue: String(code) });
    return language.startsWith('ar') ? `«${name}»` : `"${name}"`;
  };
}

/**
 * The server's refusal in the person's language: its stable reason (a key of the `refusals` texts,
 * the same files the server answers from) with its parameters; undefined for a reason we lack.
 */
export function refusalMessage(error: ApiError, t: TFunction): string | undefined {
  const language = i18n.language || 'en';
  const key = error.reason && i18n.exists(`refusals:${error.reason}`) ? error.reason : undefined;
  if (!key) return undefined;
  return t(`refusals:${key}`, readableParams(error.params, language, stageNamer(t, language)));
}

/** A sentence for the person, from any thrown value. */
export function errorMessage(error: unknown, t: TFunction): string {
  if (isApiError(error)) {
    const said = refusalMessage(error, t);
    if (said) return said;
    const key = KNOWN[error.code];
    if (key) return t(key);
    if (error.status >= 500) return t('errors.server');
    // A code of its own (agreement_required, estate_closed, …): its general sentence.
    if (!EXPLAINED_BY_SERVER[error.code] && i18n.exists(`refusals:code.${error.code}`)) return t(`refusals:code.${error.code}`);
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
