import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { usePoolSummary } from '../api';
import { Section } from './section';

/** Stage 13: the pool and every beneficiary's inputs so far, nothing yet assigned. */
export function PoolSummaryPanel({ estateId }: { estateId: string }) {
  const { t } = useTranslation();
  const summary = usePoolSummary(estateId);
  const s = summary.data;
  if (!s) return null;
  const counts = [
    ['poolItems', s.poolItems],
    ['unwanted', s.unwanted],
    ['wantedByOne', s.wantedByOne],
    ['highInterest', s.highInterest],
    ['contested', s.contested],
  ] as const;
  return (
    <Section title={t('process:pool.title')} id="panel-pool">
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))', gap: 1.5, mb: 2 }}>
        {counts.map(([key, n]) => (
          <Box key={key} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
            <Typography sx={{ fontSize: '1.6rem', fontWeight: 700 }}>{n}</Typography>
            <Typography variant="body2" color="text.secondary">
              {t(`process:pool.${key}`)}
            </Typography>
          </Box>
        ))}
      </Box>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('process:pool.beneficiary')}</TableCell>
              <TableCell align="right">{t('process:pool.hearted')}</TableCell>
              <TableCell align="right">{t('process:pool.heartedHi')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {s.receivers.map((r) => (
              <TableRow key={r.memberId}>
                <TableCell>{r.displayName}</TableCell>
                <TableCell align="right">{r.hearted}</TableCell>
                <TableCell align="right">{r.heartedHighInterest}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Section>
  );
}
