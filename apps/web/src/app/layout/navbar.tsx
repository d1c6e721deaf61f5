import { useState } from 'react';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import Paper from '@mui/material/Paper';
import PushPin from '@mui/icons-material/PushPin';
import PushPinOutlined from '@mui/icons-material/PushPinOutlined';
import Close from '@mui/icons-material/Close';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useSession } from '../../shared/session/session-context';
import { useSettings } from '../../shared/settings/settings-context';
import { RegionTheme } from '../../shared/theme/theme-provider';
import { NAVBAR_FOLDED_WIDTH, NAVBAR_WIDTH, TOOLBAR_HEIGHT } from '../../shared/theme/layout-constants';
import { AppLogo } from '../../shared/ui/app-logo';
import { useLayout } from './layout-context';
import { VerticalNavigation } from './navigation/vertical-navigation';
import { useNavigation } from './navigation/use-navigation';
import { EstateSwitcher } from './toolbar/estate-switcher';

function NavbarHeader({
  folded,
  onPin,
  onClose,
}: {
  folded: boolean;
  onPin?: () => void;
  onClose?: () => void;
}) {
  const { t } = useTranslation();
  const { settings } = useSettings();
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        minHeight: TOOLBAR_HEIGHT,
        px: folded ? 1.5 : 2,
        flexShrink: 0,
      }}
    >
      <AppLogo size={36} />
      {!folded && (
        <Typography component="span" sx={{ fontWeight: 700, fontSize: '1.05rem', flexGrow: 1 }} noWrap>
          {t('app.name')}
        </Typography>
      )}
      {!folded && onPin && (
        <IconButton
          onClick={onPin}
          title={settings.navbarFolded ? t('layout.pinNavbar') : t('layout.foldNavbar')}
          aria-label={settings.navbarFolded ? t('layout.pinNavbar') : t('layout.foldNavbar')}
          aria-pressed={!settings.navbarFolded}
        >
          {settings.navbarFolded ? <PushPinOutlined /> : <PushPin />}
        </IconButton>
      )}
      {onClose && (
        <IconButton onClick={onClose} aria-label={t('layout.closeNavbar')}>
          <Close />
        </IconButton>
      )}
    </Box>
  );
}

function NavbarUser({ folded }: { folded: boolean }) {
  const { me } = useSession();
  if (!me || folded) return null;
  return (
    <Box sx={{ px: 2.5, py: 1.5, borderTop: 1, borderColor: 'divider' }}>
      <Typography sx={{ fontWeight: 600 }} noWrap>
        {me.user.displayName}
      </Typography>
      <Typography variant="body2" color="text.secondary" noWrap>
        {me.user.email}
      </Typography>
    </Box>
  );
}

/**
 * Layout1's vertical navbar. Large screens: 280 wide, or 64 (icons only) when folded with the pin
 * button; a folded navbar opens over the page while the pointer is on it. Smaller screens: a drawer
 * opened by the toolbar's menu button, closed when an item is chosen.
 */
export function Navbar({ desktop }: { desktop: boolean }) {
  const { t } = useTranslation();
  const { settings, update } = useSettings();
  const { mobileNavOpen, setMobileNavOpen } = useLayout();
  const { items } = useNavigation();
  const [hovered, setHovered] = useState(false);
  const anchor = settings.navbarPosition === 'right' ? 'right' : 'left';

  if (!desktop) {
    return (
      <RegionTheme region="navbar">
        <Drawer
          anchor={anchor}
          open={mobileNavOpen}
          onClose={() => setMobileNavOpen(false)}
          slotProps={{ paper: { sx: { width: NAVBAR_WIDTH, maxWidth: '85vw' } } }}
        >
          <Box
            component="nav"
            aria-label={t('nav.label')}
            sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}
          >
            <NavbarHeader folded={false} onClose={() => setMobileNavOpen(false)} />
            <Box sx={{ px: 2, pb: 1 }}>
              <EstateSwitcher fullWidth />
            </Box>
            <Box sx={{ flexGrow: 1, overflowY: 'auto' }}>
              <VerticalNavigation items={items} onNavigate={() => setMobileNavOpen(false)} />
            </Box>
            <NavbarUser folded={false} />
          </Box>
        </Drawer>
      </RegionTheme>
    );
  }

  const folded = settings.navbarFolded;
  const showFolded = folded && !hovered;
  return (
    <RegionTheme region="navbar">
      <Box
        sx={{
          width: folded ? NAVBAR_FOLDED_WIDTH : NAVBAR_WIDTH,
          flexShrink: 0,
          position: 'sticky',
          top: 0,
          height: '100vh',
          zIndex: 'appBar',
          order: anchor === 'right' ? 2 : 0,
        }}
      >
        <Paper
          component="nav"
          aria-label={t('nav.label')}
          square
          elevation={0}
          onMouseEnter={() => folded && setHovered(true)}
          onMouseLeave={() => setHovered(false)}
          onFocus={() => folded && setHovered(true)}
          onBlur={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget)) setHovered(false);
          }}
          sx={{
            position: 'absolute',
            insetBlock: 0,
            [anchor === 'right' ? 'insetInlineEnd' : 'insetInlineStart']: 0,
            width: showFolded ? NAVBAR_FOLDED_WIDTH : NAVBAR_WIDTH,
            display: 'flex',
            flexDirection: 'column',
            borderInlineEnd: anchor === 'left' ? 1 : 0,
            borderInlineStart: anchor === 'right' ? 1 : 0,
            borderColor: 'divider',
            boxShadow: folded && hovered ? 8 : 0,
            transition: (theme) =>
              theme.transitions.create('width', { duration: theme.transitions.duration.shorter }),
            overflow: 'hidden',
          }}
        >
          <NavbarHeader folded={showFolded} onPin={() => update({ navbarFolded: !folded })} />
          <Box sx={{ flexGrow: 1, overflowY: 'auto', overflowX: 'hidden' }}>
            <VerticalNavigation items={items} folded={showFolded} />
          </Box>
          <NavbarUser folded={showFolded} />
        </Paper>
      </Box>
    </RegionTheme>
  );
}
