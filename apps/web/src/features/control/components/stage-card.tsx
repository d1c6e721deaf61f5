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
import { previousStage, isStageCode } from '@estate/domain/stages';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { errorMessage } from '../../../shared/api/error-message';
import { useSession } from '../../../shared/session/session-context';
import { useEstateMutation, useFlags } from '../api';
import { Section } from './section';

type Props = { estateId: string; stage: number; next: number | null };

/** The current stage, what it means, and the buttons that move the estate on (or back). */
export function StageCard({ estateId, stage, next }: Props) {
  const { t } = useTranslation();
  const { reloadMe } = useSession();
  const [target, setTarget] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const move = useEstateMutation<number>(estateId, (to) => ({
    path: '/stage',
    method: 'POST',
    body: { to },
  }));
  const back = isStageCode(stage) ? previousStage(stage) : undefined;
  const name = (code: number) => t(`stages:stage.${code}.name`);
  // Leaving the review with flags still undecided is allowed, but the trustee should know.
  const flags = useFlags(estateId, stage === 2);
  const openFlags = stage === 2 ? (flags.data?.flags ?? []).filter((f) => !f.resolution).length : 0;

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
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {next !== null && (
          <Button variant="contained" onClick={() => setTarget(next)}>
            {t('process:control.moveTo', { name: name(next) })}
          </Button>
        )}
        {back !== undefined && (
          <Button variant="outlined" onClick={() => setTarget(back)}>
            {t('process:control.stepBack', { name: name(back) })}
          </Button>
        )}
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
