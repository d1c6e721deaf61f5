import Avatar from '@mui/material/Avatar';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ROLE_KEYS, isRoleCode } from '@estate/domain/roles';
import type { Member } from '@estate/domain/schemas/estate';
import { initials } from '../../../shared/ui/initials';

/** Everyone in the estate with their roles; offspring show the parent who receives for them. */
export function MemberList({ members }: { members: Member[] }) {
  const { t } = useTranslation();
  const names = new Map(members.map((m) => [m.id, m.displayName]));
  const sorted = [...members].sort(
    (a, b) => Math.max(...b.roles) - Math.max(...a.roles) || a.displayName.localeCompare(b.displayName),
  );
  return (
    <Paper variant="outlined">
      <List aria-label={t('members.listLabel')} disablePadding>
        {sorted.map((member) => {
          const parent = member.receivesThrough ? names.get(member.receivesThrough) : undefined;
          return (
            <ListItem
              key={member.id}
              divider
              sx={{ alignItems: 'flex-start', flexWrap: 'wrap', '&:last-child': { borderBottom: 0 } }}
            >
              <ListItemAvatar>
                <Avatar sx={{ bgcolor: 'primary.main' }} aria-hidden="true">
                  {initials(member.displayName)}
                </Avatar>
              </ListItemAvatar>
              <ListItemText
                primary={member.displayName}
                secondary={parent ? t('members.receivesThrough', { name: parent }) : undefined}
                slotProps={{ primary: { sx: { fontWeight: 600 } } }}
                sx={{ minWidth: 160 }}
              />
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', py: 0.5 }}>
                {member.roles.filter(isRoleCode).map((role) => (
                  <Chip
                    key={role}
                    size="small"
                    label={t(`roles.${ROLE_KEYS[role]}.name`)}
                    variant="outlined"
                  />
                ))}
              </Stack>
            </ListItem>
          );
        })}
      </List>
    </Paper>
  );
}
