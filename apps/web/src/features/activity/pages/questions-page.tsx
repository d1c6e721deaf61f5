import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import HelpOutline from '@mui/icons-material/HelpOutlineOutlined';
import { Role } from '@estate/domain/roles';
import { Stage } from '@estate/domain/stages';
import { QUESTION_TEXT_MAX, type Question, type QuestionOutcome } from '@estate/domain/schemas/questions';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { formatDate } from '../../../shared/i18n/format';
import { errorMessage } from '../../../shared/api/error-message';
import { useAnswerQuestion, useQuestionItem, useQuestions } from '../../../shared/api/history';
import { useMembers } from '../../../shared/api/members';
import { currentMembership } from '../../../shared/session/current-estate';
import { usePolicy } from '../../../shared/session/actor';
import { useSession } from '../../../shared/session/session-context';
import { EmptyState } from '../../../shared/ui/empty-state';
import { FullPageLoader } from '../../../shared/ui/full-page-loader';
import { PageLayout } from '../../../shared/ui/page-layout';
import { notify } from '../../../shared/ui/notify';

/**
 * `/questions` (issue 30): the trustee's list of questions on results, each with its answer form
 * (kept or changed, in words); observers read them; a beneficiary reads their own and the answers.
 */
export function QuestionsPage() {
  const { t } = useTranslation();
  const { me } = useSession();
  const estateId = currentMembership(me)?.estateId ?? null;
  const policy = usePolicy();
  const all = policy.can('question.viewAll');
  const questions = useQuestions(estateId, policy.can('question.view'));
  // Reached by its address before the results: say when questions open rather than "none yet".
  const beforeResults = (policy.actor?.stage ?? 0) < Stage.AssignmentCompleted;
  const open = questions.data?.filter((q) => !q.answer) ?? [];
  const done = questions.data?.filter((q) => q.answer) ?? [];
  return (
    <PageLayout title={t('activity:questions.title')} subtitle={all ? t('activity:questions.subtitle') : t('activity:questions.mineSubtitle')} maxWidth={860}>
      {!estateId && <EmptyState title={t('process:common.noEstate')} />}
      {questions.isPending && estateId && <FullPageLoader />}
      {questions.isError && <Alert severity="error">{t('activity:questions.failed')}</Alert>}
      {questions.data && questions.data.length === 0 && (
        <EmptyState icon={<HelpOutline />} title={beforeResults ? t('activity:questions.notYet') : all ? t('activity:questions.empty') : t('activity:questions.emptyMine')} />
      )}
      <Stack spacing={2}>
        {[...open, ...done].map((q) => (
          <QuestionCard key={q.id} estateId={estateId!} question={q} canAnswer={policy.can('question.answer')} showAsker={all} />
        ))}
      </Stack>
    </PageLayout>
  );
}

export function QuestionCard({ estateId, question, canAnswer, showAsker }: { estateId: string; question: Question; canAnswer: boolean; showAsker: boolean }) {
  const { t, i18n } = useTranslation();
  const date = (at: string) => formatDate(at, i18n.language, true);
  return (
    <Card variant="outlined" component="article" aria-labelledby={`q-${question.id}`}>
      <CardContent>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography id={`q-${question.id}`} component="h2" variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            <Link component={RouterLink} to={`/p/${estateId}/i/${question.itemId}`} underline="hover" sx={{ display: 'inline-block', minHeight: 48, py: 1 }}>
              <bdi>{question.itemLabel}</bdi> <bdi>{question.itemName}</bdi>
            </Link>
          </Typography>
          {question.answer ? (
            <Chip color={question.answer.outcome === 'changed' ? 'warning' : 'success'} label={t(`activity:questions.${question.answer.outcome}`)} />
          ) : (
            <Chip variant="outlined" label={t('activity:questions.waiting')} />
          )}
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {t('activity:questions.askedBy', { name: showAsker ? question.memberName : (question.memberName || t('activity:who.someone')), date: date(question.createdAt) })}
        </Typography>
        <Typography dir="auto" sx={{ mt: 1, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {question.text}
        </Typography>
        {question.answer && (
          <Box sx={{ mt: 2, pl: 2, borderInlineStart: 3, borderColor: 'divider' }}>
            <Typography variant="body2" color="text.secondary">
              {t('activity:questions.answeredBy', { name: question.answer.byName ?? t('activity:who.someone'), date: date(question.answer.at) })}
            </Typography>
            <Typography dir="auto" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {question.answer.text}
            </Typography>
          </Box>
        )}
        {canAnswer && !question.answer && <AnswerForm estateId={estateId} questionId={question.id} itemId={question.itemId} />}
      </CardContent>
    </Card>
  );
}

/** The select's value for "nobody receives it" (a member id is never this). */
const NOBODY = 'nobody';

/**
 * The trustee's answer: the result stays or will be changed, and why, in words. With "changed" the
 * trustee may also choose who receives the item now (a receiver, or nobody): the item changes with
 * the answer. Left empty, the answer is words only and the change is made on the item.
 */
export function AnswerForm({ estateId, questionId, itemId }: { estateId: string; questionId: string; itemId: string }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [outcome, setOutcome] = useState<QuestionOutcome | null>(null);
  const [receiver, setReceiver] = useState('');
  const answer = useAnswerQuestion(estateId);
  const members = useMembers(estateId);
  // Receivers: beneficiaries, and offspring who receive through a parent.
  const receivers = (members.data ?? []).filter((m) => m.roles.includes(Role.Beneficiary) || m.receivesThrough !== null);
  // Who has it now: offered, but not chosen again (the server refuses a change to the same result).
  const item = useQuestionItem(estateId, itemId, outcome === 'changed').data;
  const holder = item?.assignment?.memberId ?? null;
  const alreadyNobody = item !== undefined && item.status === 'unwanted';
  const ready = text.trim().length > 0 && outcome !== null && !answer.isPending;
  const reassignTo = outcome === 'changed' && receiver ? { reassignTo: receiver === NOBODY ? null : receiver } : {};
  return (
    <Box
      component="form"
      sx={{ mt: 2 }}
      onSubmit={(e) => {
        e.preventDefault();
        if (!ready) return;
        answer.mutate({ questionId, text: text.trim(), outcome, ...reassignTo }, { onSuccess: () => notify(t('activity:questions.answered'), 'success') });
      }}
    >
      <FormControl>
        <FormLabel id={`outcome-${questionId}`}>{t('activity:questions.outcomeLabel')}</FormLabel>
        <RadioGroup row aria-labelledby={`outcome-${questionId}`} value={outcome ?? ''} onChange={(e) => setOutcome(e.target.value as QuestionOutcome)}>
          <FormControlLabel value="kept" control={<Radio />} label={t('activity:questions.kept')} sx={{ minHeight: 48 }} />
          <FormControlLabel value="changed" control={<Radio />} label={t('activity:questions.changed')} sx={{ minHeight: 48 }} />
        </RadioGroup>
        {outcome === 'changed' && !receiver && <FormHelperText sx={{ mx: 0 }}>{t('activity:questions.changedHelp')}</FormHelperText>}
      </FormControl>
      {outcome === 'changed' && (
        <TextField
          select
          fullWidth
          sx={{ mt: 1 }}
          label={t('activity:questions.receiverLabel')}
          value={receiver}
          onChange={(e) => setReceiver(e.target.value)}
          helperText={receiver ? t('activity:questions.receiverHelp') : t('activity:questions.receiverOptional')}
        >
          <MenuItem value="">{t('activity:questions.receiverNone')}</MenuItem>
          {receivers.map((m) => (
            <MenuItem key={m.id} value={m.id} disabled={m.id === holder}>
              {m.id === holder ? t('activity:questions.receiverNow', { name: `\u2068${m.displayName}\u2069` }) : <bdi>{m.displayName}</bdi>}
            </MenuItem>
          ))}
          <MenuItem value={NOBODY} disabled={alreadyNobody}>
            {t(alreadyNobody ? 'activity:questions.receiverNobodyNow' : 'activity:questions.receiverNobody')}
          </MenuItem>
        </TextField>
      )}
      <TextField
        fullWidth
        multiline
        minRows={3}
        sx={{ mt: 1 }}
        label={t('activity:questions.answerLabel')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        slotProps={{ htmlInput: { maxLength: QUESTION_TEXT_MAX, dir: 'auto' } }}
        error={answer.isError}
        helperText={answer.isError ? errorMessage(answer.error, t) : undefined}
      />
      <Button type="submit" variant="contained" disabled={!ready} sx={{ mt: 1.5, minHeight: 48 }}>
        {t('activity:questions.save')}
      </Button>
    </Box>
  );
}
