/** Debian's Chromium driven by playwright-core; phone and desktop viewports. */
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';

export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1440, height: 900 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export async function newContext(browser: Browser, viewport: ViewportName, locale = 'en'): Promise<BrowserContext> {
  return browser.newContext({
    viewport: VIEWPORTS[viewport],
    locale,
    isMobile: viewport === 'phone',
    hasTouch: viewport === 'phone',
  });
}

/** Waits until every transition and animation that ends has ended (spinners run forever: not those). */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/**
 * Serious or critical accessibility violations on the current page (empty when all is well). A
 * message fading in has, half-way, too little contrast, and one can start appearing while axe
 * runs: the page is checked as it comes to rest, and a problem counts only if it is still there
 * when checked again.
 */
export async function axeProblems(page: Page): Promise<string[]> {
  let problems: string[] = [];
  for (let attempt = 0; attempt < 3; attempt++) {
    await settled(page);
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
    problems = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`);
    if (problems.length === 0) return problems;
  }
  return problems;
}

export async function screenshot(page: Page, name: string): Promise<void> {
  if (!process.env.E2E_SHOTS) return;
  await page.screenshot({ path: `${process.env.E2E_SHOTS}/${name}.png`, fullPage: false });
}

/**
 * Console errors and refused requests of a page, from now on: a page that knows the stage and the
 * person's roles asks nothing that is answered 401 or 409, calls no `/items/` with an empty id, and
 * meets no 5xx.
 */
export function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (/\/items\/(\?|$)/.test(url.pathname + url.search)) problems.push(`empty item id: ${url.pathname}`);
    if ([401, 409].includes(response.status()) || response.status() >= 500) problems.push(`${response.status()} ${response.request().method()} ${url.pathname}`);
  });
  return problems;
}

/**
 * Waits until the page has come to rest: `main` is there and none of its loaders (a page's
 * loading ring, an indeterminate progress bar, skeletons) is left. Not "network idle": the event
 * stream stays open.
 */
export async function atRest(page: Page, timeout = 20_000): Promise<void> {
  await page.locator('main').first().waitFor({ timeout });
  await page.waitForFunction(
    () => !document.querySelector('main [data-loading], main [role="progressbar"]:not([aria-valuenow]), main .MuiSkeleton-root'),
    undefined,
    { timeout },
  );
  await settled(page);
}
