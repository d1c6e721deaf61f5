import { Suspense, lazy, useEffect } from 'react';
import {
  Navigate,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  type Params,
} from 'react-router';
import { useTranslation } from '../shared/i18n/use-translation';
import { effectiveRoles } from '../shared/session/current-estate';
import { getRedirectUrl, setRedirectUrl } from '../shared/session/redirect-url';
import { useSession, type SessionValue } from '../shared/session/session-context';
import { FullPageLoader } from '../shared/ui/full-page-loader';
import { ErrorBoundary } from './error-boundary';
import { NOT_FOUND_PATH, decideRoute, type GuardState } from './route-access';
import {
  EARLY_READS,
  PAGES,
  ROUTES,
  findRoute,
  preloadPage,
  type PageKey,
  type RouteSpec,
} from './route-table';
import { prefetch, type RefreshResult } from '../shared/api/client';
import { HAD_SESSION, flag } from '../shared/session/session-flags';

const loadShell = () => import('./layout/app-shell');

/**
 * On a page load with a session to restore (main.tsx, before the texts and the app): the page's
 * code (and the shell's) starts downloading now, and once the session is back, the page's first
 * reads start too, so that they are under way while the code arrives.
 * Finding the route and asking for each file (a link per file) cost a slow phone tens of
 * milliseconds; each step runs in a task of its own so that the phone can answer a touch in
 * between (ADR 0026).
 */
export function startPageEarly(pathname: string, search: string, restoring: Promise<RefreshResult>): void {
  setTimeout(() => {
    const found = findRoute(pathname);
    const spec = found?.spec;
    if (!found || !spec || spec.frame !== 'shell' || !('page' in spec)) return;
    void loadShell().catch(() => undefined);
    setTimeout(() => startPage(spec.page, found.params, search, restoring), 0);
  }, 0);
}

function startPage(page: PageKey, params: Params, search: string, restoring: Promise<RefreshResult>) {
  preloadPage(page);
  const early = EARLY_READS[page];
  if (!early) return;
  void restoring.then((restored) => {
    const pid = params.pid;
    if (!restored.ok || !restored.me || (pid && !restored.me.memberships.some((m) => m.estateId === pid)))
      return;
    const reads = early(params, search);
    if (!reads) return;
    prefetch(reads.paths, reads.photos);
  });
}
const AppShell = lazy(async () => ({ default: (await loadShell()).AppShell }));

export function guardState(session: SessionValue, allows?: GuardState['allows']): GuardState {
  const me = session.me;
  return {
    signedIn: session.status === 'signed-in' && me !== null,
    roles: effectiveRoles(me),
    allows,
    accountStatus: me?.user.accountStatus,
    loginStatus: me?.user.loginStatus,
    locked: session.locked,
    needsSetup: session.needsSetup,
    redirectUrl: getRedirectUrl(),
  };
}

export function GuardRedirect({ to, remember }: { to: string; remember?: string | null }) {
  const navigate = useNavigate();
  useEffect(() => {
    if (remember !== undefined) setRedirectUrl(remember);
    void navigate(to, { replace: true });
  }, [to, remember, navigate]);
  return <FullPageLoader />;
}

function SpecRedirect({ to }: { to: string | ((params: Record<string, string | undefined>) => string) }) {
  const params = useParams();
  const { search } = useLocation();
  const target = typeof to === 'function' ? to(params) : to;
  return <Navigate to={`${target}${search}`} replace />;
}

function BareFrame() {
  return (
    <Suspense fallback={<FullPageLoader />}>
      <Outlet />
    </Suspense>
  );
}

function ShellFrame() {
  return (
    <Suspense fallback={<FullPageLoader />}>
      <AppShell />
    </Suspense>
  );
}

function element(spec: RouteSpec) {
  if ('redirect' in spec) return <SpecRedirect to={spec.redirect} />;
  const Page = PAGES[spec.page];
  return <Page {...(spec.titleKey ? { titleKey: spec.titleKey } : {})} />;
}

/**
 * Every route, behind the guard. The guard decides before anything of the page (or the shell) is
 * loaded, so a guest sent to /login never downloads the shell.
 */
export function AppRoutes() {
  const { t } = useTranslation();
  const session = useSession();
  const location = useLocation();
  const found = findRoute(location.pathname);
  const restoring = session.status === 'restoring';
  const spec = found?.spec;

  // Someone coming back to a page of the app: fetch its code while the session is being restored,
  // instead of after (on a slow phone connection that is a second or more).
  useEffect(() => {
    if (!restoring || !spec || spec.frame !== 'shell' || !('page' in spec) || !flag(HAD_SESSION)) return;
    void loadShell().catch(() => undefined);
    preloadPage(spec.page);
  }, [restoring, spec]);

  if (!found) return <Navigate to={NOT_FOUND_PATH} replace />;
  if (session.status === 'restoring') return <FullPageLoader mark label={t('session.restoring')} />;

  const decision = decideRoute(location.pathname, location.search, found.spec.auth, guardState(session));
  if (decision.action === 'redirect') return <GuardRedirect to={decision.to} remember={decision.remember} />;

  return (
    <ErrorBoundary resetKey={location.pathname}>
      <Routes>
        <Route element={<BareFrame />}>
          {ROUTES.filter((spec) => spec.frame === 'bare').map((spec) => (
            <Route key={spec.path} path={spec.path} element={element(spec)} />
          ))}
        </Route>
        <Route element={<ShellFrame />}>
          {ROUTES.filter((spec) => spec.frame === 'shell').map((spec) => (
            <Route key={spec.path} path={spec.path} element={element(spec)} />
          ))}
        </Route>
        <Route path="*" element={<Navigate to={NOT_FOUND_PATH} replace />} />
      </Routes>
    </ErrorBoundary>
  );
}
