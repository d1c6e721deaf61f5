import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { InputsCounted } from '../../../shared/ui/inputs-counted';
import type { AssignedItem } from '@estate/domain/schemas/participation';

/** Why I received an item, in one plain sentence. */
export function assignmentReason(a: AssignedItem, t: TFunction): string {
  switch (a.reason) {
    case 'directive':
      return t('process:assigned.directive', { clause: a.clause ?? '' });
    case 'return':
      return t('process:assigned.return', { note: a.note ?? '' });
    case 'only-interested':
      return t('process:assigned.onlyInterested');
    case 'high-interest':
      return t('process:assigned.highInterest', { round: a.round ?? 0, pick: a.pick ?? 0 });
    case 'tokens':
      return a.tied && a.tied > 1
        ? t('process:assigned.tokensTied', { tokens: a.tokens ?? 0, tied: a.tied })
        : t('process:assigned.tokens', { tokens: a.tokens ?? 0 });
    default:
      return t('process:assigned.trustee');
  }
}

export function AssignedTab({ assigned }: { assigned: AssignedItem[] }) {
  const { t } = useTranslation();
  if (assigned.length === 0)
    return (
      <>
        <InputsCounted />
        <Typography color="text.secondary">{t('process:assigned.none')}</Typography>
      </>
    );
  return (
    <>
      <InputsCounted />
      <AssignedList assigned={assigned} />
    </>
  );
}

function AssignedList({ assigned }: { assigned: AssignedItem[] }) {
  const { t } = useTranslation();
  return (
    <List>
      {assigned.map((a) => (
        <ListItem key={a.itemId} disableGutters divider data-testid="assigned-item">
          <ListItemText
            primary={<>{a.name} · <bdi>{a.label}</bdi></>}
            secondary={assignmentReason(a, t)}
            slotProps={{ secondary: { dir: 'auto' } }}
          />
        </ListItem>
      ))}
    </List>
  );
}
