/**
 * Texts set-up. Texts are JSON fetched on demand (one hashed file per language, built by
 * scripts/texts-plugin.ts from `locales/<language>/<namespace>.json` and the shared content), not
 * JavaScript, so they do not weigh on the first page. English is the fallback. The translator is a
 * few lines of our own with i18next's behaviour for what we use (see translator.ts).
 *
 * Namespaces: `common` (shell, accounts), `stages` (stage names, help texts and to-dos: product
 * content shared with the server's mail), `refusals` (the server's refusals, by their stable
 * reason), `catalogue` (locations, rooms, items, photos, import), `process` (control panel,
 * approvals, hearts, ranking, tokens, draws, reports) and one per later feature (its own file in
 * each language). Use another namespace's key as `t('catalogue:items.title')`.
 */
import type { Language } from '@estate/domain/schemas/account';
import { LANGUAGES } from '@estate/domain/settings';
import { NAMESPACES, TEXT_URLS } from 'virtual:texts';
import { setApiLanguage } from '../api/client';
import { Translator } from './translator';

export const i18n = new Translator();

export { LANGUAGE_DIRECTION } from '@estate/domain/settings';

/** Each language's own name, shown in the language menu. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', tr: 'Türkçe', ar: 'العربية' };

// The server answers refusals in the language the person reads.
setApiLanguage(i18n.language);
i18n.on('languageChanged', (language: string) => setApiLanguage(language));

/** The refusal texts are keyed flat ("consent.required"); i18next reads them nested. */
export function nested(flat: Record<string, string>): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, text] of Object.entries(flat)) {
    const parts = key.split('.');
    let node = root;
    for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
    node[parts[parts.length - 1]!] = text;
  }
  return root;
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

const loading = new Map<Language, Promise<void>>();

function fetchBundles(language: Language): Promise<void> {
  let pending = loading.get(language);
  if (!pending) {
    pending = (async () => {
      if (NAMESPACES.every((ns) => i18n.hasResourceBundle(language, ns))) return;
      const response = await fetch(TEXT_URLS[language], { credentials: 'same-origin' });
      if (!response.ok) throw new Error(`texts for ${language}: ${response.status}`);
      const all = (await response.json()) as Record<string, object>;
      for (const [ns, texts] of Object.entries(all)) {
        // Content files are keyed by stage code; the UI reads them as `stage.<code>.<field>`.
        const bundle =
          ns === 'stages'
            ? { stage: texts }
            : ns === 'refusals'
              ? nested(texts as Record<string, string>)
              : texts;
        i18n.addResourceBundle(language, ns, bundle, true, true);
      }
    })();
    pending.catch(() => loading.delete(language));
    loading.set(language, pending);
  }
  return pending;
}

/**
 * Loads a language's texts if needed, then switches to it. Only the chosen language is waited for;
 * English, the fallback for a text not yet translated, follows in the background (and is waited
 * for only when the chosen language's texts cannot be fetched).
 */
export async function loadLanguage(language: Language): Promise<void> {
  try {
    if (language === 'en') await fetchBundles('en');
    else {
      await fetchBundles(language).catch(() => fetchBundles('en'));
      void fetchBundles('en').catch(() => undefined);
    }
  } catch {
    // Texts that could not be fetched (offline, a stale build) fall back to English; never an error.
  } finally {
    // Even without its texts (offline), switch: missing texts fall back to English.
    if (i18n.language !== language) await i18n.changeLanguage(language);
  }
}

/** A guest's first language: the browser's, if we have it. */
export function browserLanguage(): Language {
  const candidates =
    typeof navigator === 'undefined' ? [] : [...(navigator.languages ?? []), navigator.language];
  for (const tag of candidates) {
    const base = tag?.slice(0, 2).toLowerCase();
    if (isLanguage(base)) return base;
  }
  return 'en';
}
