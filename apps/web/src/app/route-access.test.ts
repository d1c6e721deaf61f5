import { describe, expect, it } from 'vitest';
import { decideRoute, type GuardDecision, type GuardState } from './route-access';
import { findRoute } from './route-table';
import type { StageCode } from '@estate/domain/stages';
import { can } from '@estate/domain/permissions';

const guest: GuardState = { signedIn: false, roles: [], locked: false, needsSetup: false, redirectUrl: null };
/** Signed in, in an estate at stage 11 unless `stage` says otherwise, with the policy at hand. */
const signedIn = (roles: number[], extra: Partial<GuardState> = {}, stage: StageCode = 11): GuardState => ({
  signedIn: true,
  roles: [0, ...roles],
  allows: (action) => can(action, { roles, stage }),
  accountStatus: 'active',
  loginStatus: 'ok',
  locked: false,
  needsSetup: false,
  redirectUrl: null,
  ...extra,
});

const allow: GuardDecision = { action: 'allow' };

/** Route guard, seed section 2: [case, path (with query), who, expected decision]. */
const CASES: [string, string, GuardState, GuardDecision][] = [
  [
    'guest on a trustee page goes to /login, remembering the path',
    '/trustee/analytics',
    guest,
    { action: 'redirect', to: '/login', remember: '/trustee/analytics' },
  ],
  [
    'guest on an estate page keeps the query in the redirect URL',
    '/members?tab=all',
    guest,
    { action: 'redirect', to: '/login', remember: '/members?tab=all' },
  ],
  ['guest may open /login', '/login', guest, allow],
  ['guest may open /register', '/register', guest, allow],
  ['guest may open /callback', '/callback', guest, allow],
  ['guest may open an invitation', '/invite/abc', guest, allow],
  ['guest may open the error pages', '/pages/errors/error-404', guest, allow],
  ['guest may open forgot password', '/pages/auth/forgot-password', guest, allow],
  [
    'signed-in person on /login goes home',
    '/login',
    signedIn([10]),
    { action: 'redirect', to: '/', remember: null },
  ],
  [
    'signed-in person on /login goes to the stored redirect URL',
    '/login',
    signedIn([10], { redirectUrl: '/members' }),
    { action: 'redirect', to: '/members', remember: null },
  ],
  [
    'signed-in person on /callback goes home',
    '/callback',
    signedIn([10]),
    { action: 'redirect', to: '/', remember: null },
  ],
  [
    'beneficiary lacking trustee role goes home',
    '/trustee/control',
    signedIn([10]),
    { action: 'redirect', to: '/', remember: null },
  ],
  [
    'beneficiary lacking a role goes to the stored redirect URL',
    '/trustee/control',
    signedIn([10], { redirectUrl: '/members' }),
    { action: 'redirect', to: '/members', remember: null },
  ],
  [
    'a stored redirect URL equal to the refused path is not followed',
    '/trustee/control',
    signedIn([10], { redirectUrl: '/trustee/control' }),
    { action: 'redirect', to: '/', remember: null },
  ],
  ['trustee may open the control panel', '/trustee/control', signedIn([30]), allow],
  ['estate owner has trustee rights', '/trustee/users/all', signedIn([40]), allow],
  ['the administrator opens no trustee page (the flag is no trustee role)', '/trustee/analytics', signedIn([99]), { action: 'redirect', to: '/', remember: null }],
  ['admin may open the admin pages', '/admin/users', signedIn([99]), allow],
  [
    'trustee may not open the admin pages',
    '/admin/outbox',
    signedIn([30]),
    { action: 'redirect', to: '/', remember: null },
  ],
  ['beneficiary may open reports once results are published', '/reports', signedIn([10], {}, 40), allow],
  [
    'beneficiary may not open reports before results are published (report.view)',
    '/reports',
    signedIn([10]),
    { action: 'redirect', to: '/', remember: null },
  ],
  ['observer may open reports', '/reports/e1', signedIn([1]), allow],
  ['beneficiary may open My items', '/my-items', signedIn([10]), allow],
  ['offspring may open My items', '/my-items?tab=hearted', signedIn([2]), allow],
  [
    'a trustee without the beneficiary role is not sent to My items (participation.view)',
    '/my-items',
    signedIn([30]),
    { action: 'redirect', to: '/', remember: null },
  ],
  [
    'without an estate, My items is not open',
    '/my-items',
    signedIn([], { allows: () => false }),
    { action: 'redirect', to: '/', remember: null },
  ],
  [
    'before the policy is loaded (the sign-in page does without it), an action route is checked as signed in only',
    '/my-items',
    signedIn([30], { allows: undefined }),
    allow,
  ],
  [
    'offspring may not open reports',
    '/reports',
    signedIn([2]),
    { action: 'redirect', to: '/', remember: null },
  ],
  ['a person without an estate may open the item list', '/i/', signedIn([]), allow],
  [
    'pending profile goes to /profile/edit',
    '/i/',
    signedIn([10], { accountStatus: 'pending-profile' }),
    { action: 'redirect', to: '/profile/edit' },
  ],
  [
    'pending profile may stay on /profile/edit',
    '/profile/edit',
    signedIn([10], { accountStatus: 'pending-profile' }),
    allow,
  ],
  [
    'forced reset goes to /profile/reset',
    '/members',
    signedIn([10], { loginStatus: 'forced-reset' }),
    { action: 'redirect', to: '/profile/reset' },
  ],
  [
    'forced reset may stay on /profile/reset',
    '/profile/reset',
    signedIn([10], { loginStatus: 'forced-reset' }),
    allow,
  ],
  ['forced reset may still sign out', '/logout', signedIn([10], { loginStatus: 'forced-reset' }), allow],
  [
    'idle lock sends every page to the lock screen',
    '/members',
    signedIn([10], { locked: true }),
    { action: 'redirect', to: '/pages/auth/lock', remember: '/members' },
  ],
  [
    'idle lock allows the lock screen',
    '/pages/auth/lock',
    signedIn([10], { locked: true, accountStatus: 'pending-profile' }),
    allow,
  ],
  [
    'guest on the lock screen goes to /login',
    '/pages/auth/lock',
    guest,
    { action: 'redirect', to: '/login', remember: '/pages/auth/lock' },
  ],
  [
    'first run sends everything to /setup',
    '/login',
    { ...guest, needsSetup: true },
    { action: 'redirect', to: '/setup' },
  ],
  ['first run allows /setup', '/setup', { ...guest, needsSetup: true }, allow],
  ['after set-up, /setup goes to /login', '/setup', guest, { action: 'redirect', to: '/login' }],
  ['after set-up, /setup goes home when signed in', '/setup', signedIn([]), { action: 'redirect', to: '/' }],
];

describe('route guard', () => {
  it.each(CASES)('%s', (_name, url, state, expected) => {
    const [pathname = '', query] = url.split('?');
    const found = findRoute(pathname);
    expect(found, `no route for ${pathname}`).not.toBeNull();
    expect(decideRoute(pathname, query ? `?${query}` : '', found!.spec.auth, state)).toEqual(expected);
  });

  it.each(['/nothing-here', '/pages/unknown', '/trustee/users/all/extra/deep'])(
    'has no route for %s (→ error-404)',
    (path) => {
      expect(findRoute(path)).toBeNull();
    },
  );

  it.each([
    ['/', '/i/'],
    ['/pages/pricing/style-1', '/pages/errors/error-404'],
    ['/pages/invoices/modern', '/reports/'],
    ['/pages/knowledge-base', '/faq'],
    ['/pages/search/classic', '/i/'],
    ['/pages/coming-soon', '/'],
    ['/ui/icons', '/pages/errors/error-404'],
    ['/pages/auth/login-2', '/login'],
    ['/todo', '/todo/all'],
    ['/trustee/users', '/trustee/users/all'],
    ['/help', '/help/courses'],
    ['/apps/contacts', '/members'],
  ])('redirects %s to %s', (from, to) => {
    const spec = findRoute(from)?.spec;
    expect(spec && 'redirect' in spec ? spec.redirect : null).toBe(to);
  });

  it('builds location redirects from the path', () => {
    const found = findRoute('/p/e1/l/l2/r/r3');
    const spec = found?.spec;
    expect(
      spec && 'redirect' in spec && typeof spec.redirect === 'function' ? spec.redirect(found.params) : null,
    ).toBe('/p/e1/l/l2/r/r3/i');
  });
});
