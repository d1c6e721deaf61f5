import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import AccountCircle from '@mui/icons-material/AccountCircleOutlined';
import Lock from '@mui/icons-material/LockOutlined';
import Login from '@mui/icons-material/Login';
import Logout from '@mui/icons-material/Logout';
import PersonAdd from '@mui/icons-material/PersonAddAlt';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ROLE_KEYS, primaryRole } from '@estate/domain/roles';
import { effectiveRoles } from '../../../shared/session/current-estate';
import { useSession } from '../../../shared/session/session-context';
import { initials } from '../../../shared/ui/initials';

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
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <Box sx={{ px: 2, py: 1, display: { md: 'none' } }}>
          <Typography sx={{ fontWeight: 600 }}>{name}</Typography>
          <Typography variant="body2" color="text.secondary">
            {role}
          </Typography>
        </Box>
        <Divider sx={{ display: { md: 'none' } }} />
        {me
          ? [
              <MenuItem key="profile" component={RouterLink} to="/profile/" onClick={close}>
                <ListItemIcon>
                  <AccountCircle fontSize="small" />
                </ListItemIcon>
                <ListItemText>{t('user.profile')}</ListItemText>
              </MenuItem>,
              <MenuItem
                key="lock"
                onClick={() => {
                  close();
                  lock();
                }}
              >
                <ListItemIcon>
                  <Lock fontSize="small" />
                </ListItemIcon>
                <ListItemText>{t('user.lock')}</ListItemText>
              </MenuItem>,
              <MenuItem key="logout" component={RouterLink} to="/logout" onClick={close}>
                <ListItemIcon>
                  <Logout fontSize="small" />
                </ListItemIcon>
                <ListItemText>{t('user.logout')}</ListItemText>
              </MenuItem>,
            ]
          : [
              <MenuItem key="login" component={RouterLink} to="/login" onClick={close}>
                <ListItemIcon>
                  <Login fontSize="small" />
                </ListItemIcon>
                <ListItemText>{t('user.login')}</ListItemText>
              </MenuItem>,
              <MenuItem key="register" component={RouterLink} to="/register" onClick={close}>
                <ListItemIcon>
                  <PersonAdd fontSize="small" />
                </ListItemIcon>
                <ListItemText>{t('user.register')}</ListItemText>
              </MenuItem>,
            ]}
      </Menu>
    </>
  );
}
