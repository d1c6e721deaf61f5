import { afterEach, expect, it } from 'vitest';
import ar from '../i18n/locales/ar/common.json';
import { i18n } from '../i18n/i18n';
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
