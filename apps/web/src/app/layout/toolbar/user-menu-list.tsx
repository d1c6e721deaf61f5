import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
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

type Props = {
  id: string;
  anchor: HTMLElement;
  onClose: () => void;
  name: string;
  role: string;
  signedIn: boolean;
  onLock: () => void;
};

/** The open user menu (loaded on first use: user-menu.tsx). */
export function UserMenuList({ id, anchor, onClose, name, role, signedIn, onLock }: Props) {
  const { t } = useTranslation();
  return (
    <Menu
      id={id}
      anchorEl={anchor}
      open
      onClose={onClose}
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
      {signedIn
        ? [
            <MenuItem key="profile" component={RouterLink} to="/profile/" onClick={onClose}>
              <ListItemIcon>
                <AccountCircle fontSize="small" />
              </ListItemIcon>
              <ListItemText>{t('user.profile')}</ListItemText>
            </MenuItem>,
            <MenuItem
              key="lock"
              onClick={() => {
                onClose();
                onLock();
              }}
            >
              <ListItemIcon>
                <Lock fontSize="small" />
              </ListItemIcon>
              <ListItemText>{t('user.lock')}</ListItemText>
            </MenuItem>,
            <MenuItem key="logout" component={RouterLink} to="/logout" onClick={onClose}>
              <ListItemIcon>
                <Logout fontSize="small" />
              </ListItemIcon>
              <ListItemText>{t('user.logout')}</ListItemText>
            </MenuItem>,
          ]
        : [
            <MenuItem key="login" component={RouterLink} to="/login" onClick={onClose}>
              <ListItemIcon>
                <Login fontSize="small" />
              </ListItemIcon>
              <ListItemText>{t('user.login')}</ListItemText>
            </MenuItem>,
            <MenuItem key="register" component={RouterLink} to="/register" onClick={onClose}>
              <ListItemIcon>
                <PersonAdd fontSize="small" />
              </ListItemIcon>
              <ListItemText>{t('user.register')}</ListItemText>
            </MenuItem>,
          ]}
    </Menu>
  );
}
