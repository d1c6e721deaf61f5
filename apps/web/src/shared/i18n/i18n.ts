/**
 * i18next set-up. Texts are JSON files fetched on demand (hashed by the build), not JavaScript, so
 * they do not weigh on the first page. Namespaces: `common` (everything) and `stages` (stage
 * names and help texts, kept apart so they can be written separately). English is the fallback.
 */
import i18next from 'i18next';
import type { Language } from '@estate/domain/schemas/account';
import { LANGUAGES } from '@estate/domain/settings';
import enCommon from './locales/en/common.json?url';
// Stage names, help texts and to-dos are product content shared with the server (mail texts).
import enStages from '@estate/domain/content/stages.en.json?url';
import trCommon from './locales/tr/common.json?url';
import trStages from '@estate/domain/content/stages.tr.json?url';
import arCommon from './locales/ar/common.json?url';
import enCatalogue from './locales/en/catalogue.json?url';
import trCatalogue from './locales/tr/catalogue.json?url';
import arCatalogue from './locales/ar/catalogue.json?url';
import enProcess from './locales/en/process.json?url';
import trProcess from './locales/tr/process.json?url';
import arProcess from './locales/ar/process.json?url';
import arStages from '@estate/domain/content/stages.ar.json?url';

export const i18n = i18next.createInstance();

/**
 * `common` (shell, accounts), `stages` (shared content), `catalogue` (locations, rooms, items,
 * photos, import) and `process` (control panel, approvals, hearts, ranking, tokens, draws, reports).
 * Use another namespace's key as `t('catalogue:items.title')`.
 */
export const NAMESPACES = ['common', 'stages', 'catalogue', 'process'] as const;
type Namespace = (typeof NAMESPACES)[number];

const URLS: Record<Language, Record<Namespace, string>> = {
  en: { common: enCommon, stages: enStages, catalogue: enCatalogue, process: enProcess },
  tr: { common: trCommon, stages: trStages, catalogue: trCatalogue, process: trProcess },
  ar: { common: arCommon, stages: arStages, catalogue: arCatalogue, process: arProcess },
};

export const LANGUAGE_DIRECTION: Record<Language, 'ltr' | 'rtl'> = { en: 'ltr', tr: 'ltr', ar: 'rtl' };

/** Each language's own name, shown in the language menu. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', tr: 'Türkçe', ar: 'العربية' };

void i18n.init({
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  ns: [...NAMESPACES],
  defaultNS: 'common',
  resources: {},
  partialBundledLanguages: true,
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

const loading = new Map<Language, Promise<void>>();

function fetchBundles(language: Language): Promise<void> {
  let pending = loading.get(language);
  if (!pending) {
    pending = Promise.all(
      NAMESPACES.map(async (ns) => {
        if (i18n.hasResourceBundle(language, ns)) return;
        const response = await fetch(URLS[language][ns], { credentials: 'same-origin' });
        if (!response.ok) throw new Error(`texts for ${language}/${ns}: ${response.status}`);
        const texts = (await response.json()) as object;
        // Content files are keyed by stage code; the UI reads them as `stage.<code>.<field>`.
        i18n.addResourceBundle(language, ns, ns === 'stages' ? { stage: texts } : texts, true, true);
      }),
    ).then(() => undefined);
    pending.catch(() => loading.delete(language));
    loading.set(language, pending);
  }
  return pending;
}

/** Loads a language's texts (and English, the fallback) if needed, then switches to it. */
export async function loadLanguage(language: Language): Promise<void> {
  try {
    await Promise.all([fetchBundles('en'), language === 'en' ? undefined : fetchBundles(language)]);
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
