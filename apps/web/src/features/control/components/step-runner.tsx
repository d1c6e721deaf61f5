import { useState } from 'react';
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
import type { Policy } from '../../../shared/session/actor';
import { notify } from '../../../shared/ui/notify';
import { RefusableButton } from '../../../shared/ui/refusable-button';
import type { DrawCertaintyView, DrawLine, StepPreviewAnswer } from '@estate/domain/schemas/draws';
import { useDrawLines, useEstateMutation, useStepPreview, useStepRun } from '../api';
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

/**
 * A step's result in words: each item's number and name with the person it goes to, or that nobody
 * wanted it (and what became of it since). Read from the server's answer, never from ids.
 */
export function ResultLines({ lines }: { lines: DrawLine[] }) {
  const { t } = useTranslation('draw-results');
  const assigned = lines.filter((l) => !l.unwanted).length;
  const to = (l: DrawLine) =>
    l.unwanted ? (l.outcome ? `${t('nobodyWanted')} · ${t(`outcome.${l.outcome}`)}` : t('nobodyWanted')) : (l.memberName ?? t('formerMember'));
  return (
    <Box>
      <Typography sx={{ mb: 1 }}>{t('process:steps.summary', { assigned, unwanted: lines.length - assigned })}</Typography>
      <List dense disablePadding sx={{ maxHeight: 320, overflow: 'auto' }} data-testid="step-result">
        {lines.map((l) => (
          <ListItem key={l.itemId} disableGutters>
            <ListItemText
              primary={
                <>
                  <bdi>{`${l.label} · ${l.name}`}</bdi> → <bdi>{to(l)}</bdi>
                </>
              }
              secondary={
                l.round !== undefined
                  ? t('process:steps.roundPick', { round: l.round, pick: l.pick })
                  : l.tokens !== undefined
                    ? t(l.tied && l.tied > 1 ? 'process:steps.tokensTied' : 'process:steps.tokens', { tokens: l.tokens, count: l.tokens ?? 0, tied: l.tied })
                    : undefined
              }
            />
          </ListItem>
        ))}
      </List>
    </Box>
  );
}

/** What a practice draw of step 21 or 31 can promise: the counts, and who can receive each item. */
function Certain({ certainty }: { certainty: DrawCertaintyView }) {
  const { t } = useTranslation('draw-results');
  return (
    <Box sx={{ mb: 2 }} data-testid="step-certain">
      <Typography component="h4" sx={{ fontWeight: 700, mb: 0.5 }}>
        {t('certainTitle')}
      </Typography>
      <List dense disablePadding>
        <ListItem disableGutters>
          <ListItemText primary={t('certainItems', { count: certainty.items })} />
        </ListItem>
        <ListItem disableGutters>
          <ListItemText primary={t('certainReceivers', { count: certainty.receivers })} />
        </ListItem>
        {/* "0 items can go to only one person" says nothing: left out. */}
        {certainty.certain > 0 && (
          <ListItem disableGutters>
            <ListItemText primary={t('certainSure', { count: certainty.certain })} />
          </ListItem>
        )}
      </List>
      <List dense disablePadding sx={{ maxHeight: 320, overflow: 'auto' }}>
        {certainty.pools.map((p) => (
          <ListItem key={p.itemId} disableGutters>
            <ListItemText
              primary={<bdi>{`${p.label} · ${p.name}`}</bdi>}
              secondary={
                p.members.length === 1
                  ? t('goesTo', { name: p.members[0]!.name })
                  : t('oneOf', { names: p.members.map((m) => m.name).join(', ') })
              }
            />
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
  const [entropy, setEntropy] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [preview, setPreview] = useState<StepPreviewAnswer | null>(null);
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
  // The result as stored: the same list after a run and after a reload.
  const stored = useDrawLines(estateId, step, ran && policy.can('draw.viewFull'));

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
              simulate.mutate(undefined, { onSuccess: (r) => setPreview(r), onError });
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
            {t(preview.certainty ? 'draw-results:practiceTitle' : 'process:steps.simulation')}
          </Typography>
          {preview.certainty?.items === 0 ? (
            // Nothing waits for this draw: one plain sentence, not a list of zeros.
            <Typography data-testid="step-nothing">{t('draw-results:nothingToDraw')}</Typography>
          ) : (
            <>
              <Typography sx={{ mb: 2 }}>{t(preview.certainty ? 'draw-results:practiceText' : 'draw-results:exactText')}</Typography>
              {preview.certainty && <Certain certainty={preview.certainty} />}
              {preview.certainty && (
                <Typography component="h4" sx={{ fontWeight: 700, mb: 0.5 }}>
                  {t('draw-results:practiceResult')}
                </Typography>
              )}
              <ResultLines lines={preview.lines} />
            </>
          )}
        </Box>
      )}
      {ran && stored.data && (
        <Box sx={{ mb: 2 }}>
          <Typography component="h3" sx={{ fontWeight: 700, mb: 1 }}>
            {t('draw-results:resultTitle')}
          </Typography>
          <ResultLines lines={stored.data.lines} />
        </Box>
      )}
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
                onSuccess: () => {
                  setPreview(null);
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
