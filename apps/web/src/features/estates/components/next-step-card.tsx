import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import ArrowForward from '@mui/icons-material/ArrowForward';
import type { NextStepAnswer } from '@estate/domain/schemas/next-step';
import { Stage, nextStage } from '@estate/domain/stages';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';
import { formatDate } from '../../../shared/i18n/format';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { usePolicy } from '../../../shared/session/actor';

type NextStep = NextStepAnswer['nextStep'];

function useNextStep(estateId: string) {
  return useQuery({
    queryKey: queryKeys.nextStep(estateId),
    queryFn: async () => (await api<NextStepAnswer>(`/api/estates/${estateId}/next-step`)).nextStep,
  });
}

/** The archive, on the reports page. */
const ARCHIVE_PATH = '/reports#archive';

type Words = { title: string; text: string; button?: string; note?: string };

/** What the stage needs from those who lead it, named (the server read it from the stage's exit gates). */
function leadWords(step: Extract<NextStep, { kind: 'lead' }>, t: ReturnType<typeof useTranslation>['t']): Words {
  const stageName = (code: number) => t(`stage.${code}.name`, { ns: 'stages' });
  const key = `home:next.lead.${step.need}`;
  const count = step.progress?.done ?? 0;
  const params = { stage: stageName(step.stage), count, done: count, total: step.progress?.total ?? 0 };
  let text: string;
  if (step.need === 'move') {
    const next = nextStage(step.stage);
    text = next === undefined || next === Stage.Completed ? t(`${key}.textLast`, params) : t(`${key}.text`, { ...params, next: stageName(next) });
  } else {
    text = t(`${key}.text`, params);
  }
  const own = ['catalogue', 'handover', 'decide'].includes(step.need);
  return {
    title: t(`${key}.title`, params),
    text,
    // A visitor for support moves nothing: the card says so and offers no button.
    button: step.acts ? (own ? t(`${key}.button`) : t('home:next.lead.button')) : undefined,
    note: step.acts ? undefined : t('home:next.lead.visitor'),
  };
}

/** The words of a step: a title, a line of progress or explanation, and the button's label. */
function useWords(step: NextStep, stage: number, toArchive: boolean): Words {
  const { t } = useTranslation();
  if (toArchive) {
    return { title: t('home:next.closed.title'), text: t('home:next.closed.text'), button: t('home:next.closed.button') };
  }
  // From the final accounting on no turn comes again: say the part is done, not "we will email you".
  if ((step.kind === 'finished' || step.kind === 'wait') && stage >= Stage.Finalizing) {
    return { title: t('home:next.complete.title'), text: t('home:next.complete.text') };
  }
  switch (step.kind) {
    case 'task': {
      const { done, total } = step.progress;
      const title = t(`home:next.task.${step.task}`, { count: total ?? done });
      const progress = total === null ? t(`home:next.progress.${step.task}`, { count: done }) : t(`home:next.progress.${step.task}`, { done, total });
      const button = step.task === 'results' || step.task === 'handover' ? t('home:next.open') : done > 0 ? t('home:next.continue') : t('home:next.start');
      return { title, text: progress, button };
    }
    case 'finished':
      return { title: t('home:next.finished.title'), text: t('home:next.finished.text') };
    case 'lead':
      return leadWords(step, t);
    case 'wait':
      return { title: t('home:next.wait.title'), text: t('home:next.wait.text') };
  }
}

function StepContent({ step, stage, mayArchive }: { step: NextStep; stage: number; mayArchive: boolean }) {
  const { t, i18n } = useTranslation();
  // A closed estate: those who may keep its archive are led to it (the control panel has nothing left).
  const toArchive = stage === Stage.Completed && mayArchive;
  const words = useWords(step, stage, toArchive);
  const path = toArchive ? ARCHIVE_PATH : step.kind === 'task' || step.kind === 'lead' ? step.path : null;
  const measured = step.kind === 'task' || step.kind === 'lead' ? step.progress : null;
  const fraction = measured?.total ? Math.min(100, Math.round((100 * measured.done) / measured.total)) : null;
  return (
    <>
      <Typography component="h2" variant="h3" sx={{ fontWeight: 700, mb: 1, overflowWrap: 'anywhere' }} dir="auto">
        {words.title}
      </Typography>
      <Typography sx={{ fontSize: '1.0625rem' }} dir="auto">
        {words.text}
      </Typography>
      {words.note && <Typography sx={{ mt: 1, color: 'text.secondary' }}>{words.note}</Typography>}
      {fraction !== null && <LinearProgress variant="determinate" value={fraction} sx={{ mt: 1.5, height: 10, borderRadius: 5 }} aria-label={words.text} />}
      {step.kind === 'task' && step.dueAt && (
        <Typography sx={{ mt: 1.5, fontWeight: 600 }}>{t('home:next.due', { date: formatDate(step.dueAt, i18n.language, true) })}</Typography>
      )}
      {path && words.button && (
        <Button component={RouterLink} to={path} variant="contained" size="large" endIcon={<ArrowForward sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : undefined) }} />} sx={{ mt: 2, minHeight: 56, px: 4, fontSize: '1.125rem' }}>
          {words.button}
        </Button>
      )}
    </>
  );
}

/** The large card at the top of Home: the one thing to do next, always in view. */
export function NextStepCard({ estateId, stage }: { estateId: string; stage: number }) {
  const { t } = useTranslation();
  const { data: step, isPending, isError } = useNextStep(estateId);
  const mayArchive = usePolicy(estateId).can('archive.download');
  // Without an answer the rest of Home still helps; no error card for a convenience.
  if (isError) return null;
  return (
    <Paper
      component="section"
      aria-label={t('home:next.label')}
      data-testid="next-step-card"
      variant="outlined"
      sx={{ p: { xs: 2.5, sm: 3 }, mb: 2, borderWidth: 2, borderColor: 'primary.main', bgcolor: 'background.paper' }}
    >
      <Typography sx={{ color: 'text.secondary', fontWeight: 600, mb: 0.5 }}>{t('home:next.label')}</Typography>
      {isPending || !step ? (
        <Box aria-busy="true">
          <Skeleton variant="text" sx={{ fontSize: '2rem' }} width="70%" />
          <Skeleton variant="text" width="40%" />
          <Skeleton variant="rounded" width={160} height={56} sx={{ mt: 2 }} />
        </Box>
      ) : (
        <StepContent step={step} stage={stage} mayArchive={mayArchive} />
      )}
    </Paper>
  );
}
