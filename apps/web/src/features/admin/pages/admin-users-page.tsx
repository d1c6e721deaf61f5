import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTranslation } from '../../../shared/i18n/use-translation';
import type { User } from '@estate/domain/schemas/account';
import { errorMessage } from '../../../shared/api/error-message';
import { useSession } from '../../../shared/session/session-context';
import { FullPageLoader } from '../../../shared/ui/full-page-loader';
import { notify } from '../../../shared/ui/notify';
import { PageLayout } from '../../../shared/ui/page-layout';
import { useAdminUsers, useUpdateUser } from '../api';

type Change = {
  user: User;
  patch: { accountStatus?: User['accountStatus']; loginStatus?: User['loginStatus'] };
  key: string;
};

/** `/admin/users`: every account; ask for a new password, disable or enable. */
export function AdminUsersPage() {
  const { t } = useTranslation();
  const { me } = useSession();
  const users = useAdminUsers();
  const update = useUpdateUser();
  const [confirming, setConfirming] = useState<Change | null>(null);

  const apply = async () => {
    if (!confirming) return;
    try {
      await update.mutateAsync({ id: confirming.user.id, ...confirming.patch });
      notify(t('admin.users.updated', { name: confirming.user.displayName }), 'success');
    } catch (error) {
      notify(errorMessage(error, t), 'error');
    } finally {
      setConfirming(null);
    }
  };

  return (
    <PageLayout title={t('nav.adminUsers')} subtitle={t('admin.users.subtitle')}>
      {users.isPending && <FullPageLoader />}
      {users.isError && <Alert severity="error">{errorMessage(users.error, t)}</Alert>}
      {users.data && (
        <Paper variant="outlined">
          <List aria-label={t('nav.adminUsers')} disablePadding>
            {users.data.map((user) => {
              const self = user.id === me?.user.id;
              const disabled = user.accountStatus === 'disabled';
              return (
                <ListItem
                  key={user.id}
                  divider
                  sx={{
                    flexWrap: 'wrap',
                    gap: 1.5,
                    alignItems: 'flex-start',
                    '&:last-child': { borderBottom: 0 },
                  }}
                >
                  <ListItemText
                    primary={user.displayName || user.email}
                    secondary={user.email}
                    sx={{ minWidth: 200, overflowWrap: 'anywhere' }}
                    slotProps={{ primary: { sx: { fontWeight: 600 } } }}
                  />
                  <Stack
                    direction="row"
                    spacing={1}
                    useFlexGap
                    sx={{ flexWrap: 'wrap', alignItems: 'center' }}
                  >
                    {user.isAdmin && <Chip size="small" label={t('roles.admin.name')} color="primary" />}
                    <Chip
                      size="small"
                      variant="outlined"
                      label={t(`admin.users.status.${user.accountStatus}`)}
                      color={disabled ? 'error' : 'default'}
                    />
                    {!user.emailConfirmed && (
                      <Chip
                        size="small"
                        variant="outlined"
                        label={t('admin.users.unconfirmed')}
                        color="warning"
                      />
                    )}
                    {user.loginStatus === 'forced-reset' && (
                      <Chip
                        size="small"
                        variant="outlined"
                        label={t('admin.users.mustReset')}
                        color="warning"
                      />
                    )}
                    {!self && user.loginStatus !== 'forced-reset' && (
                      <Button
                        size="small"
                        onClick={() =>
                          setConfirming({ user, patch: { loginStatus: 'forced-reset' }, key: 'forceReset' })
                        }
                      >
                        {t('admin.users.forceReset')}
                      </Button>
                    )}
                    {!self && (
                      <Button
                        size="small"
                        color={disabled ? 'primary' : 'error'}
                        onClick={() =>
                          setConfirming({
                            user,
                            patch: { accountStatus: disabled ? 'active' : 'disabled' },
                            key: disabled ? 'enable' : 'disable',
                          })
                        }
                      >
                        {disabled ? t('admin.users.enable') : t('admin.users.disable')}
                      </Button>
                    )}
                  </Stack>
                </ListItem>
              );
            })}
          </List>
        </Paper>
      )}
      <Dialog
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        aria-labelledby="confirm-user-change"
      >
        {confirming && (
          <>
            <DialogTitle id="confirm-user-change">
              {t(`admin.users.confirm.${confirming.key}.title`)}
            </DialogTitle>
            <DialogContent>
              <DialogContentText>
                {t(`admin.users.confirm.${confirming.key}.body`, {
                  name: confirming.user.displayName || confirming.user.email,
                })}
              </DialogContentText>
            </DialogContent>
            <DialogActions sx={{ px: 3, pb: 2 }}>
              <Button onClick={() => setConfirming(null)}>{t('actions.cancel')}</Button>
              <Button variant="contained" onClick={() => void apply()} disabled={update.isPending}>
                {t('actions.confirm')}
              </Button>
            </DialogActions>
          </>
        )}
      </Dialog>
    </PageLayout>
  );
}
