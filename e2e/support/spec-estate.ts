/** The usual world of a browser spec: one Chromium, one server and one seeded estate per file. */
import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser.js';
import { startServer, type RunningServer } from './server.js';
import { advanceTo, seedEstate, type SeededEstate } from './seed.js';

export type SpecEstate = { browser: Browser; server: RunningServer; seeded: SeededEstate };

/**
 * Registers the file's beforeAll/afterAll: the estate gets `members` (see `seedEstate`) and is
 * moved through `stages`. Read the fields inside tests and later hooks (they are set by then).
 */
export function useSpecEstate(
  members: Record<string, (number | string)[]> = {},
  stages: number[] = [],
): SpecEstate {
  const world = {} as SpecEstate;
  beforeAll(async () => {
    world.browser = await launchBrowser();
    world.server = await startServer();
    world.seeded = await seedEstate(world.server.url, members);
    await advanceTo(world.server.url, world.seeded, stages);
  });
  afterAll(async () => {
    await world.browser?.close();
    await world.server?.stop();
  });
  return world;
}
