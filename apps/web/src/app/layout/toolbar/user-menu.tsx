import { Suspense, useId, useState } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import AccountCircle from '@mui/icons-material/AccountCircleOutlined';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ROLE_KEYS, primaryRole } from '@estate/domain/roles';
import { effectiveRoles } from '../../../shared/session/current-estate';
import { useSession } from '../../../shared/session/session-context';
import { initials } from '../../../shared/ui/initials';
import { lazyNamed } from '../../../shared/ui/lazy-named';

// The open menu loads on first use: its code is not part of every page's first load (ADR 0030).
const UserMenuList = lazyNamed(() => import('./user-menu-list'), 'UserMenuList');

/** Display name and role; Profile and Logout, or Login and Register for guests. */
export function UserMenu() {
  const { t } = useTranslation();
  const { me, lock } = useSession();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const close = () => setAnchor(null);
  const name = me?.user.displayName ?? t('user.guest');
  const role = me ? t(`roles.${ROLE_KEYS[primaryRole(effectiveRoles(me))]}.name`) : t('user.notSignedIn');

  return (
    <>
      <Button
        color="inherit"
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        aria-label={t('user.menuLabel', { name })}
        sx={{ minWidth: 48, px: { xs: 0.5, md: 1 }, gap: 1, textAlign: 'start' }}
      >
        <Box
          sx={{
            display: { xs: 'none', md: 'flex' },
            flexDirection: 'column',
            alignItems: 'flex-end',
            lineHeight: 1.2,
            maxWidth: 180,
          }}
        >
          <Typography component="span" sx={{ fontWeight: 600, fontSize: '0.9rem' }} noWrap>
            {name}
          </Typography>
          <Typography component="span" variant="caption" color="text.secondary" noWrap>
            {role}
          </Typography>
        </Box>
        <Avatar
          sx={{
            width: 36,
            height: 36,
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
            fontSize: '0.95rem',
          }}
        >
          {me ? initials(name) : <AccountCircle />}
        </Avatar>
      </Button>
      {anchor && (
        <Suspense fallback={null}>
          <UserMenuList
            id={menuId}
            anchor={anchor}
            onClose={close}
            name={name}
            role={role}
            signedIn={Boolean(me)}
            onLock={lock}
          />
        </Suspense>
      )}
    </>
  );
}
