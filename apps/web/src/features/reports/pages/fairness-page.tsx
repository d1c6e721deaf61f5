import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';
import { useMembers } from '../../../shared/api/members';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { errorMessage } from '../../../shared/api/error-message';
import { currentMembership } from '../../../shared/session/current-estate';
import { useSession } from '../../../shared/session/session-context';
import { EmptyState } from '../../../shared/ui/empty-state';
import { FullPageLoader } from '../../../shared/ui/full-page-loader';
import type { BeneficiaryFairnessView, FairnessAggregates, FairnessReport, FairnessRow } from '@estate/domain/fairness/report';
import { PageLayout } from '../../../shared/ui/page-layout';

type Row = FairnessRow;
type Aggregates = FairnessAggregates;
type Fairness = { scope: 'full'; report: FairnessReport } | { scope: 'own'; report: BeneficiaryFairnessView };

const REASONS = ['directive', 'return', 'only-interested', 'high-interest', 'tokens'] as const;

function pct(value: number | null, language: string): string {
  if (value === null) return '—';
  return new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 }).format(value);
}

function RowsTable({ rows, name }: { rows: Row[]; name: (id: string) => string }) {
  const { t, i18n } = useTranslation();
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={t('process:fairness.rows')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('process:fairness.beneficiary')}</TableCell>
            <TableCell align="right">{t('process:fairness.received')}</TableCell>
            {REASONS.map((r) => (
              <TableCell key={r} align="right">
                {t(`process:fairness.reason.${r}`)}
              </TableCell>
            ))}
            <TableCell align="right">{t('process:fairness.wantedShare')}</TableCell>
            <TableCell align="right">{t('process:fairness.top1')}</TableCell>
            <TableCell align="right">{t('process:fairness.top3')}</TableCell>
            <TableCell align="right">{t('process:fairness.meanRank')}</TableCell>
            <TableCell align="right">{t('process:fairness.envies')}</TableCell>
            <TableCell align="right">{t('process:fairness.valueShare')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.memberId}>
              <TableCell>{name(row.memberId)}</TableCell>
              <TableCell align="right">{row.received}</TableCell>
              {REASONS.map((r) => (
                <TableCell key={r} align="right">
                  {row.byReason[r] ?? 0}
                </TableCell>
              ))}
              <TableCell align="right">
                <bdi dir="ltr">
                  {pct(row.wantedShare, i18n.language)} ({row.heartedReceived}/{row.hearted})
                </bdi>
              </TableCell>
              <TableCell align="right">{row.highInterest.top1}</TableCell>
              <TableCell align="right">{row.highInterest.top3}</TableCell>
              <TableCell align="right">{row.highInterest.meanRank?.toFixed(1) ?? '—'}</TableCell>
              <TableCell align="right">
                <bdi dir="ltr">
                  {row.envies.rank} / {row.envies.token}
                </bdi>
              </TableCell>
              <TableCell align="right">{pct(row.valueShare, i18n.language)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

function AggregatesView({ a }: { a: Aggregates }) {
  const { t, i18n } = useTranslation();
  const facts: [string, string | number][] = [
    ['receivers', a.receivers],
    ['itemsReceived', a.itemsReceived],
    ['meanWantedShare', pct(a.meanWantedShare, i18n.language)],
    ['minWantedShare', pct(a.minWantedShare, i18n.language)],
    ['enviousPairs', `${a.enviousPairs.rank} / ${a.enviousPairs.token} (${a.pairs})`],
    ['ef1Violations', `${a.ef1Violations.rank} / ${a.ef1Violations.token}`],
    ['randomTieBreaks', a.randomTieBreaks],
    ['trusteeOverrides', a.trusteeOverrides],
  ];
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))', gap: 1.5, mb: 3 }}>
      {facts.map(([key, value]) => (
        <Paper key={key} variant="outlined" sx={{ p: 1.5 }}>
          <Typography sx={{ fontSize: '1.4rem', fontWeight: 700 }}>
            <bdi dir="ltr">{value}</bdi>
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t(`process:fairness.agg.${key}`)}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}

/** `/reports/` and `/trustee/reports/`: the fairness report (all rows for trustees, my row for me). */
export function FairnessPage() {
  const { t } = useTranslation();
  const { me } = useSession();
  const estate = currentMembership(me);
  const estateId = estate?.estateId ?? null;
  const members = useMembers(estateId);
  const report = useQuery({
    queryKey: queryKeys.fairness(estateId),
    queryFn: () => api<Fairness>(`/api/estates/${encodeURIComponent(estateId ?? '')}/fairness`),
    enabled: Boolean(estateId),
    retry: false,
  });
  const names = new Map((members.data ?? []).map((m) => [m.id, m.displayName]));
  const name = (id: string) => (id === me?.user.id ? t('process:fairness.you') : (names.get(id) ?? id.slice(0, 8)));

  return (
    <PageLayout title={t('process:fairness.title')} subtitle={estate?.estateName} maxWidth={1200}>
      {!estate && <EmptyState title={t('process:common.noEstate')} />}
      {report.isPending && estateId && <FullPageLoader />}
      {report.isError && <Alert severity="info">{errorMessage(report.error, t)}</Alert>}
      {report.data && (
        <>
          <Typography sx={{ mb: 2 }}>{t('process:fairness.explain')}</Typography>
          <AggregatesView a={report.data.report.aggregates} />
          {report.data.scope === 'full' ? (
            <>
              <RowsTable rows={report.data.report.rows} name={name} />
              <Typography component="h2" variant="h3" sx={{ fontSize: '1.2rem', mt: 3, mb: 1 }}>
                {t('process:fairness.pairs')}
              </Typography>
              <Box sx={{ overflowX: 'auto' }}>
                <Table size="small">
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('process:fairness.from')}</TableCell>
                      <TableCell>{t('process:fairness.to')}</TableCell>
                      <TableCell>{t('process:fairness.rankEnvy')}</TableCell>
                      <TableCell>{t('process:fairness.tokenEnvy')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {report.data.report.pairs
                      .filter((p) => p.rank.envy || p.token.envy)
                      .map((p) => (
                        <TableRow key={`${p.from}-${p.to}`}>
                          <TableCell>{name(p.from)}</TableCell>
                          <TableCell>{name(p.to)}</TableCell>
                          <TableCell>
                            {p.rank.own} / {p.rank.other} {p.rank.envy ? (p.rank.ef1 ? t('process:fairness.ef1') : t('process:fairness.notEf1')) : ''}
                          </TableCell>
                          <TableCell>
                            {p.token.own} / {p.token.other} {p.token.envy ? (p.token.ef1 ? t('process:fairness.ef1') : t('process:fairness.notEf1')) : ''}
                          </TableCell>
                        </TableRow>
                      ))}
                  </TableBody>
                </Table>
              </Box>
            </>
          ) : report.data.report.row ? (
            <RowsTable rows={[report.data.report.row]} name={name} />
          ) : null}
        </>
      )}
      {estate && (
        <>
          <Typography component="h2" variant="h3" sx={{ fontSize: '1.2rem', mt: 4, mb: 1 }}>
            {t('process:draws.title')}
          </Typography>
          <Typography sx={{ mb: 1.5 }}>{t('process:fairness.drawsText')}</Typography>
          <Button component={RouterLink} to="/draws" variant="outlined" sx={{ minHeight: 48 }}>
            {t('process:fairness.drawsLink')}
          </Button>
        </>
      )}
    </PageLayout>
  );
}
