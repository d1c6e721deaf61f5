/**
 * Words that accuse. The family reads every text of the product in a hard season; the fairness
 * measures compare shares, they never call a person envious (issue 14). Tests of the web's texts
 * and of the content files look for these.
 */
export const ACCUSING_WORDS: readonly RegExp[] = [
  /\benv(y|ies|ious|iously)\b/i,
  /kıskan/i,
  // Arabic "envy" and "jealousy" as words (غيرة alone: it also ends words such as الصغيرة, "small").
  /حسد|يحسد|(^|[\s«(])(ال)?غيرة($|[\s.,،»)])/u,
];

/** Every string inside a JSON value that holds an accusing word, as `path: text`. */
export function accusingTexts(value: unknown, path = ''): string[] {
  if (typeof value === 'string') return ACCUSING_WORDS.some((word) => word.test(value)) ? [`${path}: ${value}`] : [];
  if (Array.isArray(value)) return value.flatMap((v, i) => accusingTexts(v, `${path}[${i}]`));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => accusingTexts(v, `${path}.${k}`));
  return [];
}
