import { defineConfig } from 'vitest/config';
import { defaultClientConditions } from 'vite';
import react from '@vitejs/plugin-react';

// One file for the dev server, the production build and the `web` vitest project.
export default defineConfig({
  root: import.meta.dirname,
  base: '/',
  plugins: [react()],
  resolve: {
    // @estate/domain exports TypeScript sources under the `source` condition.
    conditions: ['source', ...defaultClientConditions],
    // One stylis for Emotion and stylis-plugin-rtl (Emotion's 4.2; a newer copy breaks the RTL plugin).
    dedupe: ['stylis'],
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
            // The parts shared by the pages without navigation (sign in, register...), together.
            {
              name: 'auth-ui',
              test: /src[\\/]shared[\\/](ui[\\/](auth-frame|text-input|password-field|plain-controls|plain-icons|language-menu|lazy-named)|hooks[\\/]use-page-title)\./,
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
    testTimeout: 20_000,
  },
});
