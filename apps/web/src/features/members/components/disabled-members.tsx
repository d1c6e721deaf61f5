import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { ROLE_KEYS, isRoleCode } from '@estate/domain/roles';
import type { DisabledMember } from '@estate/domain/schemas/people';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { errorMessage } from '../../../shared/api/error-message';
import { formatDate } from '../../../shared/i18n/format';
import { notify } from '../../../shared/ui/notify';
import { useEnableMember } from '../directory-api';
import { MemberAvatar } from './member-avatar';

/** People a trustee disabled in this estate, each of whom can be let back in. */
export function DisabledMembers({ estateId, people }: { estateId: string; people: DisabledMember[] }) {
  const { t, i18n } = useTranslation();
  const enable = useEnableMember(estateId);
  return (
    <Paper variant="outlined">
      <List aria-label={t('people:disabled.title')} disablePadding>
        {people.map((person) => (
          <ListItem key={person.id} divider sx={{ flexWrap: 'wrap', gap: 2, py: 1.5, '&:last-child': { borderBottom: 0 } }}>
            <MemberAvatar name={person.displayName} url={null} />
            <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{person.displayName}</Typography>
              <Typography color="text.secondary">
                {t('people:disabled.on', { date: formatDate(person.disabledAt, i18n.language) })}
                {' · '}
                {person.roles
                  .filter(isRoleCode)
                  .map((r) => t(`roles.${ROLE_KEYS[r]}.name`))
                  .join(', ')}
              </Typography>
            </Box>
            <Button
              variant="outlined"
              disabled={enable.isPending}
              aria-label={t('people:disabled.enableLabel', { name: person.displayName })}
              sx={{ minHeight: 48 }}
              onClick={() =>
                enable.mutate(person.id, {
                  onSuccess: () => notify(t('people:disabled.enabled', { name: person.displayName }), 'success'),
                  onError: (error) => notify(errorMessage(error, t), 'error'),
                })
              }
            >
              {t('people:disabled.enable')}
            </Button>
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}
