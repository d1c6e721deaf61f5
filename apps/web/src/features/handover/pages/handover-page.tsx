import { useMemo, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DoneAll from '@mui/icons-material/DoneAll';
import Download from '@mui/icons-material/DownloadOutlined';
import QrCodeScanner from '@mui/icons-material/QrCodeScannerOutlined';
import { HANDOVER_VIEW_STATUSES } from '@estate/domain/handover';
import { Stage, isStageCode } from '@estate/domain/stages';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { errorMessage } from '../../../shared/api/error-message';
import { saveFile } from '../../../shared/api/client';
import { currentMembership } from '../../../shared/session/current-estate';
import { actorOf, policyFor } from '../../../shared/session/actor';
import { useSession } from '../../../shared/session/session-context';
import { useEstateStage } from '../../../shared/api/estate-stage';
import { useMembers } from '../../../shared/api/members';
import {
  downloadHandoverFile,
  useBulkHandover,
  useHandover,
  type HandoverEntry,
  type HandoverFile,
} from '../../../shared/api/handover';
import { EmptyState } from '../../../shared/ui/empty-state';
import { FullPageLoader } from '../../../shared/ui/full-page-loader';
import { PageLayout } from '../../../shared/ui/page-layout';
import { RefusableButton } from '../../../shared/ui/refusable-button';
import { notify } from '../../../shared/ui/notify';
import { HandoverRow, isOpen } from '../components/handover-row';

const OUTSIDE = 'outside';
/** A filter shows its "all" choice when nothing is chosen (not an empty box). */
const FILTER_SLOTS = { inputLabel: { shrink: true }, select: { displayEmpty: true } } as const;

/**
 * `/trustee/handover`: the trustee's hand-over board, made for a phone in one hand while walking
 * the house: items by receiver, filters by receiver, room and status, one tick per item and one for
 * a receiver's whole pick-up, and each receiver's lists to print.
 */
export function HandoverPage() {
  const { t } = useTranslation();
  const { me } = useSession();
  const membership = currentMembership(me);
  const estateId = membership?.estateId ?? null;
  const stageInfo = useEstateStage(estateId);
  const stageNow = stageInfo.data?.stage ?? membership?.stage ?? 0;
  const stage = isStageCode(stageNow) ? stageNow : Stage.Initial;
  const policy = policyFor(actorOf(me, membership ? { ...membership, stage } : null));
  const mayView = policy.can('handover.view');
  const handover = useHandover(estateId, mayView);
  const members = useMembers(estateId);
  const [search, setSearch] = useSearchParams();
  const receiver = search.get('receiver') ?? '';
  const room = search.get('room') ?? '';
  const status = search.get('status') ?? '';
  const setFilter = (key: string, value: string) => {
    const next = new URLSearchParams(search);
    if (value) next.set(key, value);
    else next.delete(key);
    setSearch(next, { replace: true });
  };

  const entries = useMemo(() => handover.data?.handover ?? [], [handover.data]);
  const names = useMemo(() => new Map((members.data ?? []).map((m) => [m.id, m.displayName])), [members.data]);
  const nameOf = (id: string | null) => (id ? (names.get(id) ?? '…') : t('handover:board.someoneOutside'));
  const rooms = useMemo(() => {
    const seen = new Map<string, string>();
    for (const e of entries) if (e.item.roomId) seen.set(e.item.roomId, [e.item.locationName, e.item.roomName].filter(Boolean).join(' › '));
    return [...seen].sort((a, b) => a[1].localeCompare(b[1]));
  }, [entries]);
  const receivers = useMemo(() => [...new Set(entries.map((e) => e.memberId ?? OUTSIDE))], [entries]);
  const shown = entries.filter(
    (e) => (!receiver || (e.memberId ?? OUTSIDE) === receiver) && (!room || e.item.roomId === room) && (!status || e.status === status),
  );
  const groups = new Map<string, HandoverEntry[]>();
  for (const e of shown) groups.set(e.memberId ?? OUTSIDE, [...(groups.get(e.memberId ?? OUTSIDE) ?? []), e]);
  const done = entries.filter((e) => !isOpen(e)).length;

  const decision = policy.decide('handover.update');
  const canRecord = decision.ok;
  const refusal = decision.ok || decision.reason === 'role' ? null : decision.reason === 'support' ? t('support:refusal') : t('handover:board.notYet', { name: t(`stages:stage.${Stage.Distribution}.name`) });

  if (!membership || !estateId) {
    return (
      <PageLayout title={t('handover:board.title')}>
        <EmptyState title={t('process:common.noEstate')} />
      </PageLayout>
    );
  }

  return (
    <PageLayout
      title={t('handover:board.title')}
      subtitle={t('handover:board.subtitle')}
      maxWidth={960}
      actions={
        policy.can('disposition.view') && (
          <Button component={RouterLink} to="/unwanted-items" variant="outlined" sx={{ minHeight: 48 }}>
            {t('handover:board.unwantedLink')}
          </Button>
        )
      }
    >
      {!mayView && <EmptyState title={t('handover:board.notOpenYet', { name: t(`stages:stage.${Stage.AssignmentCompleted}.name`) })} />}
      {mayView && (handover.isPending || stageInfo.isPending) && <FullPageLoader />}
      {handover.isError && <Alert severity="error">{errorMessage(handover.error, t)}</Alert>}
      {handover.data && (
        <>
          {stage === Stage.DistributionCompleted ? (
            <Alert severity="success" sx={{ mb: 2 }}>
              {t('handover:board.closed')}
            </Alert>
          ) : (
            refusal && (
              <Alert severity="info" sx={{ mb: 2 }}>
                {refusal}
              </Alert>
            )
          )}
          {entries.length > 0 && (
            <Box sx={{ mb: 2 }}>
              <Typography sx={{ mb: 0.5 }} data-testid="handover-progress">
                {t('handover:board.progress', { done, total: entries.length })}
              </Typography>
              <LinearProgress variant="determinate" value={(100 * done) / entries.length} aria-hidden="true" sx={{ height: 8, borderRadius: 4 }} />
            </Box>
          )}
          {canRecord && (
            <Alert icon={<QrCodeScanner />} severity="info" variant="outlined" sx={{ mb: 2 }}>
              {t('handover:board.scanHint')}
            </Alert>
          )}
          {/* Three filters side by side; on a phone the receiver above the other two, so each shows its choice. */}
          <Box sx={{ display: 'grid', gap: { xs: 1, sm: 1.5 }, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))' }, mb: 2 }}>
            <TextField select label={t('handover:board.receiver')} sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }} value={receiver} onChange={(e) => setFilter('receiver', e.target.value)} slotProps={FILTER_SLOTS}>
              <MenuItem value="" sx={{ minHeight: 48 }}>
                {t('handover:board.everyone')}
              </MenuItem>
              {receivers.map((id) => (
                <MenuItem key={id} value={id} sx={{ minHeight: 48 }}>
                  {nameOf(id === OUTSIDE ? null : id)}
                </MenuItem>
              ))}
            </TextField>
            <TextField select label={t('handover:board.room')} value={room} onChange={(e) => setFilter('room', e.target.value)} slotProps={FILTER_SLOTS}>
              <MenuItem value="" sx={{ minHeight: 48 }}>
                {t('handover:board.allRooms')}
              </MenuItem>
              {rooms.map(([id, label]) => (
                <MenuItem key={id} value={id} sx={{ minHeight: 48 }}>
                  <bdi>{label}</bdi>
                </MenuItem>
              ))}
            </TextField>
            <TextField select label={t('handover:board.status')} value={status} onChange={(e) => setFilter('status', e.target.value)} slotProps={FILTER_SLOTS}>
              <MenuItem value="" sx={{ minHeight: 48 }}>
                {t('handover:board.anyStatus')}
              </MenuItem>
              {HANDOVER_VIEW_STATUSES.map((s) => (
                <MenuItem key={s} value={s} sx={{ minHeight: 48 }}>
                  {t(`handover:status.${s}`)}
                </MenuItem>
              ))}
            </TextField>
          </Box>
          {entries.length === 0 && <EmptyState title={t('handover:board.none')} />}
          {entries.length > 0 && shown.length === 0 && <Typography color="text.secondary">{t('handover:board.empty')}</Typography>}
          {[...groups].map(([id, list]) => (
            <ReceiverGroup
              key={id}
              estateId={estateId}
              memberId={id === OUTSIDE ? null : id}
              name={nameOf(id === OUTSIDE ? null : id)}
              entries={list}
              canRecord={canRecord}
              canDownload={policy.can('handover.pickupList')}
            />
          ))}
        </>
      )}
    </PageLayout>
  );
}

function ReceiverGroup(props: { estateId: string; memberId: string | null; name: string; entries: HandoverEntry[]; canRecord: boolean; canDownload: boolean }) {
  const { estateId, memberId, name, entries, canRecord, canDownload } = props;
  const { t } = useTranslation();
  const bulk = useBulkHandover(estateId);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState<HandoverFile | null>(null);
  const open = entries.filter(isOpen);

  const download = async (kind: HandoverFile) => {
    if (!memberId) return;
    setBusy(kind);
    try {
      saveFile(await downloadHandoverFile(estateId, memberId, kind));
    } catch (error) {
      notify(errorMessage(error, t), 'error');
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card variant="outlined" sx={{ mb: 2 }} component="section" aria-label={name} data-testid="handover-group">
      <CardContent sx={{ px: { xs: 1.5, sm: 2 } }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, justifyContent: 'space-between' }}>
          <Box>
            <Typography component="h2" variant="h6">
              <bdi>{name}</bdi>
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('handover:board.items', { count: entries.length })}
            </Typography>
          </Box>
          {canRecord && memberId && open.length > 0 && (
            <RefusableButton variant="contained" color="success" startIcon={<DoneAll />} onClick={() => setConfirming(true)}>
              {t('handover:board.pickupAll', { count: open.length })}
            </RefusableButton>
          )}
        </Box>
        {canDownload && memberId && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1.5 }} role="group" aria-label={t('handover:board.lists', { name })}>
            {(['pickup-pdf', 'pickup-xlsx', 'receipts-pdf'] as const).map((kind) => (
              <Button key={kind} size="small" variant="outlined" startIcon={<Download />} sx={{ minHeight: 48 }} disabled={busy !== null} onClick={() => void download(kind)}>
                {busy === kind ? t('handover:board.downloading') : t(`handover:board.${kind === 'pickup-pdf' ? 'pickupPdf' : kind === 'pickup-xlsx' ? 'pickupXlsx' : 'receiptsPdf'}`)}
              </Button>
            ))}
          </Box>
        )}
        <Box component="ul" sx={{ m: 0, mt: 1, p: 0 }}>
          {entries.map((entry) => (
            <HandoverRow key={entry.itemId} estateId={estateId} entry={entry} canRecord={canRecord} receiver={memberId ? t('handover:board.for', { name }) : name} />
          ))}
        </Box>
      </CardContent>
      <Dialog open={confirming} onClose={() => setConfirming(false)} fullWidth maxWidth="xs" aria-labelledby={`pickup-${memberId ?? ''}`}>
        <DialogTitle id={`pickup-${memberId ?? ''}`}>{t('handover:board.pickupTitle', { name })}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('handover:board.pickupText', { name })}</DialogContentText>
          <Box component="ul" sx={{ mt: 1, mb: 0, pl: 3 }}>
            {open.map((e) => (
              <li key={e.itemId}>
                <bdi>{e.item.label}</bdi> · <bdi>{e.item.name}</bdi>
              </li>
            ))}
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)} sx={{ minHeight: 48 }}>
            {t('handover:record.cancel')}
          </Button>
          <Button
            variant="contained"
            color="success"
            sx={{ minHeight: 48 }}
            disabled={bulk.isPending}
            onClick={() =>
              memberId &&
              bulk.mutate(
                { memberId, status: 'handed-over', method: 'pickup', items: open.map((e) => ({ itemId: e.itemId, version: e.item.version })) },
                {
                  onSuccess: () => {
                    notify(t('handover:board.pickupDone'), 'success');
                    setConfirming(false);
                  },
                  onError: (e) => notify(errorMessage(e, t), 'error'),
                },
              )
            }
          >
            {t('handover:board.handedOver')}
          </Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
}
