import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { addUp } from '@estate/domain/final-accounting';
import { DISPOSITIONS, type Disposition } from '@estate/domain/handover';
import { Stage, isStageCode } from '@estate/domain/stages';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { errorMessage } from '../../../shared/api/error-message';
import { formatDate, parseAmount } from '../../../shared/i18n/format';
import { currentMembership } from '../../../shared/session/current-estate';
import { actorOf, policyFor, type Policy } from '../../../shared/session/actor';
import { useSession } from '../../../shared/session/session-context';
import { useEstateStage } from '../../../shared/api/estate-stage';
import {
  useAppraiseDisposition,
  useDispositions,
  useRecordSale,
  useSetDisposition,
  type DispositionEntry,
} from '../../../shared/api/handover';
import { EmptyState } from '../../../shared/ui/empty-state';
import { FullPageLoader } from '../../../shared/ui/full-page-loader';
import { PageLayout } from '../../../shared/ui/page-layout';
import { notify } from '../../../shared/ui/notify';

/**
 * `/unwanted-items`: what becomes of the items nobody received. The trustee decides (donate, sell,
 * discard, family decision); the appraiser values; the seller or buyer records a sale. Everyone
 * else reads it.
 */
export function UnwantedPage() {
  const { t } = useTranslation();
  const { me } = useSession();
  const membership = currentMembership(me);
  const estateId = membership?.estateId ?? null;
  const stageInfo = useEstateStage(estateId);
  const stageNow = stageInfo.data?.stage ?? membership?.stage ?? 0;
  const stage = isStageCode(stageNow) ? stageNow : Stage.Initial;
  const policy = policyFor(actorOf(me, membership ? { ...membership, stage } : null));
  const list = useDispositions(estateId, policy.can('disposition.view'));

  if (!membership || !estateId) {
    return (
      <PageLayout title={t('handover:disposition.title')}>
        <EmptyState title={t('process:common.noEstate')} />
      </PageLayout>
    );
  }
  return (
    <PageLayout title={t('handover:disposition.title')} subtitle={t('handover:disposition.subtitle')} maxWidth={860}>
      {list.isPending && <FullPageLoader />}
      {list.isError && <Alert severity="error">{errorMessage(list.error, t)}</Alert>}
      {list.data?.dispositions.length === 0 && <EmptyState title={t('handover:disposition.empty')} />}
      {list.data && <Proceeds entries={list.data.dispositions} />}
      {list.data?.dispositions.map((entry) => (
        <DispositionCard key={`${entry.itemId}-${entry.updatedAt ?? ''}`} estateId={estateId} entry={entry} policy={policy} />
      ))}
    </PageLayout>
  );
}

function money(value: string | number, currency: string, language: string): string {
  return new Intl.NumberFormat(language, { style: 'currency', currency }).format(Number(value));
}

/** What the sales brought in, added up per currency (sale prices only; appraised values never count). */
function Proceeds({ entries }: { entries: DispositionEntry[] }) {
  const { t, i18n } = useTranslation('accounting');
  const sold = entries.filter((e) => e.sale !== null);
  if (sold.length === 0) return null;
  const total = addUp(sold.map((e) => ({ currency: e.sale!.currency, amount: Number(e.sale!.price) })))
    .map((a) => money(a.amount, a.currency, i18n.language))
    .join(' + ');
  return (
    <Alert severity="info" icon={false} sx={{ mb: 2 }} data-testid="sale-proceeds">
      {t('proceeds', { total, count: sold.length })}
    </Alert>
  );
}

function DispositionCard({ estateId, entry, policy }: { estateId: string; entry: DispositionEntry; policy: Policy }) {
  const { t, i18n } = useTranslation();
  const setDisposition = useSetDisposition(estateId);
  const appraise = useAppraiseDisposition(estateId);
  const sale = useRecordSale(estateId);
  const [choice, setChoice] = useState<Disposition | ''>(entry.disposition ?? '');
  const [note, setNote] = useState(entry.note);
  const [value, setValue] = useState(entry.appraisal?.value ?? '');
  const [appraisalNote, setAppraisalNote] = useState(entry.appraisal?.note ?? '');
  const [price, setPrice] = useState(entry.sale?.price ?? '');
  const [buyer, setBuyer] = useState(entry.sale?.buyer ?? '');
  const done = { onSuccess: () => notify(t('handover:disposition.saved'), 'success'), onError: (e: unknown) => notify(errorMessage(e, t), 'error') };
  const parsedValue = parseAmount(String(value), i18n.language);
  const parsedPrice = parseAmount(String(price), i18n.language);
  const canSet = policy.can('disposition.set');
  const canAppraise = policy.can('disposition.appraise') && entry.disposition !== null;
  const canSell = policy.can('disposition.sale') && entry.disposition === 'sell';

  return (
    <Card variant="outlined" sx={{ mb: 2 }} data-testid="disposition-card">
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          <Link component={RouterLink} to={`/p/${estateId}/i/${entry.itemId}`} sx={{ fontWeight: 600 }}>
            <bdi>{entry.label}</bdi> · <bdi>{entry.name}</bdi>
          </Link>
          <Chip size="small" label={t(`handover:disposition.${entry.itemStatus === 'hold' ? 'hold' : 'unwanted'}`)} />
          <Chip size="small" color={entry.disposition ? 'primary' : 'default'} variant={entry.disposition ? 'filled' : 'outlined'} label={entry.disposition ? t(`handover:disposition.${entry.disposition}`) : t('handover:disposition.undecided')} />
        </Box>
        {!canSet && entry.note && (
          <Typography dir="auto" sx={{ whiteSpace: 'pre-wrap' }}>
            {entry.note}
          </Typography>
        )}
        {canSet && (
          <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '220px 1fr auto' }, alignItems: 'start' }}>
            <TextField select label={t('handover:disposition.choose')} value={choice} onChange={(e) => setChoice(e.target.value as Disposition)}>
              {DISPOSITIONS.map((d) => (
                <MenuItem key={d} value={d} sx={{ minHeight: 48 }}>
                  {t(`handover:disposition.${d}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField label={t('handover:disposition.note')} value={note} onChange={(e) => setNote(e.target.value)} multiline slotProps={{ htmlInput: { maxLength: 2000, dir: 'auto' } }} />
            <Button variant="contained" sx={{ minHeight: 56 }} disabled={!choice || setDisposition.isPending} onClick={() => choice && setDisposition.mutate({ itemId: entry.itemId, body: { disposition: choice, note } }, done)}>
              {t('handover:disposition.save')}
            </Button>
          </Box>
        )}
        {entry.appraisal && (
          <Typography color="text.secondary">
            {t('handover:disposition.appraised', { value: entry.appraisal.value === null ? '—' : money(entry.appraisal.value, entry.appraisal.currency, i18n.language) })}
            {entry.appraisal.note && <> · <bdi>{entry.appraisal.note}</bdi></>}
          </Typography>
        )}
        {canAppraise && (
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '160px 1fr auto' }, alignItems: 'start' }}>
            <Typography component="legend" sx={{ fontWeight: 600, mb: 1 }}>
              {t('handover:disposition.appraisal')}
            </Typography>
            <TextField
              label={t('handover:disposition.value')}
              value={value}
              onChange={(e) => setValue(e.target.value)}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              error={parsedValue === undefined}
              helperText={parsedValue === undefined ? t('handover:disposition.numberInvalid') : undefined}
            />
            <TextField label={t('handover:disposition.appraisalNote')} value={appraisalNote} onChange={(e) => setAppraisalNote(e.target.value)} multiline slotProps={{ htmlInput: { maxLength: 2000, dir: 'auto' } }} />
            <Button
              variant="outlined"
              sx={{ minHeight: 56 }}
              disabled={parsedValue === undefined || appraise.isPending}
              onClick={() => appraise.mutate({ itemId: entry.itemId, body: { value: parsedValue ?? null, note: appraisalNote } }, done)}
            >
              {t('handover:disposition.save')}
            </Button>
          </Box>
        )}
        {entry.sale && (
          <Typography>
            {t('handover:disposition.sold', { price: money(entry.sale.price, entry.sale.currency, i18n.language), date: formatDate(entry.sale.soldAt, i18n.language) })}
            {entry.sale.buyer && <> · <bdi>{entry.sale.buyer}</bdi></>}
          </Typography>
        )}
        {canSell && (
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '160px 1fr auto' }, alignItems: 'start' }}>
            <Typography component="legend" sx={{ fontWeight: 600, mb: 1 }}>
              {t('handover:disposition.sale')}
            </Typography>
            <TextField
              label={t('handover:disposition.price')}
              value={price}
              onChange={(e) => setPrice(e.target.value)}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              error={parsedPrice === undefined}
              helperText={parsedPrice === undefined ? t('handover:disposition.numberInvalid') : undefined}
            />
            <TextField label={t('handover:disposition.buyer')} value={buyer} onChange={(e) => setBuyer(e.target.value)} slotProps={{ htmlInput: { maxLength: 200, dir: 'auto' } }} />
            <Button
              variant="outlined"
              sx={{ minHeight: 56 }}
              disabled={parsedPrice === undefined || parsedPrice === null || sale.isPending}
              onClick={() => parsedPrice != null && sale.mutate({ itemId: entry.itemId, body: { price: parsedPrice, buyer } }, done)}
            >
              {t('handover:disposition.recordSale')}
            </Button>
          </Box>
        )}
        {!entry.disposition && !canSet && (policy.can('disposition.appraise') || policy.can('disposition.sale')) && (
          <Typography variant="body2" color="text.secondary">
            {t('handover:disposition.decideFirst')}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
