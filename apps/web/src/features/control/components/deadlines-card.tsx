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
import { useDeadlines, useEstateMutation, type Deadline } from '../api';
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
  const save = useEstateMutation<void>(estateId, () => ({
    path: `/deadlines/${stage}`,
    method: 'PUT',
    body: { dueAt: new Date(value).toISOString(), autoAdvance: auto },
  }));
  const remove = useEstateMutation<void>(estateId, () => ({ path: `/deadlines/${stage}`, method: 'DELETE' }));
  const id = `deadline-${stage}`;
  const onError = (e: unknown) => setError(errorMessage(e, t));
  return (
    <Box sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
      <Typography sx={{ fontWeight: 600 }}>{t(`stages:stage.${stage}.name`)}</Typography>
      {current && (
        <Typography variant="body2" color={current.passed ? 'warning.main' : 'text.secondary'}>
          {current.passed
            ? t('process:deadlines.passed', { date: formatDate(current.dueAt, i18n.language, true) })
            : t('process:deadlines.due', { date: formatDate(current.dueAt, i18n.language, true) })}
        </Typography>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mt: 1 }}>
        <TextField
          id={id}
          type="datetime-local"
          size="small"
          label={t('process:deadlines.dateTime')}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <FormControlLabel
          control={<Switch checked={auto} onChange={(e) => setAuto(e.target.checked)} />}
          label={t('process:deadlines.autoAdvance')}
        />
        <Button
          variant="outlined"
          disabled={!value || save.isPending}
          onClick={() => {
            setError(null);
            save.mutate(undefined, { onSuccess: () => notify(t('process:deadlines.saved'), 'success'), onError });
          }}
        >
          {t('process:common.save')}
        </Button>
        {current && (
          <Button
            color="inherit"
            onClick={() => {
              setError(null);
              remove.mutate(undefined, {
                onSuccess: () => {
                  setValue('');
                  notify(t('process:deadlines.removed'), 'success');
                },
                onError,
              });
            }}
          >
            {t('process:deadlines.remove')}
          </Button>
        )}
      </Box>
      {error && (
        <Alert severity="warning" sx={{ mt: 1 }}>
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
        <DeadlineRow
          key={`${stage}-${byStage.get(stage)?.dueAt ?? ''}`}
          estateId={estateId}
          stage={stage}
          current={byStage.get(stage)}
        />
      ))}
    </Section>
  );
}
