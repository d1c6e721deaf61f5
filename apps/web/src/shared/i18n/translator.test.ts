import i18next from 'i18next';
import { expect, it } from 'vitest';
import { Translator } from './translator';

// The translator answers as i18next did, on the app's real texts.
const TEXTS = import.meta.glob<object>('./locales/*/*.json', { eager: true, import: 'default' });

function both() {
  const ours = new Translator();
  const theirs = i18next.createInstance();
  void theirs.init({
    lng: 'en',
    fallbackLng: 'en',
    defaultNS: 'common',
    resources: {},
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  for (const [file, texts] of Object.entries(TEXTS)) {
    const [, lang, ns] = /\/([a-z]+)\/([\w-]+)\.json$/.exec(file)!;
    ours.addResourceBundle(lang!, ns!, texts);
    theirs.addResourceBundle(lang!, ns!, texts, true, true);
  }
  return { ours, theirs };
}

function keysOf(texts: object, prefix = ''): string[] {
  return Object.entries(texts).flatMap(([key, value]) =>
    value && typeof value === 'object' ? keysOf(value as object, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

it('gives the same texts as i18next for every key, count and language', async () => {
  const { ours, theirs } = both();
  const keys = new Set<string>();
  for (const [file, texts] of Object.entries(TEXTS)) {
    const ns = /\/([\w-]+)\.json$/.exec(file)![1]!;
    for (const key of keysOf(texts)) keys.add(`${ns}:${key.replace(/_(zero|one|two|few|many|other)$/, '')}`);
  }
  for (const lang of ['en', 'tr', 'ar']) {
    await ours.changeLanguage(lang);
    await theirs.changeLanguage(lang);
    for (const key of keys) {
      for (const options of [{}, { count: 0 }, { count: 1 }, { count: 2 }, { count: 5 }, { count: 11 }, { count: 100, name: 'Ann' }]) {
        expect(ours.t(key, options), `${lang} ${key} ${JSON.stringify(options)}`).toBe(theirs.t(key, options));
      }
    }
  }
  expect(keys.size).toBeGreaterThan(500);
});

it('answers missing keys, defaults, other namespaces, replace and fixed languages as i18next does', async () => {
  const { ours, theirs } = both();
  const cases: [string, Record<string, unknown>?][] = [
    ['no.such.key'],
    ['catalogue:no.such.key'],
    ['no.such.key', { defaultValue: 'Fallback {{x}}', x: 1 }],
    ['fields.email', { ns: 'common' }],
    ['items.title', { ns: 'catalogue' }],
    ['fields.email', { lng: 'tr' }],
    ['stage.changed', { name: '' }],
    ['stage.changed', {}],
    ['stage.changed', { replace: { name: 'R' } }],
  ];
  for (const lang of ['en', 'ar']) {
    await ours.changeLanguage(lang);
    await theirs.changeLanguage(lang);
    for (const [key, options] of cases) expect(ours.t(key, options), key).toBe(theirs.t(key, options));
    for (const ns of [null, 'catalogue']) {
      const a = ours.getFixedT('tr', ns);
      const b = theirs.getFixedT('tr', ns);
      for (const [key, options] of cases) expect(a(key, options), key).toBe(b(key, options));
    }
    expect(ours.exists('fields.email')).toBe(theirs.exists('fields.email'));
    expect(ours.exists('refusals:nothing')).toBe(theirs.exists('refusals:nothing'));
    expect(ours.dir()).toBe(theirs.dir());
  }
});
