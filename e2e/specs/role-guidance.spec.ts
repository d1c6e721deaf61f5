/**
 * Issue 36: every role's Home names its work. One estate, seeded through the API, walked from the
 * review to the results; at each stage each role with work there signs in on a phone and Home's
 * card names it: a beneficiary before the Terms and Agreement (sent there first, at 390 and 360 px,
 * in English and Arabic) and after, the trustee (what the stage needs from them), an offspring's
 * advice, the observer's calm, the appraiser's appraisals, the seller's and the buyer's sale. Axe
 * finds nothing serious on the trustee's Home and control panel and a beneficiary's My items, in
 * English and Arabic on a phone (the beneficiary's other pages: phone-usability.spec.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { atRest, axeProblems, launchBrowser, screenshot } from '../support/browser.js';
import { startServer, type RunningServer } from '../support/server.js';
import { acceptAgreements, advanceTo, api, seedEstate, type Person, type SeededEstate } from '../support/seed.js';
import { openAs, stageText } from '../support/process.js';
import { nt, type Lang } from '../support/texts.js';

let browser: Browser;
let server: RunningServer;
let seeded: SeededEstate;
const id: Record<string, string> = {};
const home = (lang: Lang, key: string, values: Record<string, string> = {}) => nt(lang, 'home', `next.${key}`, values);

beforeAll(async () => {
  browser = await launchBrowser();
  // Every role signs in here: more sign-ins a minute than the default allows one address.
  server = await startServer({ AUTH_RATE_LIMIT_PER_MINUTE: '100' });
  seeded = await seedEstate(
    server.url,
    { anna: [10], bea: [10], kid: [2, 'bea'], olive: [1], appr: [20], sam: [22], bob: [21] },
    { notAccepted: ['anna'] },
  );
  await advanceTo(server.url, seeded, [1]);
  for (const [key, name] of [['chair', 'Oak Chair'], ['lamp', 'Brass Lamp']] as const) {
    const { item } = await api<{ item: { id: string } }>(server.url, 'POST', `/api/estates/${seeded.estateId}/items`, { name, categories: ['Furniture'] }, seeded.admin.token);
    id[key] = item.id;
  }
  await advanceTo(server.url, seeded, [2]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Signs in on a phone (landing on Home) and returns Home's card heading. */
async function homeHeading(person: Person, lang: Lang = 'en'): Promise<{ page: Page; heading: string }> {
  // Back to English for someone seen in Arabic before (openAs sets only other languages).
  if (lang === 'en') await api(server.url, 'PATCH', '/api/me', { settings: { language: 'en', direction: 'ltr' } }, person.token);
  const page = await openAs(browser, server.url, person, 'phone', lang);
  if (new URL(page.url()).pathname !== '/i/') await page.goto(`${server.url}/i/`);
  const heading = page.getByTestId('next-step-card').getByRole('heading');
  await heading.waitFor();
  return { page, heading: ((await heading.textContent()) ?? '').trim() };
}

async function expectHome(person: Person, text: string, picture: string): Promise<Page> {
  const { page, heading } = await homeHeading(person);
  expect(heading, `${person.firstName}'s Home`).toBe(text);
  await screenshot(page, `role-guidance-${picture}`);
  return page;
}

const run = (step: number) => api(server.url, 'POST', `/api/estates/${seeded.estateId}/steps/${step}/run`, undefined, seeded.admin.token);

describe('every role guided on a phone', () => {
  it('sends a beneficiary who has not accepted to the Terms and Agreement first', async () => {
    for (const lang of ['en', 'ar'] as const) {
      const { page: phone } = await homeHeading(seeded.members.anna!, lang);
      const link = phone.getByTestId('next-step-card').getByRole('link');
      await link.waitFor();
      expect(await link.getAttribute('href')).toBe(`/agreements?estate=${seeded.estateId}`);
      await screenshot(phone, `role-guidance-agreements-first-390-${lang}`);
      await phone.setViewportSize({ width: 360, height: 740 });
      await screenshot(phone, `role-guidance-agreements-first-360-${lang}`);
      await phone.context().close();
    }
  });

  it('stage 2: the beneficiary after accepting checks the items; the trustee waits for the family', async () => {
    await acceptAgreements(server.url, seeded.estateId, seeded.members.anna!.token);
    await (await expectHome(seeded.members.anna!, home('en', 'task.review', { count: '2' }), 'review-after-consent')).context().close();
    await (await expectHome(seeded.admin, home('en', 'lead.members.title'), 'trustee-2')).context().close();
  }, 60_000);

  it('stage 11: the offspring hearts as advice; the observer has nothing to do', async () => {
    await advanceTo(server.url, seeded, [10, 11]);
    await (await expectHome(seeded.members.kid!, home('en', 'task.advice'), 'offspring-11')).context().close();
    await (await expectHome(seeded.members.olive!, home('en', 'wait.title'), 'observer-11')).context().close();
    // Bea wants the chair; nobody wants the lamp (it becomes unwanted at step 14).
    await api(server.url, 'PUT', `/api/estates/${seeded.estateId}/items/${id.chair}/interest`, undefined, seeded.members.bea!.token);
  }, 60_000);

  it('stage 21: the trustee is asked to run the step', async () => {
    await advanceTo(server.url, seeded, [12, 13, 14]);
    await run(14);
    await advanceTo(server.url, seeded, [15]);
    await run(15);
    await advanceTo(server.url, seeded, [20, 21]);
    await (await expectHome(seeded.admin, home('en', 'lead.step.title', { stage: stageText('en', 21) }), 'trustee-21')).context().close();
  }, 60_000);

  it('stage 40: the appraiser appraises, the seller and the buyer record the sale', async () => {
    await run(21);
    await advanceTo(server.url, seeded, [30, 31]);
    await run(31);
    await advanceTo(server.url, seeded, [40]);
    await api(server.url, 'PUT', `/api/estates/${seeded.estateId}/items/${id.lamp}/disposition`, { disposition: 'sell' }, seeded.admin.token);
    await (await expectHome(seeded.members.appr!, home('en', 'task.appraise'), 'appraiser-40')).context().close();
    await (await expectHome(seeded.members.sam!, home('en', 'task.sale'), 'seller-40')).context().close();
    await (await expectHome(seeded.members.bob!, home('en', 'task.sale'), 'buyer-40')).context().close();
  }, 90_000);

  for (const lang of ['en', 'ar'] as const) {
    it(`axe finds nothing serious on the trustee's Home and control panel and on My items (${lang}, phone)`, async () => {
      const trustee = await openAs(browser, server.url, seeded.admin, 'phone', lang);
      for (const path of ['/i/', '/trustee/control']) {
        await trustee.goto(`${server.url}${path}`);
        await atRest(trustee);
        expect(await axeProblems(trustee), `axe on ${path} (${lang})`).toEqual([]);
        await screenshot(trustee, `role-guidance-axe-trustee${path.replaceAll('/', '-')}${lang}`);
      }
      await trustee.context().close();
      const bea = await openAs(browser, server.url, seeded.members.bea!, 'phone', lang);
      await bea.goto(`${server.url}/my-items`);
      await atRest(bea);
      expect(await axeProblems(bea), `axe on /my-items (${lang})`).toEqual([]);
      await screenshot(bea, `role-guidance-axe-my-items-${lang}`);
      await bea.context().close();
    }, 90_000);
  }
});
