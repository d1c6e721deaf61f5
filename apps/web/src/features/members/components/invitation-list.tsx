import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ROLE_KEYS, isRoleCode } from '@estate/domain/roles';
import { formatDate } from '../../../shared/i18n/format';
import { CopyButton } from '../../../shared/ui/copy-button';
import type { Invitation } from '../api';

/** Invitations sent for this estate: waiting, accepted or expired. */
export function InvitationList({ invitations, now }: { invitations: Invitation[]; now: number }) {
  const { t, i18n } = useTranslation();
  return (
    <Paper variant="outlined">
      <List aria-label={t('members.invitations.title')} disablePadding>
        {invitations.map((invitation) => {
          const expired = !invitation.acceptedAt && new Date(invitation.expiresAt).getTime() < now;
          const status = invitation.acceptedAt
            ? t('members.invitations.accepted', { date: formatDate(invitation.acceptedAt, i18n.language) })
            : expired
              ? t('members.invitations.expired')
              : t('members.invitations.waiting', { date: formatDate(invitation.expiresAt, i18n.language) });
          return (
            <ListItem
              key={invitation.id}
              divider
              sx={{ flexWrap: 'wrap', gap: 1, '&:last-child': { borderBottom: 0 } }}
            >
              <ListItemText
                primary={invitation.email}
                secondary={status}
                sx={{ minWidth: 200, overflowWrap: 'anywhere' }}
                slotProps={{ primary: { dir: 'ltr', sx: { textAlign: 'start' } } }}
              />
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
                {invitation.roles.filter(isRoleCode).map((role) => (
                  <Chip
                    key={role}
                    size="small"
                    variant="outlined"
                    label={t(`roles.${ROLE_KEYS[role]}.name`)}
                  />
                ))}
                {invitation.link && !invitation.acceptedAt && !expired && (
                  <CopyButton text={invitation.link} />
                )}
              </Stack>
            </ListItem>
          );
        })}
      </List>
    </Paper>
  );
}
