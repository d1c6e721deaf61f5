import { describe, expect, it } from 'vitest';
import { defaultCurrency } from './default-currency';

describe('defaultCurrency', () => {
  it('takes the region of the device first', () => {
    expect(defaultCurrency('en', ['en-GB', 'en'])).toBe('GBP');
    expect(defaultCurrency('en', ['de-AT'])).toBe('EUR');
    expect(defaultCurrency('ar', ['ar-EG'])).toBe('EGP');
  });
  it('falls back to the language of the pages, then US dollars', () => {
    expect(defaultCurrency('tr', ['tr'])).toBe('TRY');
    expect(defaultCurrency('ar', [])).toBe('SAR');
    expect(defaultCurrency('en', ['en'])).toBe('USD');
    expect(defaultCurrency('fr', ['fr'])).toBe('USD');
  });
});
