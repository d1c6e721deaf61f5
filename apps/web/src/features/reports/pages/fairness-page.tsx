import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
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
import ExpandMore from '@mui/icons-material/ExpandMore';
import type { FairnessAggregates, FairnessAnswer, FairnessRow } from '@estate/domain/schemas/draws';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';
import { useMembers } from '../../../shared/api/members';
import { useDrawList } from '../../../shared/api/draws';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { errorMessage } from '../../../shared/api/error-message';
import { currentMembership } from '../../../shared/session/current-estate';
import { useSession } from '../../../shared/session/session-context';
import { EmptyState } from '../../../shared/ui/empty-state';
import { FullPageLoader } from '../../../shared/ui/full-page-loader';
import { PageLayout } from '../../../shared/ui/page-layout';
import { Stage } from '@estate/domain/stages';
import { ReportFiles } from '../components/report-files';

type Row = FairnessRow;
type Aggregates = FairnessAggregates;

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

/** One plain sentence per person first: what they received and how much of what they wanted. */
function PlainWords({ answer, name }: { answer: FairnessAnswer; name: (id: string) => string }) {
  const { t } = useTranslation();
  const para = (text: string) => (
    <Typography key={text} sx={{ fontSize: '1.125rem', mb: 1 }} dir="auto">
      {text}
    </Typography>
  );
  if (answer.scope === 'full') {
    return (
      <Paper variant="outlined" component="section" aria-label={t('process:fairness.plain.title')} sx={{ p: 2.5, mb: 3 }}>
        <Typography component="h2" variant="h3" sx={{ fontSize: '1.25rem', mb: 1.5 }}>
          {t('process:fairness.plain.title')}
        </Typography>
        {answer.report.rows.map((row) =>
          para(t('process:fairness.plain.personLine', { name: name(row.memberId), received: row.received, got: row.heartedReceived, hearted: row.hearted })),
        )}
      </Paper>
    );
  }
  const row = answer.report.row;
  return (
    <Paper variant="outlined" component="section" aria-label={t('process:fairness.plain.title')} sx={{ p: 2.5, mb: 3 }}>
      <Typography component="h2" variant="h3" sx={{ fontSize: '1.25rem', mb: 1.5 }}>
        {t('process:fairness.plain.title')}
      </Typography>
      {row && para(t('process:fairness.plain.youReceived', { count: row.received }))}
      {row && row.hearted > 0 && para(t('process:fairness.plain.youWanted', { hearted: row.hearted, got: row.heartedReceived }))}
      {row && row.highInterest.meanRank !== null &&
        para(row.highInterest.top1 > 0 ? t('process:fairness.plain.youFirst') : t('process:fairness.plain.youTop3', { count: row.highInterest.top3 }))}
      <Typography component="h3" sx={{ fontWeight: 700, mt: 2, mb: 1 }}>
        {t('process:fairness.plain.missedTitle')}
      </Typography>
      {answer.missed.length === 0 ? (
        <Typography>{t('process:fairness.plain.missedNone')}</Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, ps: 3 }}>
          {answer.missed.map((m) => (
            <Typography component="li" key={m.itemId} sx={{ mb: 0.5, overflowWrap: 'anywhere' }}>
              <bdi>{m.label}</bdi> · {m.name} {t('process:fairness.plain.arrow')} {name(m.receiverId)}: {t(`process:fairness.plain.why.${m.reason}`, { defaultValue: t('process:fairness.plain.why.trustee') })}
            </Typography>
          ))}
        </Box>
      )}
    </Paper>
  );
}

/** `/reports/` and `/trustee/reports/`: the fairness report (all rows for trustees, my row for me). */
export function FairnessPage() {
  const { t } = useTranslation();
  const { me } = useSession();
  const estate = currentMembership(me);
  const estateId = estate?.estateId ?? null;
  const members = useMembers(estateId);
  // The report exists once the last automatic step has run: until then the page says so instead of asking.
  const draws = useDrawList(estateId, (estate?.stage ?? 0) >= Stage.AssignRemaining);
  const ready = draws.data?.draws.some((d) => d.step === Stage.AssignRemaining) ?? false;
  const waiting = Boolean(estate) && (estate?.stage ?? 0) >= Stage.AssignRemaining && draws.isPending;
  const report = useQuery({
    queryKey: queryKeys.fairness(estateId),
    queryFn: () => api<FairnessAnswer>(`/api/estates/${encodeURIComponent(estateId ?? '')}/fairness`),
    enabled: Boolean(estateId) && ready,
    retry: false,
  });
  const names = new Map((members.data ?? []).map((m) => [m.id, m.displayName]));
  const name = (id: string) => (id === me?.user.id ? t('process:fairness.you') : (names.get(id) ?? '…'));

  return (
    <PageLayout title={t('process:fairness.title')} subtitle={estate?.estateName} maxWidth={1200}>
      {!estate && <EmptyState title={t('process:common.noEstate')} />}
      {estate && estate.stage >= Stage.Finalizing && <ReportFiles estateId={estate.estateId} />}
      {estate && !ready && !waiting && (
        <EmptyState title={t('process:fairness.notReady.title')}>
          {t('process:fairness.notReady.text', { step: t(`stages:stage.${Stage.AssignRemaining}.name`) })}
        </EmptyState>
      )}
      {(waiting || (ready && report.isPending)) && <FullPageLoader />}
      {report.isError && <Alert severity="info">{errorMessage(report.error, t)}</Alert>}
      {report.data && (
        <>
          <PlainWords answer={report.data} name={name} />
          <Accordion variant="outlined" disableGutters>
            <AccordionSummary expandIcon={<ExpandMore />} sx={{ minHeight: 56 }}>
              <Typography component="h2" sx={{ fontWeight: 700 }}>{t('process:fairness.plain.details')}</Typography>
            </AccordionSummary>
            <AccordionDetails>
              <Typography color="text.secondary" sx={{ mb: 2 }}>{t('process:fairness.plain.detailsText')}</Typography>
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
            </AccordionDetails>
          </Accordion>
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
