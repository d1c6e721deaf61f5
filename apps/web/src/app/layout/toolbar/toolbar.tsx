import { Suspense, useId, useState } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import MuiToolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import MenuIcon from '@mui/icons-material/Menu';
import Translate from '@mui/icons-material/Translate';
import MoreVert from '@mui/icons-material/MoreVert';
import ViewQuilt from '@mui/icons-material/ViewQuiltOutlined';
import SettingsIcon from '@mui/icons-material/SettingsOutlined';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useSession } from '../../../shared/session/session-context';
import { RegionTheme } from '../../../shared/theme/theme-provider';
import { TOOLBAR_HEIGHT } from '../../../shared/theme/layout-constants';
import { AppLogo } from '../../../shared/ui/app-logo';
import { LanguageMenu } from '../../../shared/ui/language-menu';
import { lazyNamed } from '../../../shared/ui/lazy-named';
import { useLayout, type PanelName } from '../layout-context';
import { EstateSwitcher } from './estate-switcher';
import { FullscreenToggle } from './fullscreen-toggle';
import { NavigationSearch } from './navigation-search';
import { Shortcuts } from './shortcuts';
import { StageBadge } from './stage-badge';
import { TokenCount } from '../../../features/participation/components/token-count';
import { ChatButton } from '../../../features/chat/components/chat-button';
import { UserMenu } from './user-menu';

// The open "more" menu loads on first use: its code is not part of every page's first load (ADR 0030).
const MoreMenu = lazyNamed(() => import('./more-menu'), 'MoreMenu');

type Props = {
  /** Show the menu button that opens the navigation drawer. */
  showMenuButton: boolean;
  /** Show the logo and name (layouts without a vertical navbar). */
  showLogo: boolean;
};

/** Team Chat has its own button (with its unread count), on phones too. */
const PANELS: { panel: PanelName; key: string; Icon: typeof ViewQuilt; adminOnly?: boolean }[] = [
  { panel: 'quick', key: 'toolbar.quickPanel', Icon: ViewQuilt },
  // Colours, layout and text direction for everyone (saved to their profile); the finer choices
  // inside it are the installation admin's.
  { panel: 'settings', key: 'toolbar.settings', Icon: SettingsIcon },
];

/** Stage badge, estate, search, shortcuts, language, fullscreen, panels and the user menu. */
export function Toolbar({ showMenuButton, showLogo }: Props) {
  const { t } = useTranslation();
  const { status, me } = useSession();
  const { setMobileNavOpen, openPanel } = useLayout();
  const [moreAnchor, setMoreAnchor] = useState<HTMLElement | null>(null);
  const moreId = useId();
  const signedIn = status === 'signed-in';
  const admin = Boolean(me?.user.isAdmin);
  const panels = PANELS.filter((p) => admin || !p.adminOnly);

  return (
    <RegionTheme region="toolbar">
      <AppBar
        position="sticky"
        color="default"
        elevation={0}
        sx={{ bgcolor: 'background.paper', color: 'text.primary', borderBottom: 1, borderColor: 'divider' }}
      >
        <MuiToolbar
          sx={{
            minHeight: { xs: TOOLBAR_HEIGHT },
            // On a phone the 48 px buttons sit side by side (still 48 px each) so that all fit in 360 px.
            gap: { xs: 0, sm: 1 },
            px: { xs: 1, sm: 2 },
            position: 'relative',
          }}
        >
          {showMenuButton && (
            <IconButton
              color="inherit"
              aria-label={t('layout.openNavbar')}
              onClick={() => setMobileNavOpen(true)}
            >
              <MenuIcon />
            </IconButton>
          )}
          {showLogo && (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mr: 1 }}>
              <AppLogo size={32} />
              <Typography
                component="span"
                sx={{ fontWeight: 700, display: { xs: 'none', lg: 'inline' } }}
                noWrap
              >
                {t('app.name')}
              </Typography>
            </Box>
          )}
          {signedIn && (
            <Box sx={{ display: { xs: 'none', sm: 'flex' } }}>
              <EstateSwitcher />
            </Box>
          )}
          {signedIn && <StageBadge compact />}
          {signedIn && <TokenCount />}
          <Box sx={{ flexGrow: 1 }} />
          <NavigationSearch />
          {signedIn && (
            <Box sx={{ display: { xs: 'none', md: 'flex' } }}>
              <Shortcuts />
            </Box>
          )}
          <LanguageMenu
            renderTrigger={(props) => (
              <IconButton color="inherit" title={props['aria-label']} {...props}>
                <Translate />
              </IconButton>
            )}
          />
          {signedIn && <ChatButton onOpen={() => openPanel('chat')} />}
          <Box sx={{ display: { xs: 'none', md: 'flex' } }}>
            {admin && <FullscreenToggle />}
            {panels.map(({ panel, key, Icon }) => (
              <IconButton
                key={panel}
                color="inherit"
                aria-label={t(key)}
                title={t(key)}
                onClick={() => openPanel(panel)}
              >
                <Icon />
              </IconButton>
            ))}
          </Box>
          <Box sx={{ display: { xs: 'flex', md: 'none' } }}>
            <IconButton
              color="inherit"
              aria-label={t('toolbar.more')}
              aria-haspopup="menu"
              aria-controls={moreAnchor ? moreId : undefined}
              aria-expanded={moreAnchor ? true : undefined}
              onClick={(event) => setMoreAnchor(event.currentTarget)}
            >
              <MoreVert />
            </IconButton>
            {moreAnchor && (
              <Suspense fallback={null}>
                <MoreMenu
                  id={moreId}
                  anchor={moreAnchor}
                  onClose={() => setMoreAnchor(null)}
                  panels={panels}
                  onOpen={(panel) => {
                    setMoreAnchor(null);
                    openPanel(panel);
                  }}
                />
              </Suspense>
            )}
          </Box>
          <UserMenu />
        </MuiToolbar>
        {signedIn && <StageBadge strip />}
        {signedIn && <TokenCount strip />}
      </AppBar>
    </RegionTheme>
  );
}
