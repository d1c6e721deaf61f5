import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import CheckCircle from '@mui/icons-material/CheckCircleOutlined';
import { hasOutcome } from '@estate/domain/handover';
import type { Item } from '@estate/domain/schemas/items';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { errorMessage } from '../../../shared/api/error-message';
import { formatDate } from '../../../shared/i18n/format';
import { useDispositions, useHandover, useUpdateHandover } from '../../../shared/api/handover';
import { notify } from '../../../shared/ui/notify';
import type { EstateAccess } from '../use-estate';

/**
 * What became of an item after the results: for an Unwanted or held item, that nobody received it
 * and what the trustee decided (never "not assigned yet"); for an assigned item, its hand-over, with
 * the trustee's one-tap "handed over" (a label's QR code opens this page while walking the house).
 */
export function ItemOutcomeCard({ estate, item }: { estate: EstateAccess; item: Item }) {
  const setAside = item.status === 'unwanted' || item.status === 'hold';
  if (setAside && estate.can('disposition.view')) return <SetAsideCard estate={estate} item={item} />;
  if (!setAside && item.assignment && estate.can('handover.view')) return <HandoverCard estate={estate} item={item} />;
  return null;
}

function SetAsideCard({ estate, item }: { estate: EstateAccess; item: Item }) {
  const { t } = useTranslation();
  const list = useDispositions(estate.estateId);
  const entry = list.data?.dispositions.find((d) => d.itemId === item.id);
  const held = item.status === 'hold';
  const decided = entry?.disposition ?? item.unwantedOutcome;
  return (
    <Card variant="outlined" sx={{ mb: 2, borderColor: 'warning.main' }} id="outcome" data-testid="item-outcome">
      <CardContent>
        <Typography component="h2" variant="h6">
          {t(held ? 'handover:item.heldTitle' : 'handover:item.unwantedTitle')}
        </Typography>
        <Typography sx={{ mt: 1 }}>{t(held ? 'handover:item.held' : 'handover:item.unwanted')}</Typography>
        <Typography sx={{ mt: 1, fontWeight: decided ? 600 : 400 }} color={decided ? 'text.primary' : 'text.secondary'}>
          {decided ? t('handover:item.outcome', { what: t(`handover:disposition.${decided}`) }) : t('handover:item.undecided')}
        </Typography>
        {entry?.note && (
          <Typography dir="auto" color="text.secondary" sx={{ mt: 0.5, whiteSpace: 'pre-wrap' }}>
            {entry.note}
          </Typography>
        )}
        {(estate.can('disposition.set') || estate.can('disposition.appraise') || estate.can('disposition.sale')) && (
          <Button component={RouterLink} to="/unwanted-items" variant="outlined" sx={{ minHeight: 48, mt: 1.5 }}>
            {t('handover:disposition.title')}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

function HandoverCard({ estate, item }: { estate: EstateAccess; item: Item }) {
  const { t, i18n } = useTranslation();
  const handover = useHandover(estate.estateId);
  const update = useUpdateHandover(estate.estateId);
  const entry = handover.data?.handover.find((e) => e.itemId === item.id);
  if (!entry) return null;
  const recorded = entry.status === 'assigned' || entry.status === 'received' ? null : entry.status;
  const open = !hasOutcome(recorded, entry.status === 'received');
  return (
    <Card variant="outlined" sx={{ mb: 2 }} id="handover" data-testid="item-handover">
      <CardContent>
        <Typography component="h2" variant="h6">
          {t('handover:item.title')}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 1 }}>
          <Chip color={entry.status === 'received' ? 'success' : open ? 'default' : 'warning'} label={t(`handover:status.${entry.status}`)} />
          {entry.receivedAt && <Typography variant="body2">{t('handover:receipt.receivedOn', { date: formatDate(entry.receivedAt, i18n.language, true) })}</Typography>}
          {entry.status === 'scheduled' && entry.scheduledAt && (
            <Typography variant="body2">{t('handover:receipt.scheduledFor', { date: formatDate(entry.scheduledAt, i18n.language, true) })}</Typography>
          )}
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1.5 }}>
          {estate.can('handover.update') && open && (
            <Button
              variant="contained"
              color="success"
              startIcon={<CheckCircle />}
              sx={{ minHeight: 48 }}
              disabled={update.isPending}
              onClick={() =>
                update.mutate(
                  { itemId: item.id, version: item.version, body: { status: 'handed-over', method: entry.method ?? 'pickup' } },
                  { onSuccess: () => notify(t('handover:item.done'), 'success'), onError: (e) => notify(errorMessage(e, t), 'error') },
                )
              }
            >
              {t('handover:item.handedOverAction')}
            </Button>
          )}
          {estate.can('handover.viewAll') && (
            <Button component={RouterLink} to={`/trustee/handover${entry.memberId ? `?receiver=${entry.memberId}` : ''}`} variant="outlined" sx={{ minHeight: 48 }}>
              {t('handover:item.board')}
            </Button>
          )}
        </Box>
      </CardContent>
    </Card>
  );
}
