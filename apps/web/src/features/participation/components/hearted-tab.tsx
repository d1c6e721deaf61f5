import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../shared/i18n/use-translation';
import type { MyItemsAnswer } from '@estate/domain/schemas/participation';
import { useAdvice } from '../api';

/** What I hearted, and what my offspring hearted as advice to me. */
export function HeartedTab({ estateId, myItems, showAdvice }: { estateId: string; myItems: MyItemsAnswer; showAdvice: boolean }) {
  const { t } = useTranslation();
  const advice = useAdvice(estateId, showAdvice);
  return (
    <>
      {myItems.hearted.length === 0 && <Typography color="text.secondary">{t('process:myItems.noHearts')}</Typography>}
      <List>
        {myItems.hearted.map((h) => (
          <ListItem key={h.itemId} disableGutters divider>
            <ListItemText
              primary={<>{h.name} · <bdi>{h.label}</bdi></>}
              secondary={t('process:myItems.interested', { count: h.interestCount })}
            />
            {h.highInterest && <Chip size="small" color="secondary" label={t('process:myItems.highInterest')} />}
          </ListItem>
        ))}
      </List>
      {(advice.data?.advice.length ?? 0) > 0 && (
        <>
          <Typography component="h3" sx={{ fontWeight: 700, mt: 2 }}>
            {t('process:myItems.advice')}
          </Typography>
          <List>
            {advice.data?.advice.map((a) => (
              <ListItem key={a.itemId} disableGutters divider>
                <ListItemText
                  primary={<>{a.name} · <bdi>{a.label}</bdi></>}
                  secondary={t('process:myItems.adviceFrom', { names: a.from.map((f) => f.displayName).join(', ') })}
                />
              </ListItem>
            ))}
          </List>
        </>
      )}
    </>
  );
}
