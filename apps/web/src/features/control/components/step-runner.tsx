import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { errorMessage } from '../../../shared/api/error-message';
import { notify } from '../../../shared/ui/notify';
import { useMembers } from '../../members/api';
import { downloadRecord, useDraws, type DrawRecord } from '../../draws/api';
import { useEstateMutation, usePoolItems } from '../api';
import { Section } from './section';

type Props = { estateId: string; step: 14 | 15 | 21 | 31 };

/** The result of a preview or a run: who gets what, in plain words. */
export function RecordSummary({ record, names }: { record: DrawRecord; names: (kind: 'item' | 'member', id: string) => string }) {
  const { t } = useTranslation();
  const unwanted = record.unwanted ?? [];
  return (
    <Box>
      <Typography sx={{ mb: 1 }}>
        {t('process:steps.summary', { assigned: record.assignments.length, unwanted: unwanted.length })}
      </Typography>
      <List dense disablePadding sx={{ maxHeight: 320, overflow: 'auto' }}>
        {record.assignments.map((a) => (
          <ListItem key={a.itemId} disableGutters>
            <ListItemText
              primary={`${names('item', a.itemId)} → ${names('member', a.memberId)}`}
              secondary={
                a.round !== undefined
                  ? t('process:steps.roundPick', { round: a.round, pick: a.pick })
                  : a.tokens !== undefined
                    ? t(a.tied && a.tied > 1 ? 'process:steps.tokensTied' : 'process:steps.tokens', { tokens: a.tokens, tied: a.tied })
                    : undefined
              }
            />
          </ListItem>
        ))}
        {unwanted.map((id) => (
          <ListItem key={id} disableGutters>
            <ListItemText primary={`${names('item', id)} → ${t('process:steps.unwanted')}`} />
          </ListItem>
        ))}
      </List>
    </Box>
  );
}

/** Stages 14, 15, 21 and 31: public entropy, preview (a simulation), run, undo, download. */
export function StepRunner({ estateId, step }: Props) {
  const { t } = useTranslation();
  const draws = useDraws(estateId);
  const members = useMembers(estateId);
  const items = usePoolItems(estateId, true);
  const [entropy, setEntropy] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [preview, setPreview] = useState<DrawRecord | null>(null);
  const [error, setError] = useState<string | null>(null);
  const ran = draws.data?.draws.some((d) => d.step === step) ?? false;
  const onError = (e: unknown) => setError(errorMessage(e, t));

  const saveEntropy = useEstateMutation<void>(estateId, () => ({
    path: `/steps/${step}/entropy`,
    method: 'PUT',
    body: { publicEntropy: entropy },
  }));
  const simulate = useEstateMutation<void, { record: DrawRecord }>(estateId, () => ({ path: `/steps/${step}/preview`, method: 'POST' }));
  const run = useEstateMutation<void, { record: DrawRecord }>(estateId, () => ({ path: `/steps/${step}/run`, method: 'POST' }));
  const undo = useEstateMutation<void>(estateId, () => ({ path: `/steps/${step}/undo`, method: 'POST' }));
  const [result, setResult] = useState<DrawRecord | null>(null);

  const itemNames = useMemo(() => new Map((items.data?.items ?? []).map((i) => [i.id, `${i.label} · ${i.name}`])), [items.data]);
  const memberNames = useMemo(() => new Map((members.data ?? []).map((m) => [m.id, m.displayName])), [members.data]);
  const names = (kind: 'item' | 'member', id: string) =>
    (kind === 'item' ? itemNames.get(id) : memberNames.get(id)) ?? id.slice(0, 8);

  return (
    <Section title={t('process:steps.title', { name: t(`stages:stage.${step}.name`) })} id="panel-step">
      <Typography sx={{ mb: 2 }}>{t(`process:steps.explain.${step}`)}</Typography>
      {(step === 21 || step === 31) && !ran && (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start', mb: 2 }}>
          <TextField
            size="small"
            label={t('process:steps.entropy')}
            helperText={t('process:steps.entropyHelp')}
            value={entropy}
            onChange={(e) => setEntropy(e.target.value)}
            sx={{ flex: '1 1 240px' }}
          />
          <Button
            variant="outlined"
            onClick={() => {
              setError(null);
              saveEntropy.mutate(undefined, { onSuccess: () => notify(t('process:steps.entropySaved'), 'success'), onError });
            }}
          >
            {t('process:steps.saveEntropy')}
          </Button>
        </Box>
      )}
      {error && (
        <Alert severity="warning" role="alert" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      {ran ? (
        <Alert severity="success" sx={{ mb: 2 }}>
          {t('process:steps.ran')}
        </Alert>
      ) : null}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        {!ran && (
          <>
            <Button
              variant="outlined"
              disabled={simulate.isPending}
              onClick={() => {
                setError(null);
                simulate.mutate(undefined, { onSuccess: (r) => setPreview(r.record), onError });
              }}
            >
              {t('process:steps.preview')}
            </Button>
            <Button variant="contained" onClick={() => setConfirming(true)} disabled={run.isPending}>
              {t('process:steps.run')}
            </Button>
          </>
        )}
        {ran && (step === 14 || step === 15) && (
          <Button
            variant="outlined"
            color="warning"
            disabled={undo.isPending}
            onClick={() => {
              setError(null);
              undo.mutate(undefined, {
                onSuccess: () => {
                  setResult(null);
                  notify(t('process:steps.undone'), 'success');
                },
                onError,
              });
            }}
          >
            {t('process:steps.undo')}
          </Button>
        )}
        {ran && (
          <Button variant="outlined" onClick={() => void downloadRecord(estateId, step).catch(onError)}>
            {t('process:steps.download')}
          </Button>
        )}
      </Box>
      {preview && !ran && (
        <Box sx={{ border: 2, borderStyle: 'dashed', borderColor: 'warning.main', borderRadius: 1, p: 2, mb: 2 }} data-testid="step-preview">
          <Typography component="h3" sx={{ fontWeight: 700, color: 'warning.dark', mb: 1 }}>
            {t('process:steps.simulation')}
          </Typography>
          <RecordSummary record={preview} names={names} />
        </Box>
      )}
      {result && ran && <RecordSummary record={result} names={names} />}
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby="run-title">
        <DialogTitle id="run-title">{t('process:steps.confirmTitle', { name: t(`stages:stage.${step}.name`) })}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('process:steps.confirmText')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>{t('process:common.cancel')}</Button>
          <Button
            variant="contained"
            onClick={() => {
              setConfirming(false);
              setError(null);
              run.mutate(undefined, {
                onSuccess: (r) => {
                  setPreview(null);
                  setResult(r.record);
                  notify(t('process:steps.done'), 'success');
                },
                onError,
              });
            }}
          >
            {t('process:steps.runNow')}
          </Button>
        </DialogActions>
      </Dialog>
    </Section>
  );
}
