/** Every refusal has its sentence in every language, with the same parameters. */
import { describe, expect, it } from 'vitest';
import { placeholdersOf } from '@estate/domain/refusals';
import { ERROR_STATUS } from './errors.js';
import { REFUSAL_TEXTS, isRefusalReason, refusalText, requestLanguage } from './refusals.js';

describe('the refusal texts', () => {
  const en = REFUSAL_TEXTS.en;

  it('has every reason in Turkish and Arabic, none empty, with the same placeholders as the English', () => {
    for (const lang of ['tr', 'ar'] as const) {
      const texts: Record<string, string> = REFUSAL_TEXTS[lang];
      expect(Object.keys(texts).sort(), lang).toEqual(Object.keys(en).sort());
      for (const [reason, english] of Object.entries(en)) {
        expect(texts[reason]?.trim(), `${lang} ${reason}`).toBeTruthy();
        expect(placeholdersOf(texts[reason]!), `${lang} ${reason}`).toEqual(placeholdersOf(english));
      }
    }
  });

  it('has a sentence for every error code, so no answer is without one', () => {
    const missing = Object.keys(ERROR_STATUS).filter((code) => !isRefusalReason(`code.${code}`));
    expect(missing, 'add "code.<code>" to packages/domain/src/content/refusals.*.json').toEqual([]);
  });

  it('fills in the parameters', () => {
    expect(refusalText('en', 'consent.oldVersion', { version: 1, current: 2 })).toBe(
      'This is version 1, but the current version is 2. Please read the current version and accept it.',
    );
  });
});

describe('the request’s language', () => {
  const lang = (header?: string) => requestLanguage({ headers: header === undefined ? {} : { 'accept-language': header } });
  it('takes the first language the portal speaks, by preference', () => {
    expect(lang()).toBe('en');
    expect(lang('tr')).toBe('tr');
    expect(lang('ar-EG,ar;q=0.9')).toBe('ar');
    expect(lang('de-DE,de;q=0.9,tr;q=0.8,en;q=0.7')).toBe('tr');
    expect(lang('en;q=0.2, ar;q=0.8')).toBe('ar');
    expect(lang('fr')).toBe('en');
    expect(lang('tr;q=0')).toBe('en');
  });
});
