import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// One runner, four projects. Test files live beside the code they test.
const fastCheck = fileURLToPath(new URL('./vitest.fast-check.ts', import.meta.url));
// Vitest's default is one worker fewer than the cores: one on a 2-core machine. Server tests and
// browser specs wait on their database, server and browser much of the time, so two share 2 cores
// well. TEST_WORKERS sets another number (1: one file at a time).
const workers = Number(process.env.TEST_WORKERS ?? Math.max(2, availableParallelism() - 1));

export default defineConfig({
  test: {
    // For every project: Vitest runs projects with different worker counts only in separate groups.
    maxWorkers: workers,
    projects: [
      {
        resolve: { conditions: ['source'] },
        // Property tests run a few hundred generated cases: on a busy machine more than 5 s.
        test: { name: 'domain', root: 'packages/domain', environment: 'node', include: ['src/**/*.test.ts'], setupFiles: [fastCheck], testTimeout: 60_000 },
      },
      {
        resolve: { conditions: ['source'] },
        ssr: { resolve: { conditions: ['source'] } },
        test: {
          name: 'server',
          root: 'apps/server',
          environment: 'node',
          include: ['src/**/*.test.ts'],
          globalSetup: ['src/test/global-setup.ts'],
          setupFiles: ['src/test/setup.ts', fastCheck],
          // Two files at a time on a machine shared with other runs: the draw flow's test, 11 s alone,
          // took 63 s beside the authorization matrix at a load of 20 on 2 cores. The limit is for a
          // test that hangs. A file's app and database start in its beforeAll.
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
      './apps/web/vite.config.ts',
      {
        test: {
          name: 'e2e',
          root: 'e2e',
          environment: 'node',
          include: ['specs/**/*.spec.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // A busy two-core CI machine runs two browsers and servers at once: a page can take a few
          // seconds to show what it will show (vitest's default wait is one second).
          expect: { poll: { timeout: 15_000, interval: 100 } },
          // Each spec file starts its own server (a free port, its own data folder) and browser.
        },
      },
    ],
  },
});
