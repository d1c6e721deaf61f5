import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

// One runner, four projects. Test files live beside the code they test.
const fastCheck = fileURLToPath(new URL('./vitest.fast-check.ts', import.meta.url));
// Vitest's default is one worker fewer than the cores: one on a 2-core machine. Server tests and
// browser specs wait on their database, server and browser much of the time, so two share 2 cores
// well. TEST_WORKERS sets another number (1: one file at a time).
const workers = Number(process.env.TEST_WORKERS ?? Math.max(2, availableParallelism() - 1));

/**
 * A file that takes several times as long as any other starts first in its project, so that it does
 * not start last and run alone at the end. Vitest orders files by their last run's durations, but a
 * clean clone (CI) has none, and then the order is the folder's. The authorization matrix is one
 * test of a few thousand requests (247 s in a whole server run on a busy machine), then the probe for
 * 500s (163 s); the next longest file took 47 s.
 */
const LONGEST_FIRST = ['apps/server/src/test/authorization-matrix.test.ts', 'apps/server/src/test/no-server-errors.test.ts'];
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Projects stay in the order Vitest gives them; within one, the files named above go first.
    const projectStart = new Map<string, number>();
    sorted.forEach((f, i) => projectStart.has(f.project.name) || projectStart.set(f.project.name, i));
    const rank = (f: TestSpecification) => {
      const k = LONGEST_FIRST.findIndex((name) => f.moduleId.endsWith(name));
      return k < 0 ? LONGEST_FIRST.length : k;
    };
    return sorted
      .map((f, i) => ({ f, project: projectStart.get(f.project.name) ?? 0, rank: rank(f), i }))
      .sort((a, b) => a.project - b.project || a.rank - b.rank || a.i - b.i)
      .map(({ f }) => f);
  }
}

export default defineConfig({
  test: {
    sequence: { sequencer: LongestFirst },
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
          // A worker imports the app once for all its files, not once per file: a quarter less
          // processor time (12 files: 128 s → 93 s; all 86 files pass so). Each file still builds its own app and
          // database (useHarness); a test that changes something shared puts it back.
          isolate: false,
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
