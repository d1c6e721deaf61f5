import { afterEach, describe, expect, it } from 'vitest';
import { placeholdersOf } from '@estate/domain/refusals';
import enRefusals from '@estate/domain/content/refusals.en.json';
import trRefusals from '@estate/domain/content/refusals.tr.json';
import arRefusals from '@estate/domain/content/refusals.ar.json';
import enStages from '@estate/domain/content/stages.en.json';
import trStages from '@estate/domain/content/stages.tr.json';
import arStages from '@estate/domain/content/stages.ar.json';
import ar from '../i18n/locales/ar/common.json';
import arCommon from '../i18n/locales/ar/common.json';
import trCommon from '../i18n/locales/tr/common.json';
import enCommon from '../i18n/locales/en/common.json';
import { i18n, nested } from '../i18n/i18n';
import { ApiError } from './api-error';
import { errorMessage } from './error-message';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

const wrongStage = new ApiError(
  409,
  'wrong_stage',
  'This can only be done in the stage "Interest"; the estate is in "Ranking".',
);

it('shows the server’s own explanation in English, which names the stage', () => {
  expect(errorMessage(wrongStage, i18n.t)).toBe(wrongStage.message);
});

it('never shows the server’s English text to someone reading another language', async () => {
  i18n.addResourceBundle('ar', 'common', ar, true, true);
  await i18n.changeLanguage('ar');
  const t = i18n.getFixedT('ar', 'common');
  expect(errorMessage(wrongStage, t)).toBe(ar.errors.wrongStage);
  expect(
    errorMessage(new ApiError(400, 'validation_failed', 'Some of the request fields are not valid.'), t),
  ).toBe(ar.errors.validation);
  expect(errorMessage(new ApiError(412, 'version_mismatch', 'Someone else changed this item.'), t)).toBe(
    ar.errors.versionMismatch,
  );
});

describe('every refusal in every language', () => {
  const REFUSALS = { en: enRefusals, tr: trRefusals, ar: arRefusals } as const;
  const COMMON = { en: enCommon, tr: trCommon, ar: arCommon } as const;
  const STAGES = { en: enStages, tr: trStages, ar: arStages } as const;

  async function speak(lang: 'en' | 'tr' | 'ar') {
    i18n.addResourceBundle(lang, 'common', COMMON[lang], true, true);
    i18n.addResourceBundle(lang, 'stages', { stage: STAGES[lang] }, true, true);
    i18n.addResourceBundle(lang, 'refusals', nested(REFUSALS[lang]), true, true);
    await i18n.changeLanguage(lang);
    return i18n.getFixedT(lang, 'common');
  }

  /** Sample values for a sentence's parameters: stage codes where a stage is meant. */
  const sample = (template: string): Record<string, string | number | number[]> =>
    Object.fromEntries(placeholdersOf(template).map((name) => [name, name === 'stages' ? [11, 20] : /stage|step/i.test(name) ? 11 : 7]));

  for (const lang of ['en', 'tr', 'ar'] as const) {
    it(`shows each of the server's reasons in ${lang}, its parameters filled in`, async () => {
      const t = await speak(lang);
      for (const [reason, template] of Object.entries(enRefusals)) {
        const error = new ApiError(409, 'conflict', 'English text from the server', {}, { reason, params: sample(template) });
        const shown = errorMessage(error, t);
        expect(shown, `${lang} ${reason}`).not.toContain('{{');
        expect(shown, `${lang} ${reason}`).not.toBe('English text from the server');
        if (lang !== 'en') expect(shown, `${lang} ${reason}: not translated`).not.toBe(errorMessage(error, i18n.getFixedT('en', 'common')));
      }
    });

    it(`has a sentence of its own for every error code in ${lang}, even without a reason`, async () => {
      const t = await speak(lang);
      const codes = Object.keys(enRefusals).filter((k) => k.startsWith('code.')).map((k) => k.slice('code.'.length));
      for (const code of codes) {
        const shown = errorMessage(new ApiError(409, code, 'English text from the server'), t);
        if (lang !== 'en') expect(shown, `${lang} ${code}`).not.toBe('English text from the server');
        expect(shown, `${lang} ${code}`).not.toBe(t('errors.unexpected'));
      }
    });
  }

  it('names the stages of a refusal in the reader’s language', async () => {
    const t = await speak('ar');
    i18n.addResourceBundle('ar', 'refusals', { test: { stages: 'المرحلة {{stages}} والتركة في {{stage}}' } }, true, true);
    const shown = errorMessage(new ApiError(409, 'wrong_stage', 'x', {}, { reason: 'test.stages', params: { stages: [11, 20], stage: 2 } }), t);
    expect(shown).toContain(`«${arStages['11'].name}»`);
    expect(shown).toContain(`«${arStages['2'].name}»`);
  });
});
