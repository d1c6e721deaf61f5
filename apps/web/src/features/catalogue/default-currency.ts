/**
 * The currency a new item's value starts in: from the region of the person's device (tr-TR → TRY,
 * ar-SA → SAR, en-GB → GBP, de-AT → EUR), else from the language of the estate's pages (Turkish →
 * TRY), else US dollars. Always changeable on the item.
 */
const BY_REGION: Record<string, string> = {
  TR: 'TRY', US: 'USD', GB: 'GBP', CA: 'CAD', AU: 'AUD', NZ: 'NZD', IE: 'EUR', IN: 'INR', ZA: 'ZAR',
  SA: 'SAR', AE: 'AED', EG: 'EGP', JO: 'JOD', LB: 'LBP', KW: 'KWD', QA: 'QAR', BH: 'BHD', OM: 'OMR',
  MA: 'MAD', DZ: 'DZD', TN: 'TND', IQ: 'IQD', SY: 'SYP', LY: 'LYD', SD: 'SDG', YE: 'YER', PS: 'ILS',
  IL: 'ILS', CH: 'CHF', SE: 'SEK', NO: 'NOK', DK: 'DKK', PL: 'PLN', CZ: 'CZK', HU: 'HUF', RO: 'RON',
  BG: 'BGN', RU: 'RUB', UA: 'UAH', JP: 'JPY', CN: 'CNY', KR: 'KRW', BR: 'BRL', MX: 'MXN', AZ: 'AZN',
  AT: 'EUR', BE: 'EUR', CY: 'EUR', DE: 'EUR', EE: 'EUR', ES: 'EUR', FI: 'EUR', FR: 'EUR', GR: 'EUR',
  HR: 'EUR', IT: 'EUR', LT: 'EUR', LU: 'EUR', LV: 'EUR', MT: 'EUR', NL: 'EUR', PT: 'EUR', SI: 'EUR',
  SK: 'EUR',
};
const BY_LANGUAGE: Record<string, string> = { tr: 'TRY', ar: 'SAR', en: 'USD' };

function regionOf(tag: string | undefined): string | undefined {
  if (!tag) return undefined;
  try {
    return new Intl.Locale(tag).region;
  } catch {
    return undefined;
  }
}

export function defaultCurrency(language: string, deviceLanguages: readonly string[] = globalThis.navigator?.languages ?? []): string {
  for (const tag of deviceLanguages) {
    const currency = BY_REGION[regionOf(tag) ?? ''];
    if (currency) return currency;
  }
  return BY_LANGUAGE[language.slice(0, 2)] ?? 'USD';
}
