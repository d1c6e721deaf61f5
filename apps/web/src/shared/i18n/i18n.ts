/**
 * Texts set-up. Texts are JSON files fetched on demand (hashed by the build), not JavaScript, so
 * they do not weigh on the first page. English is the fallback. The translator is a few lines of
 * our own with i18next's behaviour for what we use (see translator.ts).
 */
import type { Language } from '@estate/domain/schemas/account';
import { LANGUAGES } from '@estate/domain/settings';
// Stage names, help texts and to-dos are product content shared with the server (mail texts).
import enStages from '@estate/domain/content/stages.en.json?url';
import trStages from '@estate/domain/content/stages.tr.json?url';
import arStages from '@estate/domain/content/stages.ar.json?url';
// The server's refusals, by their stable reason: the same sentences the server answers with.
import enRefusals from '@estate/domain/content/refusals.en.json?url';
import trRefusals from '@estate/domain/content/refusals.tr.json?url';
import arRefusals from '@estate/domain/content/refusals.ar.json?url';
import { setApiLanguage } from '../api/client';
import { Translator } from './translator';

/** Every `locales/<language>/<namespace>.json`: a feature adds its own namespace by adding its files. */
const LOCALE_FILES = import.meta.glob<string>('./locales/*/*.json', { query: '?url', import: 'default', eager: true });

export const i18n = new Translator();

/**
 * `common` (shell, accounts), `stages` (shared content), `catalogue` (locations, rooms, items,
 * photos, import), `process` (control panel, approvals, hearts, ranking, tokens, draws, reports) and
 * one per later feature (its own file in each language). Use another namespace's key as
 * `t('catalogue:items.title')`.
 */
const STAGE_URLS: Record<Language, string> = { en: enStages, tr: trStages, ar: arStages };
const REFUSAL_URLS: Record<Language, string> = { en: enRefusals, tr: trRefusals, ar: arRefusals };

function urlsOf(language: Language): Record<string, string> {
  const urls: Record<string, string> = { stages: STAGE_URLS[language], refusals: REFUSAL_URLS[language] };
  for (const [file, url] of Object.entries(LOCALE_FILES)) {
    const [, lang, ns] = /\.\/locales\/([a-z]+)\/([\w-]+)\.json$/.exec(file) ?? [];
    if (lang === language && ns) urls[ns] = url;
  }
  return urls;
}

const URLS: Record<Language, Record<string, string>> = { en: urlsOf('en'), tr: urlsOf('tr'), ar: urlsOf('ar') };
export const NAMESPACES: readonly string[] = Object.keys(URLS.en);

export const LANGUAGE_DIRECTION: Record<Language, 'ltr' | 'rtl'> = { en: 'ltr', tr: 'ltr', ar: 'rtl' };

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
    pending = Promise.all(
      NAMESPACES.map(async (ns) => {
        if (i18n.hasResourceBundle(language, ns)) return;
        const response = await fetch(URLS[language][ns] ?? URLS.en[ns]!, { credentials: 'same-origin' });
        if (!response.ok) throw new Error(`texts for ${language}/${ns}: ${response.status}`);
        const texts = (await response.json()) as object;
        // Content files are keyed by stage code; the UI reads them as `stage.<code>.<field>`.
        const bundle = ns === 'stages' ? { stage: texts } : ns === 'refusals' ? nested(texts as Record<string, string>) : texts;
        i18n.addResourceBundle(language, ns, bundle, true, true);
      }),
    ).then(() => undefined);
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
