import { Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { QueryProvider } from '../../shared/api/query-client';
import { watchFirstContent } from '../../shared/api/first-content';
import { useSession } from '../../shared/session/session-context';
import { actorOf, policyFor } from '../../shared/session/actor';
import { currentMembership } from '../../shared/session/current-estate';
import { useSettings } from '../../shared/settings/settings-context';
import { RegionTheme } from '../../shared/theme/theme-provider';
import { LAYOUT3_BOXED_WIDTH } from '../../shared/theme/layout-constants';
import { FullPageLoader } from '../../shared/ui/full-page-loader';
import { offerOf } from '../../shared/ui/offer';
import { useTranslation } from '../../shared/i18n/use-translation';
import { lazyNamed } from '../../shared/ui/lazy-named';
import { useAsk } from '../../shared/chat/ask-about';
import { EventStream } from '../event-stream';
import { GuardRedirect, guardState } from '../app-routes';
import { decideRoute, type GuardDecision } from '../route-access';
import { findRoute } from '../route-table';
import { IdleLock } from '../idle-lock';
import { Footer } from './footer';
import { LayoutContext, type LayoutValue, type PanelName } from './layout-context';
import { Navbar } from './navbar';
import { NotOpenNow } from './not-open-now';
import { SupportVisitBanner } from '../../features/admin/components/support-visit-banner';
import { OfflineStatus } from '../../shared/offline/offline-status';
import { useNavigation } from './navigation/use-navigation';
import { SkipLink } from './skip-link';
import { Toolbar } from './toolbar/toolbar';

// Loaded when first needed, so pages open quickly.
const HorizontalNavigation = lazyNamed(
  () => import('./navigation/horizontal-navigation'),
  'HorizontalNavigation',
);
const ChatPanel = lazyNamed(() => import('./panels/chat-panel'), 'ChatPanel');
const QuickPanel = lazyNamed(() => import('./panels/quick-panel'), 'QuickPanel');
const SettingsPanel = lazyNamed(() => import('./panels/settings-panel'), 'SettingsPanel');

/**
 * The guard's second look, with the policy (loaded with the shell, not with the sign-in page): a
 * page of an estate action (My items, Reports) opens only for whom the policy allows it now. A
 * page the person's roles never open sends them on (`redirect`); one that is theirs at another
 * stage says so where it stands (`notOpen`: when it opens, or until when it was open).
 */
function usePolicyGuard(): { redirect: GuardDecision & { action: 'redirect' } } | { notOpen: string; stage: number } | null {
  const { pathname, search } = useLocation();
  const session = useSession();
  const { t } = useTranslation();
  const found = findRoute(pathname);
  if (found?.spec.auth.kind !== 'action') return null;
  const policy = policyFor(actorOf(session.me, currentMembership(session.me)));
  const decision = decideRoute(pathname, search, found.spec.auth, guardState(session, policy.can));
  if (decision.action !== 'redirect') return null;
  const stage = policy.actor?.stage ?? 0;
  const offer = offerOf(policy.decide(found.spec.auth.action), stage, t);
  return offer.shown && offer.refusal ? { notOpen: offer.refusal, stage } : { redirect: decision };
}

function Main() {
  const { pathname } = useLocation();
  const { t } = useTranslation();
  const refused = usePolicyGuard();
  if (refused && 'redirect' in refused) return <GuardRedirect to={refused.redirect.to} remember={refused.redirect.remember} />;
  return (
    <Box component="main" id="main-content" tabIndex={-1} sx={{ flexGrow: 1, outline: 'none', minWidth: 0 }}>
      <SupportVisitBanner />
      <OfflineStatus />
      {refused ? (
        <>
          <NotOpenNow reason={refused.notOpen} stageName={t(`stages:stage.${refused.stage}.name`)} />
          <FirstContentWatch />
        </>
      ) : (
        <Suspense key={pathname} fallback={<FullPageLoader />}>
          <Outlet />
          <FirstContentWatch />
        </Suspense>
      )}
    </Box>
  );
}

/** Inside the page's Suspense: it starts watching once the page's code has arrived and mounted. */
function FirstContentWatch() {
  const queryClient = useQueryClient();
  useEffect(() => watchFirstContent(queryClient), [queryClient]);
  return null;
}

function HorizontalBar() {
  const { items } = useNavigation();
  return (
    <RegionTheme region="navbar">
      <Paper square elevation={0} sx={{ px: 2, borderBottom: 1, borderColor: 'divider' }}>
        <Suspense fallback={<Box sx={{ height: 48 }} />}>
          <HorizontalNavigation items={items} />
        </Suspense>
      </Paper>
    </RegionTheme>
  );
}

function Column({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh', flexGrow: 1, minWidth: 0 }}>
      {children}
    </Box>
  );
}

/**
 * The app shell (seed "Layout"): layout1 = vertical navbar beside the page, layout2 = navigation
 * across the top, layout3 = like layout2 in a 1120 px box. Below the lg breakpoint the navigation
 * is a drawer opened from the toolbar.
 */
export function AppShell() {
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true });
  const { settings } = useSettings();
  const { status } = useSession();
  const [mobileNavOpen, setMobileNavOpen] = useState(false);
  const [panel, setPanel] = useState<PanelName | null>(null);
  // "Ask about this item" (any page) opens the Team Chat with the item attached.
  const asks = useAsk().n;
  const [seenAsks, setSeenAsks] = useState(asks);
  if (asks !== seenAsks) {
    setSeenAsks(asks);
    setPanel('chat');
  }
  const layout: LayoutValue = useMemo(
    () => ({ mobileNavOpen, setMobileNavOpen, panel, openPanel: setPanel, closePanel: () => setPanel(null) }),
    [mobileNavOpen, panel],
  );
  const style = settings.layoutStyle;

  let body: ReactNode;
  if (style === 'layout1') {
    body = (
      <Box sx={{ display: 'flex', minHeight: '100vh' }}>
        {desktop && <Navbar desktop />}
        <Column>
          <Toolbar showMenuButton={!desktop} showLogo={!desktop} />
          <Main />
          <Footer />
        </Column>
      </Box>
    );
  } else {
    const column = (
      <Column>
        <Toolbar showMenuButton={!desktop} showLogo />
        {desktop && <HorizontalBar />}
        <Main />
        <Footer />
      </Column>
    );
    body =
      style === 'layout3' ? (
        <Box sx={{ bgcolor: 'action.hover', minHeight: '100vh' }}>
          <Box
            sx={{
              maxWidth: LAYOUT3_BOXED_WIDTH,
              mx: 'auto',
              bgcolor: 'background.default',
              boxShadow: { lg: 3 },
              display: 'flex',
            }}
          >
            {column}
          </Box>
        </Box>
      ) : (
        column
      );
  }

  return (
    <QueryProvider>
      <LayoutContext.Provider value={layout}>
        <SkipLink />
        {body}
        {!desktop && <Navbar desktop={false} />}
        <Suspense fallback={null}>
          {panel === 'chat' && <ChatPanel open onClose={() => setPanel(null)} />}
          {panel === 'quick' && <QuickPanel open onClose={() => setPanel(null)} />}
          {panel === 'settings' && <SettingsPanel open onClose={() => setPanel(null)} />}
        </Suspense>
        {status === 'signed-in' && (
          <>
            <IdleLock />
            <EventStream />
          </>
        )}
      </LayoutContext.Provider>
    </QueryProvider>
  );
}
