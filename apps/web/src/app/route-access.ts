/**
 * The route guard's rules (seed section 2), as a pure function so they can be tested as a table:
 * - a route needing a role the user lacks: signed in → the stored redirect URL or home;
 *   not signed in → /login, remembering the attempted path as the redirect URL;
 * - account status 'pending-profile' → /profile/edit; login status 'forced-reset' → /profile/reset;
 * - guest-only routes (login, register, callback) send signed-in people to the redirect URL or home;
 * - while no account exists, everything leads to the first-run screen; an idle-locked session
 *   leads to the lock screen.
 */
import type { Action } from '@estate/domain/permissions';
import { hasAccess, type AccessList } from '@estate/domain/roles';

export type RouteAuth =
  | { kind: 'public' }
  | { kind: 'guest' }
  | { kind: 'setup' }
  | { kind: 'roles'; lists: readonly AccessList[] }
  /** The page of an estate action: open to whom the policy allows it now (role and stage). */
  | { kind: 'action'; action: Action };

export const PUBLIC: RouteAuth = { kind: 'public' };
export const GUEST_ONLY: RouteAuth = { kind: 'guest' };
export const SETUP: RouteAuth = { kind: 'setup' };
export const SIGNED_IN: RouteAuth = { kind: 'roles', lists: ['member'] };
export const TRUSTEE: RouteAuth = { kind: 'roles', lists: ['trustee'] };
export const ADMIN: RouteAuth = { kind: 'roles', lists: ['admin'] };
/** A page for whoever the policy lets do `action` in the current estate now. */
export const ALLOWED = (action: Action): RouteAuth => ({ kind: 'action', action });

export const LOGIN_PATH = '/login';
export const HOME_PATH = '/';
export const LOCK_PATH = '/pages/auth/lock';
export const SETUP_PATH = '/setup';
export const PROFILE_EDIT_PATH = '/profile/edit';
export const PROFILE_RESET_PATH = '/profile/reset';
export const LOGOUT_PATH = '/logout';
export const NOT_FOUND_PATH = '/pages/errors/error-404';

export type GuardState = {
  signedIn: boolean;
  roles: readonly number[];
  /**
   * The policy's answer in the current estate now, for `action` routes. The policy is not part of
   * the sign-in page's code: until the shell has it (undefined here), an action route is checked
   * as "signed in" only, and the shell asks again with it before showing the page.
   */
  allows?: (action: Action) => boolean;
  accountStatus?: 'active' | 'pending-profile' | 'disabled';
  loginStatus?: 'ok' | 'forced-reset';
  locked: boolean;
  needsSetup: boolean;
  redirectUrl: string | null;
};

export type GuardDecision =
  | { action: 'allow' }
  /** `remember`: a path to store as the redirect URL; null clears it; undefined leaves it. */
  | { action: 'redirect'; to: string; remember?: string | null };

function trim(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

export function decideRoute(
  pathname: string,
  search: string,
  auth: RouteAuth,
  state: GuardState,
): GuardDecision {
  const path = trim(pathname);
  const attempted = `${pathname}${search}`;

  if (state.needsSetup) {
    return auth.kind === 'setup' || auth.kind === 'public'
      ? { action: 'allow' }
      : { action: 'redirect', to: SETUP_PATH };
  }
  if (auth.kind === 'setup') return { action: 'redirect', to: state.signedIn ? HOME_PATH : LOGIN_PATH };
  if (auth.kind === 'public') return { action: 'allow' };

  if (state.signedIn && state.locked) {
    return path === LOCK_PATH
      ? { action: 'allow' }
      : { action: 'redirect', to: LOCK_PATH, remember: attempted };
  }

  if (auth.kind === 'guest') {
    if (!state.signedIn) return { action: 'allow' };
    return { action: 'redirect', to: state.redirectUrl ?? HOME_PATH, remember: null };
  }

  if (!state.signedIn) return { action: 'redirect', to: LOGIN_PATH, remember: attempted };

  if (state.accountStatus === 'pending-profile' && path !== PROFILE_EDIT_PATH) {
    return { action: 'redirect', to: PROFILE_EDIT_PATH };
  }
  if (state.loginStatus === 'forced-reset' && path !== PROFILE_RESET_PATH) {
    return { action: 'redirect', to: PROFILE_RESET_PATH };
  }

  const allowed =
    auth.kind === 'action'
      ? (state.allows?.(auth.action) ?? true)
      : auth.lists.some((list) => hasAccess(state.roles, list));
  if (!allowed) {
    const back =
      state.redirectUrl && trim(state.redirectUrl.split('?')[0] ?? '') !== path
        ? state.redirectUrl
        : HOME_PATH;
    return { action: 'redirect', to: back, remember: null };
  }
  return { action: 'allow' };
}
