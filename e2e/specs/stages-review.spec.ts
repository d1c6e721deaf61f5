/**
 * Issue 4's stage 2 in Chromium. Two beneficiaries review the catalogue on their phones: Anna (in
 * English) approves one item and flags another with a corrected name; Ben (in Arabic, right to
 * left) flags a third with a comment and a suggestion. A second trustee, Tariq, in Arabic, sees
 * each beneficiary's progress and the flags in the control panel. The trustee on a desktop accepts
 * Anna's correction (the item's name changes, in the API and on the page) and keeps Ben's item as
 * it is. Tariq, on his phone, sets the stage-2 deadline with "move on automatically"; the form
 * refuses a time in the past with the server's reason, and the server stores the good one. axe
 * finds no serious or critical problems on the review pages and the control panel.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { axeProblems, launchBrowser, screenshot } from '../support/browser.js';
import { startServer, type RunningServer } from '../support/server.js';
import { advanceTo, api, seedEstate, type SeededEstate } from '../support/seed.js';
import { ct, openAs, pt, stageText } from '../support/process.js';
import type { Lang } from '../support/texts.js';

let browser: Browser;
let server: RunningServer;
beforeAll(async () => {
  browser = await launchBrowser();
  // Everyone signs in from 127.0.0.1 here, several times a minute: more than the real limit allows.
  server = await startServer({ AUTH_RATE_LIMIT_PER_MINUTE: '100' });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function expectAccessible(page: Page, where: string) {
  expect(await axeProblems(page), `axe on ${where}`).toEqual([]);
}

/** One part of a page, whole, however long (the flags, the deadlines). */
async function shotOf(part: Locator, name: string) {
  if (process.env.E2E_SHOTS) await part.screenshot({ path: `${process.env.E2E_SHOTS}/${name}.png` });
}

const ITEMS = ['Silver Tea Set', 'Walnut Bookcse', 'Brass Mantel Clock'] as const;
type Name = (typeof ITEMS)[number];
type Approval = {
  itemId: string;
  status: string;
  comment: string;
  suggestion: Record<string, unknown> | null;
  resolution: string | null;
};
type Flag = { itemId: string; memberId: string; itemName: string; resolution: string | null };

describe('stage 2: beneficiaries review on phones, trustees resolve flags and set the deadline', () => {
  let seeded: SeededEstate;
  const id = {} as Record<Name, string>;
  const url = (path: string) => `/api/estates/${seeded.estateId}${path}`;
  const trusteeCall = <T>(method: string, path: string, body?: unknown) =>
    api<T>(server.url, method, url(path), body, seeded.trustee.token);
  const mine = async (who: 'anna' | 'ben') =>
    (
      await api<{ approvals: Approval[] }>(
        server.url,
        'GET',
        url('/approvals/mine'),
        undefined,
        seeded.members[who]!.token,
      )
    ).approvals;

  beforeAll(async () => {
    seeded = await seedEstate(server.url, { anna: [10], ben: [10], tariq: [30] });
    await advanceTo(server.url, seeded, [1]);
    for (const name of ITEMS) {
      id[name] = (
        await trusteeCall<{ item: { id: string } }>('POST', '/items', { name, categories: ['Furniture'] })
      ).item.id;
    }
    await advanceTo(server.url, seeded, [2]);
  });

  /** Opens an item from the list and waits for its review panel. */
  async function openItem(page: Page, lang: Lang, name: string) {
    await page.goto(`${server.url}/p/${seeded.estateId}/i`);
    await page
      .getByRole('link', { name: new RegExp(name) })
      .first()
      .click();
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await page.getByRole('heading', { name: ct(lang, 'review.title') }).waitFor();
  }

  it('Anna, on her phone in English, approves one item and flags another with a corrected name', async () => {
    const lang: Lang = 'en';
    const page = await openAs(browser, server.url, seeded.members.anna!, 'phone', lang);
    await page.goto(`${server.url}/p/${seeded.estateId}/i`);
    await page.getByText(ct(lang, 'review.bannerTitle')).waitFor();
    await page.getByText(ct(lang, 'review.progress', { done: 0, total: 3, flagged: 0 })).waitFor();
    await screenshot(page, 'stages-review-en-phone-list');
    await expectAccessible(page, 'item list in review (phone, en)');

    await openItem(page, lang, 'Silver Tea Set');
    await screenshot(page, 'stages-review-en-phone-item');
    await expectAccessible(page, 'item review (phone, en)');
    // One tap in the bar at the bottom ("Correct — next") approves and turns the page.
    await page.getByRole('button', { name: ct(lang, 'flow.correct') }).click();
    await page.getByRole('heading', { level: 1, name: 'Silver Tea Set' }).waitFor({ state: 'detached' });
    await openItem(page, lang, 'Silver Tea Set');
    await page.getByText(ct(lang, 'review.youApproved')).waitFor();

    await openItem(page, lang, 'Walnut Bookcse');
    await page.getByRole('button', { name: ct(lang, 'flow.wrong') }).click();
    await page.getByRole('textbox', { name: ct(lang, 'review.comment') }).fill('The name is misspelt.');
    await page.getByRole('textbox', { name: ct(lang, 'fields.name'), exact: true }).fill('Walnut Bookcase');
    await screenshot(page, 'stages-review-en-phone-flag');
    await expectAccessible(page, 'flag form (phone, en)');
    await page.getByRole('button', { name: ct(lang, 'review.sendFlag') }).click();
    await page.getByText(ct(lang, 'review.youFlagged')).waitFor();
    // The answer is in view again, and the item now waits for the trustee.
    await expect.poll(() => page.getByText(ct(lang, 'review.youFlagged')).isVisible()).toBe(true);
    await page.getByText(ct(lang, 'status.pending'), { exact: true }).waitFor();
    await screenshot(page, 'stages-review-en-phone-flagged');

    // Back on the list, the banner counts both.
    await page.goto(`${server.url}/p/${seeded.estateId}/i`);
    await page.getByText(ct(lang, 'review.progress', { done: 2, total: 3, flagged: 1 })).waitFor();
    const stored = (await mine('anna')).map((a) => [a.itemId, a.status, a.comment, a.suggestion]).sort();
    expect(stored).toEqual(
      [
        [id['Silver Tea Set'], 'approved', '', null],
        [id['Walnut Bookcse'], 'flagged', 'The name is misspelt.', { name: 'Walnut Bookcase' }],
      ].sort(),
    );
    await page.context().close();
  });

  it('Ben, on his phone in Arabic, flags an item with a comment and a suggested brand', async () => {
    const lang: Lang = 'ar';
    const page = await openAs(browser, server.url, seeded.members.ben!, 'phone', lang);
    await page.goto(`${server.url}/p/${seeded.estateId}/i`);
    await page.getByText(ct(lang, 'review.bannerTitle')).waitFor();
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await screenshot(page, 'stages-review-ar-phone-list');
    await expectAccessible(page, 'item list in review (phone, ar)');

    await openItem(page, lang, 'Brass Mantel Clock');
    await page.getByRole('button', { name: ct(lang, 'flow.wrong') }).click();
    await page.getByRole('textbox', { name: ct(lang, 'review.comment') }).fill('الصانع غير مذكور');
    await page.getByRole('textbox', { name: ct(lang, 'fields.brand'), exact: true }).fill('Seth Thomas');
    await screenshot(page, 'stages-review-ar-phone-flag');
    await expectAccessible(page, 'flag form (phone, ar)');
    await page.getByRole('button', { name: ct(lang, 'review.sendFlag') }).click();
    await page.getByText(ct(lang, 'review.youFlagged')).waitFor();
    await screenshot(page, 'stages-review-ar-phone-flagged');
    expect((await mine('ben')).map((a) => [a.itemId, a.status, a.comment, a.suggestion])).toEqual([
      [id['Brass Mantel Clock'], 'flagged', 'الصانع غير مذكور', { brand: 'Seth Thomas' }],
    ]);
    await page.context().close();
  });

  /**
   * The control panel's approvals, once it shows each beneficiary's progress after their review:
   * Anna approved one item and flagged one, Ben flagged one, of three.
   */
  let reviewFinished = false;
  async function openApprovals(page: Page, lang: Lang) {
    await page.goto(`${server.url}/trustee/control`);
    const approvals = page.getByRole('region', { name: pt(lang, 'approvals.title') });
    await approvals.waitFor();
    const progress = (who: string) => approvals.getByRole('listitem').filter({ hasText: `${who} Ellis` });
    // Once both have finished the review (below), everything they did not flag is approved.
    await progress('Anna')
      .getByText(pt(lang, 'approvals.progress', { approved: reviewFinished ? 2 : 1, flagged: 1, total: 3 }))
      .waitFor();
    await progress('Ben')
      .getByText(pt(lang, 'approvals.progress', { approved: reviewFinished ? 2 : 0, flagged: 1, total: 3 }))
      .waitFor();
    return approvals;
  }

  it('Tariq, a trustee in Arabic, sees each beneficiary’s progress and both flags (phone and desktop)', async () => {
    const lang: Lang = 'ar';
    // The phone comes last: there the beneficiaries finish the review, which changes the counts.
    for (const viewport of ['desktop', 'phone'] as const) {
      const page = await openAs(browser, server.url, seeded.members.tariq!, viewport, lang);
      const approvals = await openApprovals(page, lang);
      await expect.poll(() => approvals.getByTestId('flag').count()).toBe(2);
      await approvals.getByTestId('flag').filter({ hasText: 'Walnut Bookcase' }).waitFor();
      await approvals
        .getByTestId('flag')
        .filter({ hasText: 'Seth Thomas' })
        .getByText('الصانع غير مذكور')
        .waitFor();
      await screenshot(page, `stages-review-ar-${viewport}-control`);
      await shotOf(approvals, `stages-review-ar-${viewport}-control-approvals`);
      await shotOf(
        page.getByRole('region', { name: pt(lang, 'deadlines.title') }),
        `stages-review-ar-${viewport}-control-deadlines`,
      );
      await expectAccessible(page, `control panel in stage 2 (${viewport}, ar)`);
      if (viewport === 'phone') {
        // Until every beneficiary has finished the review, moving on is not offered, and says why.
        const moveOn = page.getByRole('button', { name: pt(lang, 'control.moveTo', { name: stageText(lang, 10) }) });
        await expect.poll(() => moveOn.isDisabled()).toBe(true);
        for (const who of ['anna', 'ben'] as const) {
          await fetch(`${server.url}/api/estates/${seeded.estateId}/approvals/approve-all`, {
            method: 'POST',
            headers: { authorization: `Bearer ${seeded.members[who]!.token}` },
          });
        }
        reviewFinished = true;
        await page.reload();
        await expect.poll(() => moveOn.isEnabled(), { timeout: 10_000 }).toBe(true);
        // Moving on with flags undecided is allowed, with a word of warning first.
        await page
          .getByRole('button', { name: pt(lang, 'control.moveTo', { name: stageText(lang, 10) }) })
          .click();
        const dialog = page.getByRole('dialog');
        await dialog.getByText(pt(lang, 'control.openFlags_two', { count: 2 })).waitFor();
        await screenshot(page, 'stages-review-ar-phone-move-warning');
        await dialog.getByRole('button', { name: pt(lang, 'common.cancel') }).click();
        await dialog.waitFor({ state: 'hidden' });
      }
      await page.context().close();
    }
  });

  it('the trustee, on a desktop in English, accepts Anna’s correction and keeps Ben’s item as it is', async () => {
    const lang: Lang = 'en';
    const page = await openAs(browser, server.url, seeded.trustee, 'desktop', lang);
    const approvals = await openApprovals(page, lang);

    const annaFlag = approvals.getByTestId('flag').filter({ hasText: 'Anna Ellis' });
    const benFlag = approvals.getByTestId('flag').filter({ hasText: 'Ben Ellis' });
    // What was suggested, next to what the item says now.
    await annaFlag.getByText('The name is misspelt.').waitFor();
    await annaFlag
      .getByText(pt(lang, 'approvals.change', { from: 'Walnut Bookcse', to: 'Walnut Bookcase' }))
      .waitFor();
    await benFlag.getByText(pt(lang, 'approvals.change', { from: '—', to: 'Seth Thomas' })).waitFor();
    await screenshot(page, 'stages-review-en-desktop-control');
    await shotOf(approvals, 'stages-review-en-desktop-control-approvals');
    await expectAccessible(page, 'control panel in stage 2 (desktop, en)');

    await annaFlag.getByRole('button', { name: pt(lang, 'approvals.accept') }).click();
    await annaFlag.getByText(pt(lang, 'approvals.resolution.accepted')).waitFor();
    await benFlag
      .getByRole('textbox', { name: pt(lang, 'approvals.note') })
      .fill('The maker’s mark is not readable.');
    await benFlag.getByRole('button', { name: pt(lang, 'approvals.reject') }).click();
    await benFlag.getByText(pt(lang, 'approvals.resolution.rejected')).waitFor();
    await shotOf(approvals, 'stages-review-en-desktop-control-resolved');

    // The correction is in the item; the kept item is unchanged.
    const item = async (name: Name) =>
      (
        await trusteeCall<{ item: { name: string; brand: string; status: string } }>(
          'GET',
          `/items/${id[name]}`,
        )
      ).item;
    expect((await item('Walnut Bookcse')).name).toBe('Walnut Bookcase');
    expect((await item('Brass Mantel Clock')).brand).toBe('');
    const { flags } = await trusteeCall<{ flags: Flag[] }>('GET', '/approvals/flags');
    expect(flags.map((f) => [f.itemId, f.memberId, f.resolution]).sort()).toEqual(
      [
        [id['Walnut Bookcse'], seeded.members.anna!.id, 'accepted'],
        [id['Brass Mantel Clock'], seeded.members.ben!.id, 'rejected'],
      ].sort(),
    );
    expect((await mine('anna')).find((a) => a.itemId === id['Walnut Bookcse'])?.resolution).toBe('accepted');
    // On the page: the flag now carries the new name, and so does the item.
    await annaFlag
      .getByText(/Walnut Bookcase/)
      .first()
      .waitFor();
    await page.goto(`${server.url}/p/${seeded.estateId}/i/${id['Walnut Bookcse']}`);
    await page.getByRole('heading', { level: 1, name: 'Walnut Bookcase' }).waitFor();

    // The same panel on the trustee's phone.
    const phone = await openAs(browser, server.url, seeded.trustee, 'phone', lang);
    await phone.goto(`${server.url}/trustee/control`);
    const onPhone = phone.getByRole('region', { name: pt(lang, 'approvals.title') });
    await onPhone.getByTestId('flag').first().waitFor();
    await screenshot(phone, 'stages-review-en-phone-control');
    await shotOf(onPhone, 'stages-review-en-phone-control-approvals');
    await expectAccessible(phone, 'control panel in stage 2 (phone, en)');
    await phone.context().close();
    await page.context().close();

    // Anna sees the new name, and that her correction was taken.
    const anna = await openAs(browser, server.url, seeded.members.anna!, 'phone', 'en');
    await openItem(anna, 'en', 'Walnut Bookcase');
    await anna.getByText(ct('en', 'review.resolvedAccepted')).waitFor();
    await screenshot(anna, 'stages-review-en-phone-accepted');
    await anna.context().close();
  });

  it('Tariq, on his phone in Arabic, sets the stage-2 deadline with "move on automatically"', async () => {
    const lang: Lang = 'ar';
    const page = await openAs(browser, server.url, seeded.members.tariq!, 'phone', lang);
    await page.goto(`${server.url}/trustee/control`);
    const row = page
      .getByRole('region', { name: pt(lang, 'deadlines.title') })
      .getByRole('group', { name: stageText(lang, 2) });
    await row.waitFor();
    await row.scrollIntoViewIfNeeded();
    const input = row.getByLabel(pt(lang, 'deadlines.dateTime'));
    const local = (date: Date) => {
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
    };

    // A time in the past is refused, and the form says why.
    await input.fill(local(new Date(Date.now() - 24 * 3600_000)));
    await row.getByRole('button', { name: pt(lang, 'common.save') }).click();
    await row.getByRole('alert').getByText(pt(lang, 'deadlines.inPast')).waitFor();
    await shotOf(row, 'stages-review-ar-phone-deadline-refused');
    expect((await trusteeCall<{ deadlines: unknown[] }>('GET', '/deadlines')).deadlines).toEqual([]);

    const due = new Date(Date.now() + 3 * 24 * 3600_000);
    due.setSeconds(0, 0);
    await input.fill(local(due));
    await row.getByLabel(pt(lang, 'deadlines.autoAdvance')).check();
    await row.getByRole('button', { name: pt(lang, 'common.save') }).click();
    await page.getByText(pt(lang, 'deadlines.saved')).waitFor();
    await expect
      .poll(async () => (await trusteeCall<{ deadlines: unknown[] }>('GET', '/deadlines')).deadlines)
      .toEqual([
        {
          stage: 2,
          name: expect.any(String) as string,
          dueAt: due.toISOString(),
          autoAdvance: true,
          passed: false,
        },
      ]);
    await row.getByRole('button', { name: pt(lang, 'deadlines.remove') }).waitFor();
    // "Due …, then the estate moves on by itself."
    const [, afterDate] = pt(lang, 'deadlines.dueAuto', { date: '|' }).split('|');
    await row.getByText(afterDate!.trim(), { exact: false }).waitFor();
    await shotOf(row, 'stages-review-ar-phone-deadline-saved');
    await expectAccessible(page, 'deadline form (phone, ar)');
    await page.context().close();
  });
});
