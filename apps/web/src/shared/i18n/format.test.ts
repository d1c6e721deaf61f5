import { describe, expect, it } from 'vitest';
import { parseAmount } from './format';

describe('parseAmount', () => {
  it.each([
    ['', 'en', null],
    ['  ', 'en', null],
    ['120', 'en', 120],
    ['1,250.50', 'en', 1250.5],
    ['1.250,50', 'tr', 1250.5],
    ['120,5', 'tr', 120.5],
    ['١٢٠٫٥٠', 'ar', 120.5],
    ['١٬٢٥٠', 'ar', 1250],
    ['1,250.50', 'ar', 1250.5],
    ['about 20', 'en', undefined],
    ['-5', 'en', undefined],
    ['1.234', 'en', undefined],
  ])('%s (%s) → %s', (text, language, expected) => {
    expect(parseAmount(text, language)).toBe(expected);
  });
});
