import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from '../i18n/use-translation';
import { useOnline } from './online';
import { countsOf, keepMine, onQueueChange, putAside, sendWaiting, sendingProgress, tryAgain, waitingChanges, type Change } from './queue';

/** "2 items, 1 photo, 1 story": each count with its language's plural, the empty ones left out. */
export function waitingWhat(counts: ReturnType<typeof countsOf>, t: TFunction): string {
  return (['items', 'edits', 'photos', 'stories'] as const)
    .filter((kind) => counts[kind] > 0)
    .map((kind) => t(`stories:offline.count.${kind}`, { count: counts[kind] }))
    .join(t('stories:offline.separator'));
}

/** A value of an edit as the person reads it: a place by its name, a list joined, nothing as "—". */
function shown(field: string, value: unknown, change: Change, t: TFunction): string {
  if (value === null || value === undefined || value === '') return '—';
  if ((field === 'locationId' || field === 'roomId') && typeof value === 'string') return change.placeNames?.[value] ?? t('stories:offline.elsewhere');
  if (field === 'distribution' && typeof value === 'string') return t(`catalogue:distribution.${value}`, { defaultValue: value });
  if (Array.isArray(value)) return value.join(', ') || '—';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** An edit refused because the item changed meanwhile: the person's values beside the newer ones. */
function ChangedMeanwhile({ change }: { change: Change }) {
  const { t } = useTranslation();
  const newer = change.newer!;
  return (
    <Alert severity="warning" sx={{ my: 1 }} role="alert" data-testid="changed-meanwhile">
      <Typography sx={{ fontWeight: 600 }}>{t('stories:offline.refused', { what: t('stories:offline.what.edit', { name: change.name }) })}</Typography>
      <Typography>{t('stories:offline.changedMeanwhile', { name: change.name })}</Typography>
      <Table size="small" aria-label={t('stories:offline.what.edit', { name: change.name })} sx={{ my: 1 }}>
        <TableHead>
          <TableRow>
            <TableCell>{t('catalogue:conflict.field')}</TableCell>
            <TableCell>{t('catalogue:conflict.yours')}</TableCell>
            <TableCell>{t('catalogue:conflict.now')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {Object.entries(change.body ?? {}).map(([field, value]) => (
            <TableRow key={field}>
              <TableCell>{t(`catalogue:fields.${field}`)}</TableCell>
              <TableCell dir="auto">{shown(field, value, change, t)}</TableCell>
              <TableCell dir="auto">{shown(field, newer.values[field], change, t)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button variant="contained" onClick={() => void keepMine(change.seq!)} sx={{ minHeight: 48 }}>
          {t('stories:offline.keepMine')}
        </Button>
        <Button variant="outlined" onClick={() => void putAside(change.seq!)} sx={{ minHeight: 48 }}>
          {t('stories:offline.takeNewer')}
        </Button>
      </Box>
    </Alert>
  );
}

/**
 * What waits on this phone to be sent, "Waiting to be sent (12 items, 31 photos, 1 story)", with
 * progress while it goes, and each refused change with the server's reason and what to do (an edit
 * of an item changed meanwhile: theirs beside the newer, keep theirs or take the newer).
 */
export function WaitingChanges() {
  const { t } = useTranslation();
  const online = useOnline();
  const queryClient = useQueryClient();
  const [changes, setChanges] = useState<Change[]>([]);
  const [progress, setProgress] = useState(sendingProgress());
  useEffect(() => {
    let live = true;
    // How many changes waited when last read (fewer now: some were sent), and whether any were
    // sent since the lists were last read again.
    let waited = 0;
    let sent = false;
    const read = () =>
      void waitingChanges().then((all) => {
        if (!live) return;
        setChanges(all);
        setProgress(sendingProgress());
        if (all.length < waited) sent = true;
        waited = all.length;
        // What was sent shows in the lists. Only then: an empty queue on opening the app changes
        // nothing, and reading every list again would double the page's first reads.
        if (sent && !sendingProgress()) {
          sent = false;
          void queryClient.invalidateQueries({ queryKey: ['estate'] });
        }
      });
    read();
    const stop = onQueueChange(read);
    return () => {
      live = false;
      stop();
    };
  }, [queryClient]);
  // Sent as soon as there is a network: on opening the app, and when the connection returns.
  useEffect(() => {
    if (online) void sendWaiting();
  }, [online]);

  if (changes.length === 0) return null;
  const waiting = changes.filter((c) => !c.refusal);
  const refused = changes.filter((c) => c.refusal);
  const counts = countsOf(waiting);
  return (
    <Box sx={{ px: 2, py: 1, bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }} data-testid="waiting-changes">
      {waiting.length > 0 && (
        <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
          <Typography sx={{ flex: '1 1 200px' }}>{progress ? t('stories:offline.sending', progress) : t('stories:offline.waiting', { what: waitingWhat(counts, t) })}</Typography>
          {online && !progress && (
            <Button variant="outlined" onClick={() => void sendWaiting()} sx={{ minHeight: 48 }}>
              {t('stories:offline.sendNow')}
            </Button>
          )}
        </Box>
      )}
      {progress && <LinearProgress variant="determinate" value={(100 * progress.done) / Math.max(1, progress.total)} sx={{ my: 1 }} />}
      {refused.map((change) =>
        change.newer ? (
          <ChangedMeanwhile key={change.seq} change={change} />
        ) : (
        <Alert key={change.seq} severity="warning" sx={{ my: 1 }} role="alert">
          <Typography sx={{ fontWeight: 600 }}>{t('stories:offline.refused', { what: t(`stories:offline.what.${change.kind}`, { name: change.name }) })}</Typography>
          <Typography dir="auto">{change.refusal}</Typography>
          <Typography variant="body2">{t('stories:offline.refusedHelp')}</Typography>
          <Box sx={{ display: 'flex', gap: 1, mt: 1, flexWrap: 'wrap' }}>
            <Button variant="outlined" onClick={() => void tryAgain(change.seq!)} sx={{ minHeight: 48 }}>
              {t('stories:offline.retry')}
            </Button>
            <Button color="inherit" onClick={() => void putAside(change.seq!)} sx={{ minHeight: 48 }}>
              {t('stories:offline.discard')}
            </Button>
          </Box>
        </Alert>
        ),
      )}
    </Box>
  );
}
