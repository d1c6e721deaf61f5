import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import HelpOutline from '@mui/icons-material/HelpOutlineOutlined';
import type { Decision } from '@estate/domain/permissions';
import { QUESTION_TEXT_MAX } from '@estate/domain/schemas/questions';
import { useTranslation } from '../i18n/use-translation';
import { errorMessage } from '../api/error-message';
import { useAskQuestion } from '../api/history';
import { RefusableButton } from '../ui/refusable-button';
import { offerOf } from '../ui/offer';
import { notify } from '../ui/notify';

/**
 * "Ask about this result" (issue 30), for a beneficiary from the results (40) to the wrap-up (90):
 * a dialog with one text field. Outside those stages the button stays, disabled, with the reason
 * (the item page offers it only from the results on); other roles do not see it.
 */
export function AskQuestion({
  estateId,
  item,
  decision,
}: {
  estateId: string;
  item: { id: string; label: string; name: string };
  /** The policy's answer for 'question.ask' now. */
  decision: Decision;
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const ask = useAskQuestion(estateId);
  if (!decision.ok && decision.reason === 'role') return null;
  // Before the results "not yet"; otherwise the house's reason (estate closed, a support visit).
  const refusal = decision.ok ? null : decision.reason === 'stage' ? t('activity:questions.notYet') : offerOf(decision, 0, t).refusal;
  const trimmed = text.trim();
  const close = () => {
    setOpen(false);
    ask.reset();
  };
  const send = () =>
    ask.mutate(
      { itemId: item.id, text: trimmed },
      {
        onSuccess: () => {
          notify(t('activity:questions.sent'), 'success');
          setText('');
          close();
        },
      },
    );
  return (
    <>
      <RefusableButton variant="outlined" startIcon={<HelpOutline />} refusal={refusal} onClick={() => setOpen(true)} sx={{ minHeight: 48, mt: 2 }}>
        {t('activity:questions.ask')}
      </RefusableButton>
      <Dialog open={open} onClose={close} fullScreen={phone} fullWidth maxWidth="sm" aria-labelledby={`ask-${item.id}`}>
        <DialogTitle id={`ask-${item.id}`}>
          {t('activity:questions.askTitle', { item: `${item.label} ${item.name}` })}
        </DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('activity:questions.askHelp')}</DialogContentText>
          <TextField
            autoFocus
            fullWidth
            multiline
            minRows={4}
            label={t('activity:questions.askLabel')}
            value={text}
            onChange={(e) => setText(e.target.value)}
            slotProps={{ htmlInput: { maxLength: QUESTION_TEXT_MAX, dir: 'auto' } }}
            helperText={ask.isError ? errorMessage(ask.error, t) : `${text.length} / ${QUESTION_TEXT_MAX}`}
            error={ask.isError}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close} sx={{ minHeight: 48 }}>
            {t('activity:questions.cancel')}
          </Button>
          <Button variant="contained" onClick={send} disabled={trimmed.length === 0 || ask.isPending} sx={{ minHeight: 48 }}>
            {t('activity:questions.send')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
