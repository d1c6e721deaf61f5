/**
 * The part of i18next this app uses, in a few lines (i18next itself is ~15 kB gzip of the first
 * page): texts per language and namespace, `ns:key.path` keys, plurals by `count` (`_zero` first
 * for 0, then the language's plural form, then the bare key), `{{value}}` interpolation (dotted
 * paths, `replace`, no escaping), `defaultValue`, `lng`, `ns`, English as the fallback language.
 * Same answers as i18next for these: a missing key answers the key (without its namespace), a
 * missing value leaves `{{name}}` as it is.
 */
import type { TFunction } from 'i18next';

type Texts = Record<string, unknown>;
export type TOptions = Record<string, unknown> & {
  count?: number;
  defaultValue?: unknown;
  lng?: string;
  ns?: string | readonly string[];
  replace?: Record<string, unknown>;
};

const FALLBACK = 'en';
const DEFAULT_NS = 'common';
const RTL = new Set(['ar', 'he', 'fa', 'ur']);

/** i18next's lookup: nested by dots, or a key that itself contains dots. */
function find(texts: unknown, key: string): unknown {
  if (!texts || typeof texts !== 'object') return undefined;
  const obj = texts as Texts;
  if (Object.prototype.hasOwnProperty.call(obj, key)) return obj[key];
  const tokens = key.split('.');
  let current: unknown = obj;
  for (let i = 0; i < tokens.length; ) {
    if (!current || typeof current !== 'object') return undefined;
    let next: unknown;
    let path = '';
    for (let j = i; j < tokens.length; j++) {
      path = j === i ? tokens[j]! : `${path}.${tokens[j]}`;
      next = Object.prototype.hasOwnProperty.call(current, path) ? (current as Texts)[path] : undefined;
      if (next !== undefined) {
        if (typeof next !== 'object' && j < tokens.length - 1) continue;
        i = j + 1;
        break;
      }
    }
    if (next === undefined) return undefined;
    current = next;
  }
  return current;
}

function valueAt(data: Record<string, unknown>, path: string): unknown {
  if (path in data) return data[path];
  let current: unknown = data;
  for (const part of path.split('.')) {
    if (!current || typeof current !== 'object') return undefined;
    current = (current as Texts)[part];
  }
  return current;
}

function interpolate(text: string, data: Record<string, unknown>): string {
  if (!text.includes('{{')) return text;
  return text.replace(/\{\{(.+?)\}\}/g, (match, name: string) => {
    const key = name.trim();
    const value = valueAt(data, key);
    if (value === undefined) return Object.prototype.hasOwnProperty.call(data, key) ? '' : match;
    // As i18next: String() of whatever was given.
    // eslint-disable-next-line @typescript-eslint/no-base-to-string
    return value === null ? '' : String(value);
  });
}

function merge(target: Texts, source: Texts, overwrite: boolean): Texts {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    if (value && typeof value === 'object' && !Array.isArray(value) && existing && typeof existing === 'object')
      merge(existing as Texts, value as Texts, overwrite);
    else if (overwrite || existing === undefined) target[key] = value;
  }
  return target;
}

const pluralRules = new Map<string, Intl.PluralRules>();
function pluralForm(language: string, count: number): string {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    pluralRules.set(language, rules);
  }
  return rules.select(count);
}

export class Translator {
  language = FALLBACK;
  private readonly bundles: Record<string, Record<string, Texts>> = {};
  private readonly languageListeners = new Set<(language: string) => void>();
  private readonly addedListeners = new Set<(language: string, ns: string) => void>();
  /** As i18next's `i18n.store.on('added', …)`. */
  readonly store = {
    on: (event: 'added', listener: (language: string, ns: string) => void) => {
      if (event === 'added') this.addedListeners.add(listener);
    },
  };

  on(event: 'languageChanged', listener: (language: string) => void): void {
    if (event === 'languageChanged') this.languageListeners.add(listener);
  }

  off(event: 'languageChanged', listener: (language: string) => void): void {
    if (event === 'languageChanged') this.languageListeners.delete(listener);
  }

  addResourceBundle(language: string, ns: string, texts: object, _deep = true, overwrite = true): this {
    const byNs = (this.bundles[language] ??= {});
    byNs[ns] = merge(byNs[ns] ?? {}, texts as Texts, overwrite);
    for (const listener of this.addedListeners) listener(language, ns);
    return this;
  }

  hasResourceBundle(language: string, ns: string): boolean {
    return Boolean(this.bundles[language]?.[ns]);
  }

  changeLanguage(language: string): Promise<TFunction> {
    const changed = language !== this.language;
    this.language = language;
    if (changed) for (const listener of this.languageListeners) listener(language);
    return Promise.resolve(this.t);
  }

  dir(language = this.language): 'ltr' | 'rtl' {
    return RTL.has(language.slice(0, 2)) ? 'rtl' : 'ltr';
  }

  private resolve(rawKey: string, options: TOptions, fixedNs: string | null): { key: string; text: unknown } {
    let key = rawKey;
    let namespaces: readonly string[] =
      typeof options.ns === 'string' ? [options.ns] : (options.ns ?? [fixedNs ?? DEFAULT_NS]);
    const colon = /^([\w-]+):(.+)$/.exec(rawKey);
    if (colon) {
      namespaces = [colon[1]!];
      key = colon[2]!.replace(/:/g, '.');
    }
    const language = options.lng ?? this.language;
    const codes = language === FALLBACK ? [language] : [language, FALLBACK];
    const count = typeof options.count === 'number' ? options.count : undefined;
    for (const ns of namespaces) {
      for (const code of codes) {
        const texts = this.bundles[code]?.[ns];
        if (!texts) continue;
        const candidates = [key];
        if (count !== undefined) {
          candidates.unshift(`${key}_${pluralForm(code, count)}`);
          if (count === 0) candidates.unshift(`${key}_zero`);
        }
        for (const candidate of candidates) {
          const text = find(texts, candidate);
          if (text !== undefined && text !== null) return { key, text };
        }
      }
    }
    return { key, text: undefined };
  }

  translate(rawKey: string, options: TOptions = {}, fixedNs: string | null = null): string {
    const { key, text } = this.resolve(String(rawKey), options, fixedNs);
    let result: unknown = text;
    if (result !== undefined && typeof result === 'object')
      return `key '${key} (${this.language})' returned an object instead of string.`;
    if (result === undefined) result = options.defaultValue ?? key;
    const data = options.replace && typeof options.replace === 'object' ? options.replace : options;
    return interpolate(String(result), data);
  }

  exists(key: string, options: TOptions = {}): boolean {
    const { text } = this.resolve(key, options, null);
    return text !== undefined && typeof text !== 'object';
  }

  /** A translate function for one language (or the current one) and a default namespace. */
  getFixedT(language: string | null, ns: string | null = null): TFunction {
    const fixed = (key: string, options?: TOptions | string) =>
      this.translate(
        key,
        typeof options === 'string' ? { defaultValue: options, lng: language ?? undefined } : { lng: language ?? undefined, ...options },
        ns,
      );
    return fixed as unknown as TFunction;
  }

  readonly t: TFunction = ((key: string, options?: TOptions | string) =>
    this.translate(key, typeof options === 'string' ? { defaultValue: options } : options)) as unknown as TFunction;
}
