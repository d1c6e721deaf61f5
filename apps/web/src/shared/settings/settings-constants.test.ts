import { describe, expect, it } from 'vitest';
import * as domain from '@estate/domain/schemas/account';
import { DEFAULT_SETTINGS, LANGUAGES, LAYOUT_STYLES, THEMES } from './settings-constants';

describe('settings constants mirror the domain schema', () => {
  it('has the same values and defaults', () => {
    expect(LANGUAGES).toEqual(domain.LANGUAGES);
    expect(LAYOUT_STYLES).toEqual(domain.LAYOUT_STYLES);
    expect(THEMES).toEqual(domain.THEMES);
    expect(DEFAULT_SETTINGS).toEqual(domain.DEFAULT_SETTINGS);
    expect(domain.settingsSchema.safeParse(DEFAULT_SETTINGS).success).toBe(true);
  });
});
