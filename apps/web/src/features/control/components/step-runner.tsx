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
import type { TFunction } from 'i18next';
import type { Action, Decision } from '@estate/domain/permissions';
import { Stage } from '@estate/domain/stages';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { errorMessage } from '../../../shared/api/error-message';
import { downloadDrawRecord, useDrawList } from '../../../shared/api/draws';
import { useMembers } from '../../../shared/api/members';
import type { Policy } from '../../../shared/session/actor';
import { notify } from '../../../shared/ui/notify';
import { RefusableButton } from '../../../shared/ui/refusable-button';
import type { DrawRecord } from '@estate/domain/draw/record';
import { useEstateMutation, usePoolItems, useStepPreview, useStepRun } from '../api';
import { Section } from './section';

type Props = { estateId: string; step: number; policy: Policy };

/** Steps 21 and 31 draw by lot: a draw is never undone (drawing again until someone likes it is unfair). */
const isDraw = (step: number) => step === Stage.AssignHighInterest || step === Stage.AssignRemaining;

/**
 * Why the policy refuses a step action, in plain words; null when allowed. A role refusal is not
 * explained: such a button is not shown at all.
 */
export function stepRefusal(decision: Decision, action: Action, step: number, stage: number, t: TFunction): string | null {
  if (decision.ok || decision.reason === 'role') return null;
  if (decision.reason === 'support') return t('support:refusal');
  const name = (code: number) => t(`stages:stage.${code}.name`);
  // Running and undoing belong to the step's own stage only.
  if (action === 'step.run' || action === 'step.undo') return t('process:steps.refused.ownStage', { name: name(step) });
  // Preview and public randomness: from the first stage the policy allows, until the step itself.
  const first = decision.reason === 'stage' ? decision.allowedStages[0] : undefined;
  if (stage > step || first === undefined) return t('process:steps.refused.passed');
  return t('process:steps.refused.stage', { first: name(first), last: name(step) });
}

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
                    ? t(a.tied && a.tied > 1 ? 'process:steps.tokensTied' : 'process:steps.tokens', { tokens: a.tokens, count: a.tokens ?? 0, tied: a.tied })
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

/**
 * Stages 14, 15, 21 and 31: public entropy, preview (a simulation), run, undo, download. Each is
 * asked of the policy for this step (`can(action, actor, { step })`) and, when refused, stays on
 * the page disabled with its reason.
 */
export function StepRunner({ estateId, step, policy }: Props) {
  const { t } = useTranslation();
  const draws = useDrawList(estateId);
  const members = useMembers(estateId);
  const items = usePoolItems(estateId, true);
  const [entropy, setEntropy] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [preview, setPreview] = useState<DrawRecord | null>(null);
  const [error, setError] = useState<string | null>(null);
  const ran = draws.data?.draws.some((d) => d.step === step) ?? false;
  const onError = (e: unknown) => setError(errorMessage(e, t));
  const stage = policy.actor?.stage ?? 0;
  const ask = (action: Action) => {
    const decision = policy.decide(action, { step });
    return { shown: decision.ok || decision.reason !== 'role', refusal: stepRefusal(decision, action, step, stage, t) };
  };
  const entropyAccess = ask('step.entropy');
  const previewAccess = ask('step.preview');
  const runAccess = ask('step.run');
  const undoAccess = ask('step.undo');
  const undoRefusal = isDraw(step) ? t('process:steps.refused.drawNoUndo') : undoAccess.refusal;

  const saveEntropy = useEstateMutation<void>(estateId, () => ({
    path: `/steps/${step}/entropy`,
    method: 'PUT',
    body: { publicEntropy: entropy },
  }));
  const simulate = useStepPreview(estateId, step);
  const run = useStepRun(estateId, step);
  const undo = useEstateMutation<void>(estateId, () => ({ path: `/steps/${step}/undo`, method: 'POST' }));
  const [result, setResult] = useState<DrawRecord | null>(null);

  const itemNames = useMemo(() => new Map((items.data?.items ?? []).map((i) => [i.id, `${i.label} · ${i.name}`])), [items.data]);
  const memberNames = useMemo(() => new Map((members.data ?? []).map((m) => [m.id, m.displayName])), [members.data]);
  const names = (kind: 'item' | 'member', id: string) =>
    (kind === 'item' ? itemNames.get(id) : memberNames.get(id)) ?? id.slice(0, 8);

  return (
    <Section title={t('process:steps.title', { name: t(`stages:stage.${step}.name`) })} id="panel-step">
      <Typography sx={{ mb: 2 }}>{t(`process:steps.explain.${step}`)}</Typography>
      {isDraw(step) && !ran && entropyAccess.shown && (
        <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'flex-start', mb: 2 }}>
          <TextField
            label={t('process:steps.entropy')}
            helperText={t('process:steps.entropyHelp')}
            value={entropy}
            disabled={Boolean(entropyAccess.refusal)}
            onChange={(e) => setEntropy(e.target.value)}
            sx={{ flex: '1 1 240px' }}
          />
          <RefusableButton
            variant="outlined"
            refusal={entropyAccess.refusal}
            sx={{ minHeight: 56 }}
            onClick={() => {
              setError(null);
              saveEntropy.mutate(undefined, { onSuccess: () => notify(t('process:steps.entropySaved'), 'success'), onError });
            }}
          >
            {t('process:steps.saveEntropy')}
          </RefusableButton>
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
      <Box sx={{ display: 'grid', gap: 1.5, justifyItems: 'start', mb: 2 }}>
        {!ran && previewAccess.shown && (
          <RefusableButton
            variant="outlined"
            refusal={previewAccess.refusal}
            disabled={simulate.isPending}
            onClick={() => {
              setError(null);
              simulate.mutate(undefined, { onSuccess: (r) => setPreview(r.record), onError });
            }}
          >
            {t('process:steps.preview')}
          </RefusableButton>
        )}
        {!ran && runAccess.shown && (
          <RefusableButton variant="contained" refusal={runAccess.refusal} onClick={() => setConfirming(true)} disabled={run.isPending}>
            {t('process:steps.run')}
          </RefusableButton>
        )}
        {ran && undoAccess.shown && (
          <RefusableButton
            variant="outlined"
            color="warning"
            refusal={undoRefusal}
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
          </RefusableButton>
        )}
        {ran && (
          <Button variant="outlined" sx={{ minHeight: 48 }} onClick={() => void downloadDrawRecord(estateId, step).catch(onError)}>
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
