import { defineConfig } from 'vitest/config';
import { defaultClientConditions } from 'vite';
import react from '@vitejs/plugin-react';
import { createRequire } from 'node:module';
import path from 'node:path';
import { compressPlugin } from './scripts/compress-plugin';
import { closureChunk } from './scripts/closure-chunk';
import { houseMarkPlugin } from './scripts/house-mark-plugin';
import { offlineAppPlugin } from './scripts/offline-app-plugin';
import { pagePreloadsPlugin } from './scripts/page-preloads-plugin';
import { textsPlugin } from './scripts/texts-plugin';
import { ITEMS_PAGE_MODULE, PRELOADED_PAGES, SHELL_MODULE } from './src/app/preloaded-pages';

// React Router's bundler entry is its development build (its warnings, ~2 kB gzip more); the
// production build of the same version is used for `vite build`.
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

const SHELL = SHELL_MODULE;
// The page most visits open first: its first load is the one measured (issue 15, ADR 0031).
const ITEMS_PAGE = ITEMS_PAGE_MODULE;
const MATERIAL_UI = /node_modules[\\/]@mui[\\/](material|system|utils)[\\/]/;

// One file for the dev server, the production build and the `web` vitest project.
export default defineConfig(({ command }) => ({
  root: import.meta.dirname,
  base: '/',
  plugins: [
    react(),
    houseMarkPlugin(),
    textsPlugin(),
    pagePreloadsPlugin(import.meta.dirname, PRELOADED_PAGES),
    offlineAppPlugin(),
    compressPlugin(),
  ],
  resolve: {
    // @estate/domain exports TypeScript sources under the `source` condition.
    conditions: ['source', ...defaultClientConditions],
    // One stylis for Emotion and stylis-plugin-rtl (Emotion's 4.2; a newer copy breaks the RTL plugin).
    dedupe: ['stylis'],
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  server: {
    port: 5173,
    // The API of `npm run dev` (PORT, default 3000).
    proxy: { '/api': { target: `http://localhost:${process.env.PORT ?? 3000}`, changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    chunkSizeWarningLimit: 600,
    // Translation files stay JSON files fetched at run time (never inlined as data: URLs).
    assetsInlineLimit: (file) => (file.endsWith('.json') ? false : undefined),
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Everything every page needs goes in one file: fewer requests, better compression.
            { name: 'app', tags: ['$initial'], priority: 20 },
            // The Material UI that the signed-in frame and the item list (the page most visits
            // open first) import, in a file of its own (ADR 0030).
            {
              name: closureChunk(import.meta.dirname, [SHELL, ITEMS_PAGE], 'mui-first'),
              test: MATERIAL_UI,
              priority: 6,
            },
            // The rest of the Material UI components most pages use (menus, selects, dialogs'
            // parts...), in one file instead of dozens of small ones: a page then waits for a few
            // requests, not a hundred (slow phone connections).
            { name: 'mui', test: MATERIAL_UI, minShareCount: 4, priority: 5 },
            // Icons are a few hundred bytes each: in one file, not one request (and one preload) each.
            { name: 'icons', test: /node_modules[\\/]@mui[\\/]icons-material[\\/]/, priority: 5 },
            // The data layer every signed-in page uses.
            {
              name: 'query',
              test: /node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]/,
              priority: 5,
            },
            // The signed-in frame with all it imports, in one file instead of about twenty small
            // ones (ADR 0029), and the app's modules the item list shares with other pages
            // (ADR 0031). Below the groups above, so Material UI, icons and the data layer keep
            // their own files, shared with the pages outside the frame.
            {
              name: closureChunk(import.meta.dirname, [SHELL], 'frame', { sharedOf: [ITEMS_PAGE] }),
              priority: 4,
            },
            // The parts shared by the pages without navigation (sign in, register...), together.
            {
              name: 'auth-ui',
              test: /src[\\/]shared[\\/](ui[\\/](auth-frame|text-input|password-field|plain-controls|plain-icons|language-menu|lazy-named)|hooks[\\/]use-page-title|api[\\/]error-message)\.|packages[\\/]domain[\\/]src[\\/]refusals\./,
              priority: 10,
            },
          ],
        },
      },
    },
  },
  test: {
    name: 'web',
    root: import.meta.dirname,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    testTimeout: 45_000,
  },
}));
