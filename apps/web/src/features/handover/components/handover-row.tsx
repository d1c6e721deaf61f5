import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CheckCircle from '@mui/icons-material/CheckCircleOutlined';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import MoreVert from '@mui/icons-material/MoreVert';
import { HANDOVER_METHODS, hasOutcome, type HandoverMethod, type HandoverViewStatus } from '@estate/domain/handover';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { errorMessage } from '../../../shared/api/error-message';
import { formatDate } from '../../../shared/i18n/format';
import { notify } from '../../../shared/ui/notify';
import { useUpdateHandover, type HandoverEntry } from '../../../shared/api/handover';

export const STATUS_COLOR: Record<HandoverViewStatus, 'default' | 'info' | 'warning' | 'success' | 'secondary'> = {
  assigned: 'default',
  scheduled: 'info',
  'handed-over': 'warning',
  shipped: 'warning',
  received: 'success',
  returned: 'secondary',
};

/** Whether the item still needs its hand-over (no receipt, not handed over, shipped or returned). */
export function isOpen(entry: HandoverEntry): boolean {
  const recorded = entry.status === 'assigned' || entry.status === 'received' ? null : entry.status;
  return !hasOutcome(recorded, entry.status === 'received');
}

/** "2026-11-28T10:00" for a datetime-local field, in the device's time. */
function localInput(iso: string | null): string {
  const d = iso ? new Date(iso) : new Date(Date.now() + 24 * 3600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

type Props = { estateId: string; entry: HandoverEntry; canRecord: boolean; /** Whose it is, in words ("For Anna Ellis"), said on a phone. */ receiver?: string };

/**
 * One item on the board, phone-first: the photo, number and name, where it is, its status, and one
 * large "Handed over" tick; setting a date, "sent" and "came back" are in the item's menu. On a
 * phone it is a small card (the tick across its foot, the name given the width); on wider screens
 * one line.
 */
export function HandoverRow({ estateId, entry, canRecord, receiver }: Props) {
  const { t, i18n } = useTranslation();
  const update = useUpdateHandover(estateId);
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [dialog, setDialog] = useState<'schedule' | 'returned' | null>(null);
  const [when, setWhen] = useState(localInput(entry.scheduledAt));
  const [method, setMethod] = useState<HandoverMethod>(entry.method ?? 'pickup');
  const [note, setNote] = useState(entry.note ?? '');
  const { item } = entry;
  const place = [item.locationName, item.roomName].filter(Boolean).join(' › ');
  const tick = canRecord && isOpen(entry);

  const record = (body: Parameters<typeof update.mutate>[0]['body'], done?: () => void) =>
    update.mutate(
      { itemId: entry.itemId, version: item.version, body },
      {
        onSuccess: () => {
          notify(t('handover:board.saved'), 'success');
          done?.();
        },
        onError: (e) => notify(errorMessage(e, t), 'error'),
      },
    );

  const detail =
    entry.status === 'received' && entry.receivedAt
      ? t('handover:receipt.receivedOn', { date: formatDate(entry.receivedAt, i18n.language, true) })
      : entry.status === 'scheduled' && entry.scheduledAt
        ? t('handover:receipt.scheduledFor', { date: formatDate(entry.scheduledAt, i18n.language, true) })
        : (entry.status === 'handed-over' || entry.status === 'shipped') && entry.handedOverAt
          ? `${t('handover:receipt.handedOverOn', { date: formatDate(entry.handedOverAt, i18n.language, true) })} · ${t('handover:receipt.waiting')}`
          : null;

  return (
    <Box
      component="li"
      data-testid="handover-row"
      data-item={item.label}
      sx={{
        // A phone: photo, name and the item's menu on top, the big tick across the card below it.
        // Wider screens: one line per item.
        display: 'grid',
        gridTemplateColumns: { xs: '56px minmax(0, 1fr) auto', sm: '56px minmax(0, 1fr) auto auto' },
        gridTemplateAreas: { xs: tick ? '"photo text more" "tick tick tick"' : '"photo text more"', sm: '"photo text tick more"' },
        columnGap: 1.5,
        rowGap: 1,
        alignItems: 'center',
        py: 1.5,
        borderBottom: 1,
        borderColor: 'divider',
        listStyle: 'none',
      }}
    >
      <Box sx={{ gridArea: 'photo', alignSelf: 'start', width: 56, height: 56, borderRadius: 1, overflow: 'hidden', bgcolor: 'action.hover', display: 'grid', placeItems: 'center' }}>
        {item.thumbUrl ? (
          <Box component="img" src={item.thumbUrl} alt="" sx={{ width: 56, height: 56, objectFit: 'cover' }} />
        ) : (
          <ImageOutlined color="disabled" aria-hidden="true" />
        )}
      </Box>
      <Box sx={{ gridArea: 'text', minWidth: 0 }}>
        <Link
          component={RouterLink}
          to={`/p/${estateId}/i/${entry.itemId}`}
          underline="hover"
          data-testid="handover-item-name"
          sx={{ fontWeight: 600, display: 'block', overflowWrap: 'break-word' }}
        >
          <bdi>{item.label}</bdi> · <bdi>{item.name}</bdi>
        </Link>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'break-word' }}>
          <bdi>{place || t('handover:board.noRoom')}</bdi>
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, rowGap: 0.5, mt: 0.5 }}>
          <Chip size="small" color={STATUS_COLOR[entry.status]} label={t(`handover:status.${entry.status}`)} />
          {receiver && (
            // On a phone the receiver's heading has long scrolled away: each item says whose it is.
            <Typography variant="body2" color="text.secondary" sx={{ display: { xs: 'block', sm: 'none' } }}>
              {receiver}
            </Typography>
          )}
          {entry.method && entry.status !== 'assigned' && <Typography variant="body2">{t(`handover:method.${entry.method}`)}</Typography>}
          {detail && (
            <Typography variant="body2" color="text.secondary">
              {detail}
            </Typography>
          )}
        </Box>
      </Box>
      {tick && (
        <Button
          variant="contained"
          color="success"
          startIcon={<CheckCircle />}
          sx={{ gridArea: 'tick', minHeight: 48, whiteSpace: 'nowrap' }}
          disabled={update.isPending}
          onClick={() => record({ status: 'handed-over', method: entry.method ?? 'pickup' })}
        >
          {t('handover:board.handedOver')}
        </Button>
      )}
      {canRecord && (
        <>
          <IconButton
            aria-label={t('handover:board.more', { label: item.label })}
            onClick={(e) => setMenu(e.currentTarget)}
            sx={{ gridArea: 'more', alignSelf: { xs: 'start', sm: 'center' }, width: 48, height: 48 }}
          >
            <MoreVert />
          </IconButton>
          <Menu anchorEl={menu} open={Boolean(menu)} onClose={() => setMenu(null)}>
            {entry.status !== 'received' && (
              <MenuItem sx={{ minHeight: 48 }} onClick={() => (setMenu(null), setDialog('schedule'))}>
                {t('handover:record.scheduleAction')}
              </MenuItem>
            )}
            {entry.status !== 'received' && entry.status !== 'shipped' && (
              <MenuItem sx={{ minHeight: 48 }} onClick={() => (setMenu(null), record({ status: 'shipped', method: 'shipping' }))}>
                {t('handover:record.shippedAction')}
              </MenuItem>
            )}
            {entry.status !== 'returned' && (
              <MenuItem sx={{ minHeight: 48 }} onClick={() => (setMenu(null), setDialog('returned'))}>
                {t('handover:record.returnedAction')}
              </MenuItem>
            )}
          </Menu>
        </>
      )}
      <Dialog open={dialog === 'schedule'} onClose={() => setDialog(null)} fullWidth maxWidth="xs" aria-labelledby={`schedule-${entry.itemId}`}>
        <DialogTitle id={`schedule-${entry.itemId}`}>{t('handover:record.scheduleTitle', { label: item.label })}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          <TextField
            type="datetime-local"
            label={t('handover:record.when')}
            value={when}
            onChange={(e) => setWhen(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
            error={!when}
            helperText={when ? undefined : t('handover:record.whenRequired')}
          />
          <TextField select label={t('handover:record.method')} value={method} onChange={(e) => setMethod(e.target.value as HandoverMethod)}>
            {HANDOVER_METHODS.map((m) => (
              <MenuItem key={m} value={m} sx={{ minHeight: 48 }}>
                {t(`handover:method.${m}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField label={t('handover:record.note')} value={note} onChange={(e) => setNote(e.target.value)} multiline minRows={2} slotProps={{ htmlInput: { maxLength: 1000 } }} />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDialog(null)} sx={{ minHeight: 48 }}>
            {t('handover:record.cancel')}
          </Button>
          <Button
            variant="contained"
            sx={{ minHeight: 48 }}
            disabled={!when || update.isPending}
            onClick={() => record({ status: 'scheduled', method, scheduledAt: new Date(when).toISOString(), note }, () => setDialog(null))}
          >
            {t('handover:record.save')}
          </Button>
        </DialogActions>
      </Dialog>
      <Dialog open={dialog === 'returned'} onClose={() => setDialog(null)} fullWidth maxWidth="xs" aria-labelledby={`returned-${entry.itemId}`}>
        <DialogTitle id={`returned-${entry.itemId}`}>{t('handover:record.returnedTitle', { label: item.label })}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('handover:record.returnedText')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDialog(null)} sx={{ minHeight: 48 }}>
            {t('handover:record.cancel')}
          </Button>
          <Button variant="contained" color="warning" sx={{ minHeight: 48 }} disabled={update.isPending} onClick={() => record({ status: 'returned' }, () => setDialog(null))}>
            {t('handover:record.confirmReturned')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
