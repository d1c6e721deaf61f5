/**
 * Copies of the built `index.html` that name a page's code for the browser to fetch at once
 * (ADR 0032): for each of src/app/preloaded-pages.ts, `pages/<page>.html` with a
 * `<link rel="modulepreload">` for every file the page's modules need beyond the entry file's
 * own, and `page-preloads.json`, which tells the server which addresses get which copy.
 *
 * Without them a phone fetches the page's code only once the entry file has arrived and run (one
 * more round trip, with the line idle meanwhile): Vite names in the HTML only what the entry
 * imports statically, and the pages are loaded on demand so that the sign-in page stays small.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';
import type { PreloadedPage } from '../src/app/preloaded-pages';

/** Where the server (apps/server/src/platform/web-pages.ts) reads which copy goes to which address. */
const PAGE_PRELOADS_FILE = 'page-preloads.json';

function withImports(bundle: Rolldown.OutputBundle, fileName: string, seen = new Set<string>()): Set<string> {
  const chunk = bundle[fileName];
  if (seen.has(fileName) || chunk?.type !== 'chunk') return seen;
  seen.add(fileName);
  for (const imported of chunk.imports) withImports(bundle, imported, seen);
  return seen;
}

export function pagePreloadsPlugin(webRoot: string, pages: readonly PreloadedPage[]): Plugin {
  let outDir = '';
  let base = '/';
  return {
    name: 'estate-page-preloads',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      base = config.base;
    },
    // After the files are written, before closeBundle (compress-plugin.ts) makes their Brotli copies.
    writeBundle(_options, bundle) {
      const html = bundle['index.html'];
      if (html?.type !== 'asset') return;
      const chunks = Object.values(bundle).filter(
        (file): file is Rolldown.OutputChunk => file.type === 'chunk',
      );
      const loadedByEntry = new Set<string>();
      for (const chunk of chunks) if (chunk.isEntry) withImports(bundle, chunk.fileName, loadedByEntry);

      mkdirSync(path.join(outDir, 'pages'), { recursive: true });
      const routes = pages.map(({ page, paths, modules }) => {
        const files = new Set<string>();
        for (const module of modules) {
          const id = path.join(webRoot, module);
          const chunk = chunks.find((candidate) => candidate.moduleIds.includes(id));
          if (!chunk) throw new Error(`page-preloads: ${module} (page ${page}) is in no chunk of the build`);
          withImports(bundle, chunk.fileName, files);
        }
        const links = [...files]
          .filter((file) => !loadedByEntry.has(file))
          .map((file) => `<link rel="modulepreload" crossorigin href="${base}${file}">`)
          .join('\n    ');
        const file = `pages/${page}.html`;
        writeFileSync(
          path.join(outDir, file),
          String(html.source).replace('</head>', `  ${links}\n  </head>`),
        );
        return { page, paths, html: file };
      });
      writeFileSync(path.join(outDir, PAGE_PRELOADS_FILE), `${JSON.stringify({ routes }, null, 2)}\n`);
    },
  };
}
