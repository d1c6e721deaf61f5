import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import Computer from '@mui/icons-material/ComputerOutlined';
import Devices from '@mui/icons-material/DevicesOutlined';
import Smartphone from '@mui/icons-material/SmartphoneOutlined';
import Tablet from '@mui/icons-material/TabletOutlined';
import type { SessionInfo } from '@estate/domain/schemas/sessions';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { formatDate } from '../../../shared/i18n/format';
import { deviceKind, deviceText } from '../../../shared/session/device-text';
import { FullPageLoader } from '../../../shared/ui/full-page-loader';
import { RefusableButton } from '../../../shared/ui/refusable-button';
import { notify } from '../../../shared/ui/notify';
import { errorMessage } from '../../../shared/api/error-message';
import { useEndSession, useSessions } from '../profile-api';

const ICONS = { phone: Smartphone, tablet: Tablet, computer: Computer } as const;

/**
 * Profile → Sessions (issue 31): each device where the person is signed in, when, and how (password,
 * emailed link, reset link); "Sign out there" ends one after a confirmation. This device is marked
 * and is signed out from the menu instead.
 */
export function MySessions() {
  const { t, i18n } = useTranslation();
  const sessions = useSessions();
  const end = useEndSession();
  const [ending, setEnding] = useState<SessionInfo | null>(null);
  if (sessions.isPending) return <FullPageLoader />;
  if (sessions.isError) return <Alert severity="error">{t('sessions:failed')}</Alert>;

  const confirm = async () => {
    if (!ending) return;
    try {
      await end.mutateAsync(ending.id);
      notify(t('sessions:ended'), 'success');
    } catch (error) {
      notify(errorMessage(error, t), 'error');
    }
    setEnding(null);
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography component="h2" variant="h3" sx={{ mb: 1 }}>
        {t('sessions:title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('sessions:intro')}
      </Typography>
      <List aria-label={t('sessions:title')} disablePadding>
        {sessions.data.map((session) => {
          const Icon = ICONS[deviceKind(session.userAgent) ?? 'computer'] ?? Devices;
          const device = deviceText(session.userAgent, t);
          return (
            <ListItem key={session.id} divider disableGutters sx={{ display: 'block', py: 2, '&:last-child': { borderBottom: 0 } }} data-testid="session">
              <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1.5 }}>
                <Icon aria-hidden="true" sx={{ mt: 0.25, color: 'text.secondary' }} />
                <Box sx={{ minWidth: 0, flex: 1 }}>
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
                    <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} dir="auto">
                      {device}
                    </Typography>
                    {session.current && <Chip size="small" color="primary" label={t('sessions:thisDevice')} />}
                  </Box>
                  <Typography color="text.secondary">{t(`sessions:via.${session.via}`)}</Typography>
                  <Typography color="text.secondary">
                    <time dateTime={session.createdAt}>{t('sessions:signedIn', { date: formatDate(session.createdAt, i18n.language, true) })}</time>
                    {' · '}
                    <time dateTime={session.lastUsedAt}>{t('sessions:lastUsed', { date: formatDate(session.lastUsedAt, i18n.language, true) })}</time>
                  </Typography>
                  <Box sx={{ mt: 1 }}>
                    <RefusableButton
                      variant="outlined"
                      color="error"
                      refusal={session.current ? t('sessions:thisDeviceHint') : null}
                      onClick={() => setEnding(session)}
                    >
                      {t('sessions:signOutThere')}
                    </RefusableButton>
                  </Box>
                </Box>
              </Box>
            </ListItem>
          );
        })}
      </List>
      <Dialog open={ending !== null} onClose={() => setEnding(null)} aria-labelledby="confirm-end-session">
        {ending && (
          <>
            <DialogTitle id="confirm-end-session">{t('sessions:confirmTitle')}</DialogTitle>
            <DialogContent>
              <DialogContentText>{t('sessions:confirmText', { device: deviceText(ending.userAgent, t) })}</DialogContentText>
            </DialogContent>
            <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
              <Button sx={{ minHeight: 48 }} onClick={() => setEnding(null)}>
                {t('sessions:keep')}
              </Button>
              <Button sx={{ minHeight: 48 }} variant="contained" color="error" onClick={() => void confirm()} disabled={end.isPending}>
                {t('sessions:signOutThere')}
              </Button>
            </DialogActions>
          </>
        )}
      </Dialog>
    </Paper>
  );
}
