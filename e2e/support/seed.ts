/**
 * Test data through the real API, as people would create it: the first admin, an estate, and
 * members who registered from their invitations. Returns what the browser steps need.
 */
import type { Page } from 'playwright-core';
import { t, type Lang } from './texts.js';

export const PASSWORD = 'Quiet-Harbour-1947';

export type Person = { id: string; email: string; firstName: string; token: string };
export type SeededEstate = { estateId: string; admin: Person; trustee: Person; members: Record<string, Person> };

async function api<T>(baseUrl: string, method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

export { api };

async function login(baseUrl: string, email: string): Promise<{ token: string; id: string }> {
  const r = await api<{ accessToken: string; user: { id: string } }>(baseUrl, 'POST', '/api/auth/login', { email, password: PASSWORD });
  return { token: r.accessToken, id: r.user.id };
}

/**
 * Members are named by key, e.g. `{ anna: [10], ben: [10], carl: [4], olive: [1] }`; an entry
 * `{ kid: [2, 'anna'] }` makes an offspring who receives through anna.
 */
/**
 * A member accepts the estate's current Terms of Use and Agreement through the API, as they must
 * before they approve, heart, rank or place tokens (a spec of the reading itself uses the pages).
 */
export async function acceptAgreements(baseUrl: string, estateId: string, token: string): Promise<void> {
  const { agreements } = await api<{ agreements: { kind: string; version: number; acceptedAt?: string }[] }>(baseUrl, 'GET', `/api/estates/${estateId}/agreements`, undefined, token);
  for (const doc of agreements) {
    if (!doc.acceptedAt) await api(baseUrl, 'POST', `/api/estates/${estateId}/agreements/${doc.kind}/accept`, { version: doc.version }, token);
  }
}

export async function seedEstate(
  baseUrl: string,
  members: Record<string, (number | string)[]>,
  options: { estateName?: string; /** Members who have not read and accepted the documents yet. */ notAccepted?: string[] } = {},
): Promise<SeededEstate> {
  await api(baseUrl, 'POST', '/api/setup', { firstName: 'Ada', lastName: 'Admin', email: 'admin@example.com', password: PASSWORD });
  const adminLogin = await login(baseUrl, 'admin@example.com');
  const admin: Person = { ...adminLogin, email: 'admin@example.com', firstName: 'Ada' };
  const { estate } = await api<{ estate: { id: string } }>(baseUrl, 'POST', '/api/estates', { name: options.estateName ?? 'Estate of Rose Ellis' }, admin.token);
  const people: Record<string, Person> = {};
  // Parents first, so offspring can name them.
  const ordered = Object.entries(members).sort(([, a], [, b]) => Number(a.some((x) => typeof x === 'string')) - Number(b.some((x) => typeof x === 'string')));
  for (const [key, spec] of ordered) {
    const roles = spec.filter((x): x is number => typeof x === 'number');
    const parent = spec.find((x): x is string => typeof x === 'string');
    const email = `${key}@example.com`;
    const firstName = key.charAt(0).toUpperCase() + key.slice(1);
    const { invitation } = await api<{ invitation: { link: string } }>(
      baseUrl,
      'POST',
      `/api/estates/${estate.id}/invitations`,
      { email, roles, ...(parent ? { receivesThrough: people[parent]!.id } : {}) },
      admin.token,
    );
    const token = invitation.link.split('/invite/')[1]!;
    await api(baseUrl, 'POST', '/api/auth/register', { firstName, lastName: 'Ellis', email, password: PASSWORD, invitation: token });
    people[key] = { ...(await login(baseUrl, email)), email, firstName };
    // Beneficiaries (10) and offspring (2) accept the Terms and the Agreement, as they must before taking part.
    if ((roles.includes(10) || roles.includes(2)) && !options.notAccepted?.includes(key)) await acceptAgreements(baseUrl, estate.id, people[key].token);
  }
  return { estateId: estate.id, admin, trustee: admin, members: people };
}

/**
 * Moves the estate forward, one stage at a time, through `stages`. Leaving the review (2 → 10)
 * needs every beneficiary to have finished it, so they approve everything first.
 */
export async function advanceTo(baseUrl: string, seeded: SeededEstate, stages: number[]): Promise<void> {
  for (const to of stages) {
    if (to === 10) {
      for (const person of Object.values(seeded.members)) {
        // Members who are not beneficiaries are refused (403); only the beneficiaries' answers count.
        await fetch(`${baseUrl}/api/estates/${seeded.estateId}/approvals/approve-all`, {
          method: 'POST',
          headers: { authorization: `Bearer ${person.token}` },
        });
      }
    }
    await api(baseUrl, 'POST', `/api/estates/${seeded.estateId}/stage`, { to }, seeded.trustee.token);
  }
}

/** Signs in through the real sign-in page. */
export async function signInPage(page: Page, baseUrl: string, email: string, lang: Lang = 'en'): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel(t(lang, 'fields.email'), { exact: true }).fill(email);
  await page.getByLabel(t(lang, 'fields.password'), { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: t(lang, 'auth.login.submit') }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  // At rest: the first page's heading is drawn, so its code has come. (A test that records the
  // requests of its next page load must not see this one's still arriving.)
  await page.locator('main h1').first().waitFor({ timeout: 30_000 });
}
