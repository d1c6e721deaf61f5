import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import CheckCircle from '@mui/icons-material/CheckCircleOutlined';
import Download from '@mui/icons-material/DownloadOutlined';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import { Stage } from '@estate/domain/stages';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { errorMessage } from '../../../shared/api/error-message';
import { formatDate } from '../../../shared/i18n/format';
import { useMembers } from '../../../shared/api/members';
import { saveFile } from '../../../shared/api/client';
import { downloadHandoverFile, useConfirmReceipt, useHandover, type HandoverEntry, type HandoverFile } from '../../../shared/api/handover';
import type { Policy } from '../../../shared/session/actor';
import { notify } from '../../../shared/ui/notify';

const COLOR = { assigned: 'default', scheduled: 'info', 'handed-over': 'warning', shipped: 'warning', received: 'success', returned: 'default' } as const;

/**
 * My items › Hand-over: each item on its way to me (and to the grandchild I receive for), and one
 * large "I have received it" per item, for a phone in one hand.
 */
export function HandoverTab({ estateId, meId, policy }: { estateId: string; meId: string; policy: Policy }) {
  const { t } = useTranslation();
  const handover = useHandover(estateId, policy.can('handover.view'));
  const members = useMembers(estateId);
  const [busy, setBusy] = useState<HandoverFile | null>(null);
  const entries = handover.data?.handover ?? [];
  const nameOf = (id: string | null) => members.data?.find((m) => m.id === id)?.displayName ?? '…';

  const download = async (kind: HandoverFile) => {
    setBusy(kind);
    try {
      saveFile(await downloadHandoverFile(estateId, meId, kind));
    } catch (error) {
      notify(errorMessage(error, t), 'error');
    } finally {
      setBusy(null);
    }
  };

  if (!policy.can('handover.view')) {
    return <Typography color="text.secondary">{t('handover:mine.notYet', { name: t(`stages:stage.${Stage.Distribution}.name`) })}</Typography>;
  }
  return (
    <Box>
      {handover.isError && <Alert severity="error">{errorMessage(handover.error, t)}</Alert>}
      {handover.data && entries.length === 0 && <Typography color="text.secondary">{t('handover:mine.empty')}</Typography>}
      {entries.length > 0 && (
        <Typography sx={{ mb: 2 }} color="text.secondary">
          {t('handover:mine.intro')}
        </Typography>
      )}
      {policy.can('handover.pickupList') && entries.some((e) => e.memberId === meId) && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }} role="group" aria-label={t('handover:mine.lists')}>
          {(['pickup-pdf', 'receipts-pdf'] as const).map((kind) => (
            <Button key={kind} variant="outlined" startIcon={<Download />} sx={{ minHeight: 48 }} disabled={busy !== null} onClick={() => void download(kind)}>
              {busy === kind ? t('handover:board.downloading') : t(kind === 'pickup-pdf' ? 'handover:board.pickupPdf' : 'handover:board.receiptsPdf')}
            </Button>
          ))}
        </Box>
      )}
      {entries.map((entry) => (
        <MyHandoverItem key={entry.itemId} estateId={estateId} entry={entry} forChild={entry.memberId !== meId ? nameOf(entry.memberId) : null} canConfirm={policy.can('handover.receipt')} />
      ))}
    </Box>
  );
}

function MyHandoverItem({ estateId, entry, forChild, canConfirm }: { estateId: string; entry: HandoverEntry; forChild: string | null; canConfirm: boolean }) {
  const { t, i18n } = useTranslation();
  const confirm = useConfirmReceipt(estateId);
  const { item } = entry;
  const place = [item.locationName, item.roomName].filter(Boolean).join(' › ');
  const waiting = entry.status !== 'received' && entry.status !== 'returned';
  return (
    <Card variant="outlined" sx={{ mb: 1.5 }} data-testid="my-handover-item" data-item={item.label}>
      <CardContent sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
        <Box sx={{ width: 64, height: 64, flexShrink: 0, borderRadius: 1, overflow: 'hidden', bgcolor: 'action.hover', display: 'grid', placeItems: 'center' }}>
          {item.thumbUrl ? <Box component="img" src={item.thumbUrl} alt="" sx={{ width: 64, height: 64, objectFit: 'cover' }} /> : <ImageOutlined color="disabled" aria-hidden="true" />}
        </Box>
        <Box sx={{ flex: '1 1 180px', minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600 }}>
            <bdi>{item.label}</bdi> · <bdi>{item.name}</bdi>
          </Typography>
          {place && (
            <Typography variant="body2" color="text.secondary">
              <bdi>{place}</bdi>
            </Typography>
          )}
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mt: 0.5 }}>
            <Chip size="small" color={COLOR[entry.status]} label={t(`handover:status.${entry.status}`)} />
            {forChild && <Chip size="small" variant="outlined" label={t('handover:mine.forChild', { name: forChild })} />}
          </Box>
          {entry.status === 'scheduled' && entry.scheduledAt && (
            <Typography variant="body2" sx={{ mt: 0.5 }}>
              {t('handover:receipt.scheduledFor', { date: formatDate(entry.scheduledAt, i18n.language, true) })}
              {entry.method && ` · ${t(`handover:method.${entry.method}`)}`}
            </Typography>
          )}
          {entry.note && (
            <Typography variant="body2" dir="auto" sx={{ mt: 0.5, whiteSpace: 'pre-wrap' }}>
              {entry.note}
            </Typography>
          )}
          {entry.receivedAt && (
            <Typography variant="body2" color="success.main" sx={{ mt: 0.5 }}>
              {t('handover:receipt.receivedOn', { date: formatDate(entry.receivedAt, i18n.language, true) })}
            </Typography>
          )}
        </Box>
        {canConfirm && waiting && (
          <Button
            variant="contained"
            color="success"
            size="large"
            startIcon={<CheckCircle />}
            sx={{ minHeight: 56, flex: { xs: '1 1 100%', sm: '0 0 auto' } }}
            disabled={confirm.isPending}
            onClick={() =>
              confirm.mutate(entry.itemId, {
                onSuccess: () => notify(t('handover:receipt.thanks'), 'success'),
                onError: (e) => notify(errorMessage(e, t), 'error'),
              })
            }
          >
            {forChild ? t('handover:receipt.confirmFor', { name: forChild }) : t('handover:receipt.confirm')}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
