/** Amounts of the settlement (whole minor units) in the estate's currency, in the reader's language. */
export function formatMinor(minor: number, currency: string, language: string): string {
  try {
    return new Intl.NumberFormat(language, { style: 'currency', currency }).format(minor / 100);
  } catch {
    // A currency code Intl does not know: the number in the reader's digits, then the code.
    return `${new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(minor / 100)} ${currency}`;
  }
}

/** "A, B and C" in the reader's language. */
export function listText(parts: string[], language: string): string {
  try {
    return new Intl.ListFormat(language, { style: 'long', type: 'conjunction' }).format(parts);
  } catch {
    return parts.join(', ');
  }
}

/** A name or amount kept whole inside a sentence of the other direction (an Arabic name in English, a Latin one in Arabic). */
export const isolate = (text: string) => `\u2068${text}\u2069`;
