/**
 * `/help/courses` (the lessons, with where the person is in each) and
 * `/help/courses/{courseId}/{courseHandle}?step=N` (one lesson, a step at a time). The place is
 * kept on the server at every step, so the lesson resumes where it was left, on any device.
 */
import { useEffect, useRef } from 'react';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import ArrowForward from '@mui/icons-material/ArrowForward';
import CheckCircle from '@mui/icons-material/CheckCircle';
import ExpandMore from '@mui/icons-material/ExpandMore';
import RadioUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import Schedule from '@mui/icons-material/ScheduleOutlined';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { errorMessage } from '../../../shared/api/error-message';
import { formatDate } from '../../../shared/i18n/format';
import { FullPageLoader } from '../../../shared/ui/full-page-loader';
import { PageLayout } from '../../../shared/ui/page-layout';
import { visuallyHidden } from '../../../shared/ui/visually-hidden';
import { useContent, type Lessons } from '../content';
import { useCourseStates, useSaveProgress, type CourseState } from '../lessons-api';
import { LessonMarkdown } from '../components/markdown';
import { WhoHasRead } from '../components/who-has-read';

type CourseText = Lessons['courses'][number];

const lessonPath = (course: { id: string; slug: string }, step?: number) =>
  `/help/courses/${course.id}/${course.slug}${step ? `?step=${step}` : ''}`;

function percentRead(state: CourseState | undefined): number {
  if (!state) return 0;
  if (state.completedAt) return 100;
  return Math.round((state.furthestStep / state.totalSteps) * 100);
}

/** `/help/courses/*`: the list, or one lesson when the path names it. */
export function CoursesPage() {
  const { t, i18n } = useTranslation('lessons');
  const lessons = useContent('lessons', i18n.language);
  const common = useTranslation().t;
  const states = useCourseStates();
  const [courseId, handle] = (useParams()['*'] ?? '').split('/').filter(Boolean);
  const course = courseId ? lessons.data?.courses.find((c) => c.id === courseId || c.slug === courseId || c.slug === handle) : undefined;

  if (lessons.isPending || states.isPending) {
    return (
      <PageLayout title={t('title')} maxWidth={900}>
        <FullPageLoader />
      </PageLayout>
    );
  }
  if (lessons.isError || states.isError) {
    return (
      <PageLayout title={t('title')} maxWidth={900}>
        <Alert severity="error">{errorMessage(lessons.error ?? states.error, common)}</Alert>
      </PageLayout>
    );
  }
  if (courseId && !course) {
    return (
      <PageLayout title={t('title')} maxWidth={900}>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('notFound')}
        </Alert>
        <Button component={RouterLink} to="/help/courses" startIcon={<ArrowBack />} sx={{ minHeight: 48 }}>
          {t('allLessons')}
        </Button>
      </PageLayout>
    );
  }
  if (course) {
    const state = states.data?.find((s) => s.id === course.id);
    return <LessonView key={course.id} course={course} state={state} />;
  }
  return <LessonList courses={lessons.data?.courses ?? []} states={states.data ?? []} />;
}

function LessonList({ courses, states }: { courses: CourseText[]; states: CourseState[] }) {
  const { t, i18n } = useTranslation('lessons');
  return (
    <PageLayout title={t('title')} subtitle={t('intro')} maxWidth={900}>
      <Box component="ul" sx={{ display: 'grid', gap: 2, p: 0, m: 0, listStyle: 'none' }}>
        {courses.map((course) => {
          const state = states.find((s) => s.id === course.id);
          const started = Boolean(state && state.furthestStep > 0);
          const percent = percentRead(state);
          return (
            <Paper component="li" key={course.id} variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} data-testid="lesson-card">
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 1.5, alignItems: 'center' }}>
                <Chip label={t(`category.${course.category}`)} color="primary" variant="outlined" />
                {state && <Chip icon={<Schedule />} label={t('minutes', { count: state.length })} variant="outlined" />}
                {state && <Chip label={t('steps', { count: state.totalSteps })} variant="outlined" />}
                {state?.completedAt && <Chip icon={<CheckCircle />} color="success" label={t('finished')} />}
              </Box>
              <Typography component="h2" variant="h3" sx={{ mb: 1 }} dir="auto">
                {course.title}
              </Typography>
              <Typography color="text.secondary" sx={{ mb: 2 }} dir="auto">
                {course.description}
              </Typography>
              {started && (
                <Box sx={{ mb: 2 }}>
                  <LinearProgress
                    variant="determinate"
                    value={percent}
                    aria-label={t('progress', { percent })}
                    sx={{ height: 8, borderRadius: 4, mb: 0.5 }}
                  />
                  <Typography variant="body2" color="text.secondary">
                    {state?.completedAt
                      ? t('finishedOn', { date: formatDate(state.completedAt, i18n.language) })
                      : t('progress', { percent })}
                  </Typography>
                </Box>
              )}
              <Button
                variant="contained"
                component={RouterLink}
                to={lessonPath(course, state?.completedAt ? 1 : state?.activeStep)}
                endIcon={<ArrowForward sx={{ transform: i18n.dir() === 'rtl' ? 'scaleX(-1)' : undefined }} />}
                sx={{ minHeight: 48 }}
              >
                {state?.completedAt ? t('again') : started ? t('continue', { step: state?.activeStep }) : t('start')}
                <Box component="span" sx={visuallyHidden}>
                  {` — ${course.title}`}
                </Box>
              </Button>
            </Paper>
          );
        })}
      </Box>
      <WhoHasRead courses={courses} />
    </PageLayout>
  );
}


function LessonView({ course, state }: { course: CourseText; state: CourseState | undefined }) {
  const { t, i18n } = useTranslation('lessons');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const save = useSaveProgress(course.id);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const total = course.steps.length;
  const asked = Number(params.get('step'));
  const step = Number.isInteger(asked) && asked >= 1 && asked <= total ? asked : Math.min(state?.activeStep ?? 1, total);
  const current = course.steps[step - 1]!;
  const finished = Boolean(state?.completedAt);
  const rtl = i18n.dir() === 'rtl';

  // Without a step in the address, the lesson opens where the person left it.
  useEffect(() => {
    if (!params.get('step')) void navigate(lessonPath(course, step), { replace: true });
  }, [params, navigate, course, step]);

  // Keep the place on the server (once per step shown).
  const saved = useRef<number | null>(null);
  const { mutate } = save;
  useEffect(() => {
    if (saved.current === step || !params.get('step')) return;
    saved.current = step;
    if (state?.activeStep !== step) mutate({ activeStep: step });
  }, [step, state?.activeStep, mutate, params]);

  const goTo = (next: number) => {
    void navigate(lessonPath(course, next));
    window.scrollTo?.({ top: 0 });
    requestAnimationFrame(() => headingRef.current?.focus());
  };

  const finish = () =>
    save.mutate(
      { activeStep: total, completed: true },
      { onSuccess: () => requestAnimationFrame(() => document.getElementById('lesson-finished')?.focus()) },
    );

  const stepList = (
    <List dense aria-label={t('stepsList')} sx={{ py: 0 }}>
      {course.steps.map((s, i) => {
        const n = i + 1;
        const read = finished || (state?.furthestStep ?? 0) >= n;
        return (
          <ListItemButton
            key={s.id}
            selected={n === step}
            aria-current={n === step ? 'step' : undefined}
            onClick={() => goTo(n)}
            sx={{ minHeight: 48, borderRadius: 1 }}
          >
            <ListItemIcon sx={{ minWidth: 36 }}>
              {read ? <CheckCircle color="success" fontSize="small" /> : <RadioUnchecked color="disabled" fontSize="small" />}
            </ListItemIcon>
            <ListItemText primary={`${n}. ${s.title}`} slotProps={{ primary: { dir: 'auto', sx: { fontSize: '0.95rem' } } }} />
          </ListItemButton>
        );
      })}
    </List>
  );

  return (
    <PageLayout title={course.title} subtitle={t('stepOf', { step, total })} maxWidth={1100}>
      <LinearProgress
        variant="determinate"
        value={(step / total) * 100}
        aria-label={t('stepOf', { step, total })}
        sx={{ height: 8, borderRadius: 4, mb: 3 }}
      />
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '300px 1fr' }, alignItems: 'start' }}>
        <Paper variant="outlined" sx={{ p: 1, display: { xs: 'none', md: 'block' }, position: 'sticky', top: 80 }}>
          <Typography component="h2" variant="subtitle1" sx={{ px: 1, py: 1, fontWeight: 700 }}>
            {t('stepsList')}
          </Typography>
          {stepList}
        </Paper>
        <Box component="article" sx={{ minWidth: 0 }}>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 } }}>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {t('stepOf', { step, total })}
            </Typography>
            <Typography
              component="h2"
              variant="h2"
              ref={headingRef}
              tabIndex={-1}
              dir="auto"
              sx={{ fontSize: { xs: '1.35rem', sm: '1.6rem' }, mb: 2, outline: 'none' }}
            >
              {current.title}
            </Typography>
            <LessonMarkdown text={current.content} />
          </Paper>

          {save.isError && (
            <Alert severity="warning" sx={{ mt: 2 }}>
              {t('notSaved')}
            </Alert>
          )}

          {finished && step === total && (
            <Alert
              id="lesson-finished"
              tabIndex={-1}
              severity="success"
              icon={<CheckCircle />}
              sx={{ mt: 2 }}
              action={
                <Button component={RouterLink} to="/help/courses" color="inherit" sx={{ minHeight: 48 }}>
                  {t('allLessons')}
                </Button>
              }
            >
              {t('done')}
            </Alert>
          )}

          <Box component="nav" aria-label={t('stepNavigation')} sx={{ display: 'flex', gap: 1.5, mt: 2, flexWrap: 'wrap' }}>
            <Button
              variant="outlined"
              disabled={step === 1}
              onClick={() => goTo(step - 1)}
              startIcon={<ArrowBack sx={{ transform: rtl ? 'scaleX(-1)' : undefined }} />}
              sx={{ minHeight: 48, flex: { xs: '1 1 0', sm: '0 0 auto' } }}
            >
              {t('previous')}
            </Button>
            <Box sx={{ flex: { xs: 0, sm: 1 } }} />
            {step < total ? (
              <Button
                variant="contained"
                onClick={() => goTo(step + 1)}
                endIcon={<ArrowForward sx={{ transform: rtl ? 'scaleX(-1)' : undefined }} />}
                sx={{ minHeight: 48, flex: { xs: '1 1 0', sm: '0 0 auto' } }}
              >
                {t('next')}
              </Button>
            ) : (
              !finished && (
                <Button
                  variant="contained"
                  color="success"
                  onClick={finish}
                  disabled={save.isPending}
                  startIcon={<CheckCircle />}
                  sx={{ minHeight: 48, flex: { xs: '1 1 0', sm: '0 0 auto' } }}
                >
                  {t('finish')}
                </Button>
              )
            )}
          </Box>

          <Accordion variant="outlined" disableGutters sx={{ mt: 3, display: { md: 'none' } }}>
            <AccordionSummary expandIcon={<ExpandMore />} sx={{ minHeight: 48 }}>
              <Typography sx={{ fontWeight: 600 }}>{t('stepsList')}</Typography>
            </AccordionSummary>
            <AccordionDetails sx={{ p: 1 }}>{stepList}</AccordionDetails>
          </Accordion>

          <Button component={RouterLink} to="/help/courses" startIcon={<ArrowBack sx={{ transform: rtl ? 'scaleX(-1)' : undefined }} />} sx={{ mt: 2, minHeight: 48 }}>
            {t('allLessons')}
          </Button>
        </Box>
      </Box>
    </PageLayout>
  );
}
