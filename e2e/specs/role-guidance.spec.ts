/**
 * Issue 36: every role's Home names its work. A beneficiary who has not accepted the Terms and
 * Agreement is sent there first (not to the review), on a phone at 390 and 360 px, in English and
 * Arabic. (The observer's Analytics in the menu: navigation-config.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, screenshot } from '../support/browser.js';
import { startServer, type RunningServer } from '../support/server.js';
import { seedEstate, type SeededEstate } from '../support/seed.js';
import { openAs } from '../support/process.js';

let browser: Browser;
let server: RunningServer;
let seeded: SeededEstate;
beforeAll(async () => {
  browser = await launchBrowser();
  server = await startServer();
  seeded = await seedEstate(server.url, { anna: [10] }, { notAccepted: ['anna'] });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('every role guided on a phone', () => {
  it('sends a beneficiary who has not accepted to the Terms and Agreement first', async () => {
    for (const lang of ['en', 'ar'] as const) {
      const phone = await openAs(browser, server.url, seeded.members.anna!, 'phone', lang);
      await phone.goto(`${server.url}/i/`);
      const card = phone.getByTestId('next-step-card');
      const link = card.getByRole('link');
      await link.waitFor();
      expect(await link.getAttribute('href')).toBe(`/agreements?estate=${seeded.estateId}`);
      await screenshot(phone, `role-guidance-agreements-first-390-${lang}`);
      await phone.setViewportSize({ width: 360, height: 740 });
      await screenshot(phone, `role-guidance-agreements-first-360-${lang}`);
      await phone.context().close();
    }
  });
});
