/** For the estate's trustees and observers: who among the members has read each lesson. */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import CheckCircle from '@mui/icons-material/CheckCircle';
import { errorMessage } from '../../../shared/api/error-message';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { currentMembership } from '../../../shared/session/current-estate';
import { usePolicy } from '../../../shared/session/actor';
import { useSession } from '../../../shared/session/session-context';
import { Spinner } from '../../../shared/ui/spinner';
import type { Lessons } from '../content';
import { useEstateLessonProgress } from '../lessons-api';

export function WhoHasRead({ courses }: { courses: Lessons['courses'] }) {
  const { t } = useTranslation('lessons');
  const { me } = useSession();
  const common = useTranslation().t;
  const estateId = currentMembership(me)?.estateId ?? null;
  const allowed = usePolicy().can('lesson.progressAll');
  const progress = useEstateLessonProgress(estateId, allowed);
  if (!allowed) return null;
  return (
    <Box component="section" aria-labelledby="who-has-read" sx={{ mt: 4 }}>
      <Typography component="h2" variant="h3" id="who-has-read" sx={{ mb: 1 }}>
        {t('who.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('who.intro')}
      </Typography>
      {progress.isPending && <Spinner />}
      {progress.isError && <Alert severity="error">{errorMessage(progress.error, common)}</Alert>}
      {progress.data && (
        <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-labelledby="who-has-read">
            <TableHead>
              <TableRow>
                <TableCell component="th" scope="col">
                  {t('who.member')}
                </TableCell>
                {courses.map((c) => (
                  <TableCell key={c.id} component="th" scope="col" dir="auto">
                    {c.title}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {progress.data.map((member) => (
                <TableRow key={member.memberId} data-testid="who-row">
                  <TableCell component="th" scope="row" dir="auto" sx={{ fontWeight: 600 }}>
                    {member.displayName}
                  </TableCell>
                  {courses.map((c) => {
                    const p = member.courses.find((x) => x.courseId === c.id);
                    return (
                      <TableCell key={c.id}>
                        {p?.completedAt ? (
                          <Chip size="small" color="success" icon={<CheckCircle />} label={t('finished')} />
                        ) : p && p.furthestStep > 0 ? (
                          t('who.step', { step: p.furthestStep, total: p.totalSteps })
                        ) : (
                          <Typography component="span" color="text.secondary">
                            {t('who.notStarted')}
                          </Typography>
                        )}
                      </TableCell>
                    );
                  })}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      )}
    </Box>
  );
}
