import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import type { MoveOption } from '@estate/domain/stage-machine';
import { Stage, type StageCode } from '@estate/domain/stages';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { errorMessage } from '../../../shared/api/error-message';
import { useSession } from '../../../shared/session/session-context';
import { RefusableButton } from '../../../shared/ui/refusable-button';
import { useEstateMutation, useFlags, useStageMoves } from '../api';
import { useDispositions } from '../../../shared/api/handover';
import { ReportFilesProgress } from '../../../shared/process/report-files-progress';
import { Section } from './section';

type Props = { estateId: string; stage: number };

/** Why a move is refused, in plain words (the server's reason codes, translated). */
export function moveRefusal(option: MoveOption, t: TFunction): { reason: string; hint?: string } | null {
  if (option.allowed) return null;
  const name = (code: StageCode | null) => (code === null ? '' : t(`stages:stage.${code}.name`));
  switch (option.code) {
    case 'step-not-run':
      return { reason: t('process:control.refused.stepNotRun', { name: name(option.params.stage) }) };
    case 'review-incomplete':
      return {
        reason: t('process:control.refused.reviewIncomplete', { count: option.params.waiting }),
        hint: t('process:control.refused.reviewHint'),
      };
    case 'handover-incomplete':
      return { reason: t('handover:moves.open', { count: option.params.open }), hint: t('handover:moves.hint') };
    case 'results-published':
      return { reason: t('process:control.refused.resultsPublished') };
    case 'step-already-run':
      return {
        reason: t(
          option.params.stage === Stage.AssignHighInterest || option.params.stage === Stage.AssignRemaining
            ? 'process:control.refused.drawAlreadyRun'
            : 'process:control.refused.stepAlreadyRun',
          { name: name(option.params.stage) },
        ),
      };
    case 'deadline-passed':
      return { reason: t('process:control.refused.deadlinePassed', { name: name(option.params.stage) }) };
    case 'would-repeat-step':
      return { reason: t('process:control.refused.wouldRepeatStep', { name: name(option.params.stage) }) };
    default:
      return { reason: t('process:control.refused.other') };
  }
}

/** One move: a button, or a disabled button with the reason it cannot be made now. */
function MoveButton({ option, direction, onChoose }: { option: MoveOption; direction: 'forward' | 'back'; onChoose: (to: number) => void }) {
  const { t } = useTranslation();
  const refusal = moveRefusal(option, t);
  const name = t(`stages:stage.${option.to}.name`);
  return (
    <RefusableButton
      variant={direction === 'forward' ? 'contained' : 'outlined'}
      refusal={refusal?.reason}
      hint={refusal?.hint}
      onClick={() => onChoose(option.to)}
    >
      {direction === 'forward' ? t('process:control.moveTo', { name }) : t('process:control.stepBack', { name })}
    </RefusableButton>
  );
}

/**
 * The current stage, what it means, and the moves on (or back) as the server allows them now: a
 * refused move is a disabled button that says why, never an error after a confirmation.
 */
export function StageCard({ estateId, stage }: Props) {
  const { t } = useTranslation();
  const { reloadMe } = useSession();
  const [target, setTarget] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const moves = useStageMoves(estateId, true);
  const move = useEstateMutation<number>(estateId, (to) => ({
    path: '/stage',
    method: 'POST',
    body: { to },
  }));
  const next = moves.data?.forward?.to ?? null;
  const name = (code: number) => t(`stages:stage.${code}.name`);
  // Leaving the review with flags still undecided is allowed, but the trustee should know.
  const flags = useFlags(estateId, stage === Stage.Approve);
  const openFlags = stage === Stage.Approve ? (flags.data?.flags ?? []).filter((f) => !f.resolution).length : 0;
  // Closing the estate freezes what becomes of unwanted and held items: say how many are undecided.
  const closing = stage === Stage.Finalizing;
  const dispositions = useDispositions(estateId, closing);
  const undecided = closing ? (dispositions.data?.dispositions ?? []).filter((d) => d.disposition === null).length : 0;

  const confirm = () => {
    if (target === null) return;
    const to = target;
    setError(null);
    move.mutate(to, {
      onSuccess: () => {
        // Everyone, the trustee included, hears of the new stage from the event stream.
        setTarget(null);
        void reloadMe();
      },
      onError: (e) => {
        setTarget(null);
        setError(errorMessage(e, t));
      },
    });
  };

  return (
    <Section title={t('process:control.currentStage')} id="control-stage">
      <Typography
        component="p"
        variant="h4"
        sx={{ fontSize: '1.35rem', mb: 1 }}
        data-testid="control-stage-name"
      >
        {name(stage)}
      </Typography>
      <Typography dir="auto" sx={{ mb: 2 }}>
        {t(`stages:stage.${stage}.help`)}
      </Typography>
      {error && (
        <Alert severity="warning" role="alert" sx={{ mb: 2 }} onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      {moves.isError && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {errorMessage(moves.error, t)}
        </Alert>
      )}
      <ReportFilesProgress estateId={estateId} enabled={closing} />
      <Box sx={{ display: 'grid', gap: 1.5 }} data-testid="stage-moves">
        {moves.data?.forward && <MoveButton option={moves.data.forward} direction="forward" onChoose={setTarget} />}
        {moves.data?.back && <MoveButton option={moves.data.back} direction="back" onChoose={setTarget} />}
      </Box>
      <Dialog open={target !== null} onClose={() => setTarget(null)} aria-labelledby="move-title">
        <DialogTitle id="move-title">
          {target !== null &&
            (target === next
              ? t('process:control.confirmMove', { name: name(target) })
              : t('process:control.confirmBack', { name: name(target) }))}
        </DialogTitle>
        <DialogContent>
          {target !== null && target === next && openFlags > 0 && (
            <Alert severity="warning" sx={{ mb: 2 }}>
              {t('process:control.openFlags', { count: openFlags })}
            </Alert>
          )}
          {target !== null && target === next && undecided > 0 && (
            <Alert severity="warning" sx={{ mb: 2 }}>
              {t('process:control.undecidedItems', { count: undecided })}
            </Alert>
          )}
          <DialogContentText dir="auto">
            {target !== null && target === next
              ? t(`stages:stage.${target}.next`)
              : t('process:control.backExplain')}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setTarget(null)}>{t('process:common.cancel')}</Button>
          <Button variant="contained" onClick={confirm} disabled={move.isPending}>
            {target !== null && target === next
              ? t('process:control.confirmMoveButton')
              : t('process:control.confirmBackButton')}
          </Button>
        </DialogActions>
      </Dialog>
    </Section>
  );
}
