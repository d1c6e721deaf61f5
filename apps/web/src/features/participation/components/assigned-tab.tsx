import { Suspense } from 'react';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { InputsCounted } from '../../../shared/ui/inputs-counted';
import type { AssignedItem } from '@estate/domain/schemas/participation';
import type { Decision } from '@estate/domain/permissions';
import { lazyNamed } from '../../../shared/ui/lazy-named';

// The question's dialog (a text field and a dialog) loads with the first assigned item shown, not
// with My items itself (the page's first load stays within its budget).
const AskQuestion = lazyNamed(() => import('../../../shared/activity/ask-question'), 'AskQuestion');

/** "Ask about this result" beside each item (issue 30): the estate and the policy's answer now. */
type Ask = { estateId: string; decision: Decision };

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

export function AssignedTab({ assigned, ask }: { assigned: AssignedItem[]; ask?: Ask }) {
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
      <AssignedList assigned={assigned} ask={ask} />
    </>
  );
}

function AssignedList({ assigned, ask }: { assigned: AssignedItem[]; ask?: Ask | undefined }) {
  const { t } = useTranslation();
  return (
    <List>
      {assigned.map((a) => (
        <ListItem key={a.itemId} disableGutters divider data-testid="assigned-item" sx={{ display: 'block' }}>
          <ListItemText
            primary={<>{a.name} · <bdi>{a.label}</bdi></>}
            secondary={assignmentReason(a, t)}
            slotProps={{ secondary: { dir: 'auto' } }}
          />
          {ask && (ask.decision.ok || ask.decision.reason !== 'role') && (
            <Suspense fallback={null}>
              <AskQuestion estateId={ask.estateId} item={{ id: a.itemId, label: a.label, name: a.name }} decision={ask.decision} />
            </Suspense>
          )}
        </ListItem>
      ))}
    </List>
  );
}
