/**
 * One texts file per language (`virtual:texts`): every namespace of `src/shared/i18n/locales/<lang>/`
 * plus the shared stage and refusal content, as `{ [namespace]: texts }`. A page load then fetches
 * one file instead of one per namespace (sixteen requests and sixteen fetch calls on a slow phone).
 * A namespace a language lacks is English's. The build emits hashed files; the dev server answers
 * `/@texts/<lang>.json` from the current files.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

const VIRTUAL = 'virtual:texts';
const RESOLVED = `\0${VIRTUAL}`;
const DEV_PREFIX = '/@texts/';

const localesDir = path.join(import.meta.dirname, '..', 'src', 'shared', 'i18n', 'locales');
/** A language is a folder of `locales/` (one for each of @estate/domain's LANGUAGES). */
const LANGUAGES = readdirSync(localesDir).filter((name) => statSync(path.join(localesDir, name)).isDirectory());
const contentDir = path.dirname(
  createRequire(import.meta.url).resolve('@estate/domain/content/stages.en.json'),
);

const readJson = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));

function namespaceFiles(language: string): Record<string, string> {
  const files: Record<string, string> = {
    stages: path.join(contentDir, `stages.${language}.json`),
    refusals: path.join(contentDir, `refusals.${language}.json`),
  };
  for (const name of readdirSync(path.join(localesDir, language))) {
    if (name.endsWith('.json')) files[name.slice(0, -'.json'.length)] = path.join(localesDir, language, name);
  }
  return files;
}

/** The language's texts by namespace, English's where the language has no file of its own. */
function textsOf(language: string): { texts: Record<string, unknown>; files: string[] } {
  const english = namespaceFiles('en');
  const own = language === 'en' ? english : namespaceFiles(language);
  const files = Object.keys(english).map((ns) => own[ns] ?? english[ns]!);
  const texts = Object.fromEntries(Object.keys(english).map((ns, i) => [ns, readJson(files[i]!)]));
  return { texts, files };
}

export function textsPlugin(): Plugin {
  let serving = false;
  let base = '/';
  return {
    name: 'estate-texts',
    configResolved(config) {
      serving = config.command === 'serve';
      base = config.base;
    },
    resolveId: (id) => (id === VIRTUAL ? RESOLVED : undefined),
    load(id) {
      if (id !== RESOLVED) return undefined;
      const urls = LANGUAGES.map((language) => {
        if (serving) return `${JSON.stringify(language)}: ${JSON.stringify(`${DEV_PREFIX}${language}.json`)}`;
        const { texts, files } = textsOf(language);
        for (const file of files) this.addWatchFile(file);
        const ref = this.emitFile({
          type: 'asset',
          name: `texts.${language}.json`,
          source: JSON.stringify(texts),
        });
        return `${JSON.stringify(language)}: import.meta.ROLLUP_FILE_URL_${ref}`;
      });
      return `export const TEXT_URLS = { ${urls.join(', ')} };\nexport const NAMESPACES = ${JSON.stringify(Object.keys(namespaceFiles('en')))};\n`;
    },
    // English's texts are asked for by the page itself, beside the app's code, instead of after
    // that code has arrived and started: every page needs them before its first paint (a page in
    // another language fetches its own file first, then English's as the fallback, which this is).
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const english = Object.values(context.bundle ?? {}).find(
          (file) => file.type === 'asset' && file.names.includes('texts.en.json'),
        );
        if (!english) return undefined;
        return [
          {
            tag: 'link',
            attrs: { rel: 'preload', as: 'fetch', crossorigin: 'anonymous', href: `${base}${english.fileName}` },
            injectTo: 'head',
          },
        ];
      },
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const language = req.url?.startsWith(DEV_PREFIX)
          ? req.url.slice(DEV_PREFIX.length).replace(/\.json.*$/, '')
          : '';
        if (!LANGUAGES.includes(language)) return next();
        res.setHeader('Content-Type', 'application/json; charset=utf-8');
        res.setHeader('Cache-Control', 'no-store');
        res.end(JSON.stringify(textsOf(language).texts));
      });
    },
  };
}
