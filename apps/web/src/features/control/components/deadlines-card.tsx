import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DEADLINE_STAGES } from '@estate/domain/stages';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { errorMessage } from '../../../shared/api/error-message';
import { formatDate } from '../../../shared/i18n/format';
import { notify } from '../../../shared/ui/notify';
import type { Deadline } from '@estate/domain/schemas/deadlines';
import { useDeadlines, useEstateMutation } from '../api';
import { Section } from './section';

/** "2026-05-12T18:00" in local time, for input type="datetime-local". */
function toLocalInput(iso: string | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

function DeadlineRow({ estateId, stage, current }: { estateId: string; stage: number; current?: Deadline }) {
  const { t, i18n } = useTranslation();
  const [value, setValue] = useState(toLocalInput(current?.dueAt));
  const [auto, setAuto] = useState(current?.autoAdvance ?? false);
  const [error, setError] = useState<string | null>(null);
  // When the stored deadline changes (saved here, or by another trustee), the form shows it. The
  // row is not remounted for that: the "saved" message belongs to this very row.
  const stored = `${current?.dueAt ?? ''}|${String(current?.autoAdvance ?? false)}`;
  const [shown, setShown] = useState(stored);
  if (shown !== stored) {
    setShown(stored);
    setValue(toLocalInput(current?.dueAt));
    setAuto(current?.autoAdvance ?? false);
  }
  const save = useEstateMutation<{ dueAt: string; autoAdvance: boolean }>(estateId, (body) => ({
    path: `/deadlines/${stage}`,
    method: 'PUT',
    body,
  }));
  const remove = useEstateMutation<void>(estateId, () => ({ path: `/deadlines/${stage}`, method: 'DELETE' }));
  const id = `deadline-${stage}`;
  const onError = (e: unknown) => setError(errorMessage(e, t));
  const submit = () => {
    const due = new Date(value);
    if (!value || Number.isNaN(due.getTime())) {
      setError(t('process:deadlines.invalid'));
      return;
    }
    if (due.getTime() <= Date.now()) {
      setError(t('process:deadlines.inPast'));
      return;
    }
    setError(null);
    save.mutate(
      { dueAt: due.toISOString(), autoAdvance: auto },
      { onSuccess: () => notify(t('process:deadlines.saved'), 'success'), onError },
    );
  };
  return (
    <Box
      role="group"
      aria-labelledby={`${id}-name`}
      sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider' }}
    >
      <Typography id={`${id}-name`} sx={{ fontWeight: 600 }}>
        {t(`stages:stage.${stage}.name`)}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {!current
          ? t('process:deadlines.none')
          : current.passed
            ? t('process:deadlines.passed', { date: formatDate(current.dueAt, i18n.language, true) })
            : t(current.autoAdvance ? 'process:deadlines.dueAuto' : 'process:deadlines.due', {
                date: formatDate(current.dueAt, i18n.language, true),
              })}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mt: 1.5 }}>
        <TextField
          id={id}
          type="datetime-local"
          size="small"
          label={t('process:deadlines.dateTime')}
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            setError(null);
          }}
          error={Boolean(error)}
          disabled={current?.passed}
          slotProps={{
            inputLabel: { shrink: true },
            htmlInput: { 'aria-describedby': error ? `${id}-error` : undefined },
          }}
          sx={{ flex: { xs: '1 1 100%', sm: '0 0 auto' } }}
        />
        <FormControlLabel
          control={
            <Switch checked={auto} onChange={(e) => setAuto(e.target.checked)} disabled={current?.passed} />
          }
          label={t('process:deadlines.autoAdvance')}
          sx={{ flex: { xs: '1 1 100%', sm: '0 1 auto' }, mx: 0 }}
        />
        <Button variant="outlined" disabled={!value || save.isPending || current?.passed} onClick={submit}>
          {t('process:common.save')}
        </Button>
        {current && !current.passed && (
          <Button
            color="inherit"
            disabled={remove.isPending}
            onClick={() => {
              setError(null);
              remove.mutate(undefined, {
                onSuccess: () => notify(t('process:deadlines.removed'), 'success'),
                onError,
              });
            }}
          >
            {t('process:deadlines.remove')}
          </Button>
        )}
      </Box>
      {error && (
        <Alert id={`${id}-error`} severity="warning" sx={{ mt: 1 }}>
          {error}
        </Alert>
      )}
    </Box>
  );
}

/** Deadlines for stages 2, 11, 20 and 30, each with "advance automatically". */
export function DeadlinesCard({ estateId }: { estateId: string }) {
  const { t } = useTranslation();
  const deadlines = useDeadlines(estateId);
  if (!deadlines.data) return null;
  const byStage = new Map(deadlines.data.deadlines.map((d) => [d.stage, d]));
  return (
    <Section title={t('process:deadlines.title')} id="control-deadlines">
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {t('process:deadlines.explain')}
      </Typography>
      {DEADLINE_STAGES.map((stage) => (
        <DeadlineRow key={stage} estateId={estateId} stage={stage} current={byStage.get(stage)} />
      ))}
    </Section>
  );
}
