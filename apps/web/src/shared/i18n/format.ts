/** Dates in the reader's language (Arabic uses its own digits and calendar names). */
export function formatDate(iso: string | null | undefined, language: string, withTime = false): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(language, {
    dateStyle: 'medium',
    ...(withTime ? { timeStyle: 'short' } : {}),
  }).format(date);
}

/**
 * An amount typed in the reader's language: their digits (Arabic-Indic too) and separators
 * ("1,250.50" in English, "1.250,50" in Turkish, "١٬٢٥٠٫٥٠" in Arabic). Empty gives null;
 * anything that is not an amount gives undefined.
 */
export function parseAmount(text: string, language: string): number | null | undefined {
  const parts = new Intl.NumberFormat(language).formatToParts(1234.5);
  const group = parts.find((p) => p.type === 'group')?.value ?? ',';
  const decimal = parts.find((p) => p.type === 'decimal')?.value ?? '.';
  // Arabic separators (٬ ٫) are understood in every language.
  let plain = text
    .trim()
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/[\s\u00a0\u202f\u066c]/g, '')
    .replace(/\u066b/g, '.');
  if (plain === '') return null;
  plain = plain.split(group).join('');
  if (decimal !== '.') plain = plain.split(decimal).join('.');
  if (!/^\d+(\.\d{1,2})?$/.test(plain)) return undefined;
  return Number(plain);
}
