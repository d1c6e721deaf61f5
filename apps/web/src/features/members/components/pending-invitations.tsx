import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import Send from '@mui/icons-material/SendOutlined';
import { ROLE_KEYS, isRoleCode } from '@estate/domain/roles';
import type { PendingInvitation } from '@estate/domain/schemas/people';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { errorMessage } from '../../../shared/api/error-message';
import { formatDate } from '../../../shared/i18n/format';
import { CopyButton } from '../../../shared/ui/copy-button';
import { notify } from '../../../shared/ui/notify';
import { useResendInvitation } from '../directory-api';

/** Invitations not yet accepted, waiting or expired, each with "Send again" (a new link, 14 more days). */
export function PendingInvitations({ estateId, invitations }: { estateId: string; invitations: PendingInvitation[] }) {
  const { t, i18n } = useTranslation();
  const resend = useResendInvitation(estateId);
  const [links, setLinks] = useState<Record<string, string>>({});
  if (invitations.length === 0) return <Typography color="text.secondary">{t('people:invitations.none')}</Typography>;
  return (
    <Paper variant="outlined">
      <List aria-label={t('people:invitations.title')} disablePadding>
        {invitations.map((invitation) => (
          <ListItem key={invitation.id} divider sx={{ flexWrap: 'wrap', gap: 1.5, py: 1.5, '&:last-child': { borderBottom: 0 } }}>
            <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                <bdi dir="ltr">{invitation.email}</bdi>
              </Typography>
              <Typography color={invitation.state === 'expired' ? 'error.main' : 'text.secondary'}>
                {invitation.state === 'expired'
                  ? t('people:invitations.expired', { date: formatDate(invitation.expiresAt, i18n.language) })
                  : t('people:invitations.waiting', { date: formatDate(invitation.expiresAt, i18n.language) })}
              </Typography>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, mt: 0.75 }}>
                {invitation.roles.filter(isRoleCode).map((role) => (
                  <Chip key={role} variant="outlined" label={t(`roles.${ROLE_KEYS[role]}.name`)} sx={{ fontSize: '0.875rem' }} />
                ))}
              </Box>
            </Box>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
              {links[invitation.id] && <CopyButton text={links[invitation.id]!} />}
              <Button
                variant="outlined"
                startIcon={<Send />}
                disabled={resend.isPending}
                aria-label={t('people:invitations.resendLabel', { email: invitation.email })}
                sx={{ minHeight: 48 }}
                onClick={() =>
                  resend.mutate(invitation.id, {
                    onSuccess: (sent) => {
                      setLinks((old) => ({ ...old, [invitation.id]: sent.link }));
                      notify(t('people:invitations.resent', { email: invitation.email }), 'success');
                    },
                    onError: (error) => notify(errorMessage(error, t), 'error'),
                  })
                }
              >
                {t('people:invitations.resend')}
              </Button>
            </Box>
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}
