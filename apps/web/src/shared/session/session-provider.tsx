import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Me } from '@estate/domain/schemas/account';
import type { LoginAnswer } from '@estate/domain/schemas/auth';
import type { SetupStatusAnswer } from '@estate/domain/schemas/setup';
import { api, getAccessToken, onSessionSignal, refreshAccessToken, setAccessToken, type RefreshResult } from '../api/client';
import { isApiError } from '../api/api-error';
import { i18n } from '../i18n/i18n';
import { notify } from '../ui/notify';
import { SessionContext, type Credentials, type SessionStatus, type SessionValue } from './session-context';
import { emitSessionCleared } from './session-events';
import { HAD_SESSION, LOCKED, flag, setFlag } from './session-flags';
import { forgetOfflineMe, keepOfflineMe, offlineMe } from '../offline/offline-session';

const fetchMe = () => api<Me>('/api/me');

let earlyRestore: Promise<RefreshResult> | null = null;

/**
 * Starts restoring the session at once (main.tsx calls it before the texts and the app have
 * loaded), if this browser had one; the provider then takes this answer instead of asking again.
 */
export function restoreEarly(): Promise<RefreshResult> | null {
  if (!flag(HAD_SESSION)) return null;
  earlyRestore ??= refreshAccessToken();
  return earlyRestore;
}

/**
 * The session: restores it from the refresh cookie on load, signs in and out, locks and unlocks,
 * and holds the signed-in person's /api/me (user, memberships, settings).
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  // Only a browser that had a session asks to restore it: a signed-out visitor's pages make no
  // refresh call (which could only answer 401 and put an error in the console).
  const [hadSession] = useState(() => flag(HAD_SESSION));
  const [status, setStatus] = useState<SessionStatus>(hadSession ? 'restoring' : 'guest');
  const [me, setMe] = useState<Me | null>(null);
  const [locked, setLocked] = useState<boolean>(() => hadSession && flag(LOCKED));
  const [needsSetup, setNeedsSetup] = useState<boolean | null>(null);

  const clear = useCallback(() => {
    setAccessToken(null);
    setFlag(HAD_SESSION, false);
    setFlag(LOCKED, false);
    setLocked(false);
    setMe(null);
    setStatus('guest');
    forgetOfflineMe();
    emitSessionCleared();
  }, []);

  // First run? (No account yet.) A server without this endpoint counts as set up. A restored
  // session answers it already (someone has an account), so only a guest asks.
  const guest = status === 'guest';
  useEffect(() => {
    if (!guest) return;
    let live = true;
    api<SetupStatusAnswer>('/api/setup', { auth: false })
      .then((answer) => live && setNeedsSetup(answer?.needsSetup === true))
      .catch(() => live && setNeedsSetup(false));
    return () => {
      live = false;
    };
  }, [guest]);

  // Restore the session on page load from the refresh cookie (seed: "at start a stored token is checked").
  useEffect(() => {
    let cancelled = false;
    if (!hadSession) return;
    void (async () => {
      const pending = earlyRestore ?? refreshAccessToken();
      earlyRestore = null;
      const refreshed = await pending;
      if (cancelled) return;
      // No network (a house with no signal): open with who was signed in here, and check again once online.
      const kept = !refreshed.ok && refreshed.reason === 'network' ? offlineMe() : null;
      if (kept) {
        setMe(kept);
        setNeedsSetup(false);
        setStatus('signed-in');
        return;
      }
      if (!refreshed.ok) {
        if (refreshed.reason === 'denied' && flag(HAD_SESSION))
          notify(i18n.t('session.accessExpired'), 'warning');
        if (refreshed.reason === 'network' && flag(HAD_SESSION)) notify(i18n.t('errors.network'), 'error');
        setFlag(HAD_SESSION, false);
        setFlag(LOCKED, false);
        setLocked(false);
        setStatus('guest');
        return;
      }
      try {
        // The refresh answer carries the /api/me body; ask separately only if a server did not send it.
        const fresh = refreshed.me ?? (await fetchMe());
        if (cancelled) return;
        setMe(fresh);
        keepOfflineMe(fresh);
        setFlag(HAD_SESSION, true);
        setNeedsSetup(false);
        setStatus('signed-in');
      } catch {
        if (cancelled) return;
        notify(i18n.t('session.tokenLoginFailed'), 'error');
        clear();
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [clear, hadSession]);

  // Started offline (no token yet): when the connection returns, the session is checked again.
  const signedIn = status === 'signed-in';
  useEffect(() => {
    if (!signedIn) return;
    const recheck = () => {
      if (getAccessToken()) return;
      void refreshAccessToken().then((refreshed) => {
        if (refreshed.ok && refreshed.me) setMe(refreshed.me);
        else if (!refreshed.ok && refreshed.reason === 'denied') clear();
      });
    };
    window.addEventListener('online', recheck);
    return () => window.removeEventListener('online', recheck);
  }, [signedIn, clear]);

  // The API client tells us when the server stops accepting the session.
  useEffect(
    () =>
      onSessionSignal((kind) => {
        clear();
        if (kind === 'invalid') notify(i18n.t('session.invalidAccess'), 'error');
        else notify(i18n.t('session.accessExpired'), 'warning');
      }),
    [clear],
  );

  /** Starts the session from a sign-in answer (password or link). */
  const begin = useCallback(async (answer: LoginAnswer): Promise<Me> => {
    setAccessToken(answer.accessToken);
    const fresh = await fetchMe();
    setMe(fresh);
    keepOfflineMe(fresh);
    setFlag(HAD_SESSION, true);
    setFlag(LOCKED, false);
    setLocked(false);
    setStatus('signed-in');
    return fresh;
  }, []);

  const signIn = useCallback(
    async ({ email, password }: Credentials): Promise<Me> =>
      begin(
        await api<LoginAnswer>('/api/auth/login', {
          method: 'POST',
          body: { email, password },
          auth: false,
          quiet401: true,
        }),
      ),
    [begin],
  );

  const signInWithLink = useCallback(
    async (token: string): Promise<Me> =>
      begin(
        await api<LoginAnswer>('/api/auth/sign-in-link/consume', {
          method: 'POST',
          body: { token },
          auth: false,
          quiet401: true,
        }),
      ),
    [begin],
  );

  const signOut = useCallback(async () => {
    try {
      await api<void>('/api/auth/logout', { method: 'POST', quiet401: true });
    } catch (error) {
      // Signing out locally is what matters; the server forgets the refresh token on its side.
      if (!isApiError(error)) throw error;
    } finally {
      clear();
    }
  }, [clear]);

  const lock = useCallback(() => {
    setFlag(LOCKED, true);
    setLocked(true);
    // Cached estate data goes; only who is signed in stays (for the lock screen's name).
    emitSessionCleared();
  }, []);

  const email = me?.user.email ?? null;
  const unlock = useCallback(
    async (password: string) => {
      if (!email) throw new Error('No signed-in user to unlock');
      await signIn({ email, password });
    },
    [email, signIn],
  );

  const reloadMe = useCallback(async () => {
    const fresh = await fetchMe();
    setMe(fresh);
    return fresh;
  }, []);

  const updateMe = useCallback((change: (me: Me) => Me) => {
    setMe((old) => (old ? change(old) : old));
  }, []);

  const setupDone = useCallback(() => setNeedsSetup(false), []);

  const value = useMemo<SessionValue>(
    () => ({
      status: status === 'restoring' || needsSetup === null ? 'restoring' : status,
      me: status === 'signed-in' ? me : null,
      locked: status === 'signed-in' && locked,
      needsSetup: needsSetup === true,
      signIn,
      signInWithLink,
      signOut,
      lock,
      unlock,
      setupDone,
      reloadMe,
      updateMe,
    }),
    [status, me, locked, needsSetup, signIn, signInWithLink, signOut, lock, unlock, setupDone, reloadMe, updateMe],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
