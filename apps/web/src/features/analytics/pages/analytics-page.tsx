/**
 * `/trustee/analytics`: the estate in figures, for trustees and observers ('analytics.view'):
 * how complete the catalogue is, who has taken part in each stage, where the interest lies, and
 * how the items were assigned. Each chart has its table of the same figures.
 */
import { Suspense, type ReactNode } from 'react';
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
import { formatDate } from '../../../shared/i18n/format';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { currentMembership } from '../../../shared/session/current-estate';
import { useSession } from '../../../shared/session/session-context';
import { EmptyState } from '../../../shared/ui/empty-state';
import { FullPageLoader } from '../../../shared/ui/full-page-loader';
import { PageLayout } from '../../../shared/ui/page-layout';
import { useAnalytics, type Analytics } from '../api';
import { lazyNamed } from '../../../shared/ui/lazy-named';
import type { Bar } from '../components/charts';

// The charting library is loaded after the figures are on screen (the tables show them at once).
const LazyBars = lazyNamed(() => import('../components/charts'), 'HorizontalBars');
const LazyParts = lazyNamed(() => import('../components/charts'), 'Parts');

function HorizontalBars(props: { title: string; data: Bar[]; series: { key: string; label: string }[]; format?: (value: number) => string }) {
  return (
    <Suspense fallback={<Box sx={{ height: Math.max(160, props.data.length * (28 * props.series.length + 16) + 80) }} />}>
      <LazyBars {...props} />
    </Suspense>
  );
}

function Parts(props: { title: string; data: { id: string; label: string; value: number }[] }) {
  return (
    <Suspense fallback={<Box sx={{ height: 240 }} />}>
      <LazyParts {...props} />
    </Suspense>
  );
}

const INPUT_STAGES = [2, 11, 20, 30] as const;
const STATUSES = ['unassigned', 'pending', 'hold', 'assigned', 'unwanted', 'handed-over'] as const;

function Section({ id, title, intro, children }: { id: string; title: string; intro?: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ mb: 5 }}>
      <Typography component="h2" variant="h3" id={id} sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      {intro && (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {intro}
        </Typography>
      )}
      {children}
    </Box>
  );
}

function Figure({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography color="text.secondary" sx={{ fontSize: '0.95rem' }}>
        {label}
      </Typography>
      <Typography sx={{ fontSize: '1.75rem', fontWeight: 700, lineHeight: 1.3 }}>{value}</Typography>
      {detail && (
        <Typography variant="body2" color="text.secondary">
          {detail}
        </Typography>
      )}
    </Paper>
  );
}

function Cells({ values }: { values: (string | number)[] }) {
  return (
    <>
      {values.map((v, i) => (
        <TableCell key={i} align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          {v}
        </TableCell>
      ))}
    </>
  );
}

function Head({ first, rest }: { first: string; rest: string[] }) {
  return (
    <TableHead>
      <TableRow>
        <TableCell component="th" scope="col">
          {first}
        </TableCell>
        {rest.map((h) => (
          <TableCell key={h} component="th" scope="col" align="right">
            {h}
          </TableCell>
        ))}
      </TableRow>
    </TableHead>
  );
}

export function AnalyticsPage() {
  const { t } = useTranslation('analytics');
  const { me } = useSession();
  const common = useTranslation().t;
  const estateId = currentMembership(me)?.estateId ?? null;
  const analytics = useAnalytics(estateId);
  return (
    <PageLayout title={t('title')} subtitle={t('intro')}>
      {!estateId && <EmptyState title={t('noEstate')} />}
      {analytics.isPending && estateId && <FullPageLoader />}
      {analytics.isError && <Alert severity="error">{errorMessage(analytics.error, common)}</Alert>}
      {analytics.data && <Figures a={analytics.data} />}
    </PageLayout>
  );
}

function Figures({ a }: { a: Analytics }) {
  const { t, i18n } = useTranslation('analytics');
  const lang = i18n.language;
  const number = (n: number) => new Intl.NumberFormat(lang).format(n);
  const percent = (part: number, whole: number) => new Intl.NumberFormat(lang, { style: 'percent' }).format(whole ? part / whole : 0);
  const money = (n: number) =>
    a.catalogue.currency
      ? new Intl.NumberFormat(lang, { style: 'currency', currency: a.catalogue.currency, maximumFractionDigits: 0 }).format(n)
      : number(n);
  const placeName = (name: string | null) => name ?? t('unplaced');
  const reasonName = (r: string) => t(`reason.${r}`, { defaultValue: r });
  const totals = a.catalogue.totals;

  const rooms = a.catalogue.locations.flatMap((l) =>
    l.rooms.map((r) => ({ ...r, label: `${placeName(l.name)} · ${placeName(r.name)}`, location: placeName(l.name) })),
  );

  return (
    <>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, mb: 5 }}>
        <Figure label={t('figures.items')} value={number(totals.items)} />
        <Figure label={t('figures.withPhotos')} value={percent(totals.withPhotos, totals.items)} detail={t('figures.ofItems', { count: totals.withPhotos })} />
        <Figure label={t('figures.withValues')} value={percent(totals.withValues, totals.items)} detail={t('figures.ofItems', { count: totals.withValues })} />
        <Figure label={t('figures.value')} value={money(totals.value)} />
      </Box>

      <Section id="an-catalogue" title={t('catalogue.title')} intro={t('catalogue.intro')}>
        {totals.items === 0 && rooms.length === 0 ? (
          <EmptyState title={t('catalogue.empty')} />
        ) : (
          <>
            {rooms.length > 0 && (
              <Paper variant="outlined" sx={{ p: 1, mb: 2 }}>
                <HorizontalBars
                  title={t('catalogue.chart')}
                  data={rooms.map((r) => ({ label: r.label, items: r.items, withPhotos: r.withPhotos, withValues: r.withValues }))}
                  series={[
                    { key: 'items', label: t('col.items') },
                    { key: 'withPhotos', label: t('col.withPhotos') },
                    { key: 'withValues', label: t('col.withValues') },
                  ]}
                />
              </Paper>
            )}
            <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
              <Table size="small" aria-labelledby="an-catalogue">
                <Head first={t('col.place')} rest={[t('col.items'), t('col.withPhotos'), t('col.withValues'), t('col.value')]} />
                <TableBody>
                  {a.catalogue.locations.map((l) => [
                    <TableRow key={`l-${l.locationId ?? 'none'}`} sx={{ bgcolor: 'action.hover' }}>
                      <TableCell component="th" scope="row" sx={{ fontWeight: 700 }} dir="auto">
                        {placeName(l.name)}
                      </TableCell>
                      <Cells values={[number(l.items), number(l.withPhotos), number(l.withValues), money(l.value)]} />
                    </TableRow>,
                    ...l.rooms.map((r) => (
                      <TableRow key={`r-${l.locationId ?? 'none'}-${r.roomId ?? 'none'}`}>
                        <TableCell component="th" scope="row" sx={{ pl: 4 }} dir="auto">
                          {placeName(r.name)}
                        </TableCell>
                        <Cells values={[number(r.items), number(r.withPhotos), number(r.withValues), money(r.value)]} />
                      </TableRow>
                    )),
                  ])}
                </TableBody>
              </Table>
            </Paper>
          </>
        )}
      </Section>

      <Section id="an-participation" title={t('participation.title')} intro={t('participation.intro', { count: a.participation.items })}>
        {a.participation.members.length === 0 ? (
          <EmptyState title={t('participation.empty')} />
        ) : (
          <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-labelledby="an-participation">
              <Head
                first={t('col.beneficiary')}
                rest={[t('col.reviewed'), t('col.hearted'), t('col.ranked'), t('col.tokens'), t('col.done'), t('col.lastSeen')]}
              />
              <TableBody>
                {a.participation.members.map((m) => (
                  <TableRow key={m.memberId} data-testid="participation-row">
                    <TableCell component="th" scope="row" sx={{ fontWeight: 600 }} dir="auto">
                      {m.displayName}
                    </TableCell>
                    <Cells
                      values={[
                        t(m.flagged ? 'participation.reviewedFlagged' : 'participation.reviewed', {
                          answered: number(m.approved + m.flagged),
                          total: number(a.participation.items),
                          flagged: number(m.flagged),
                        }),
                        number(m.hearted),
                        number(m.ranked),
                        number(m.tokens),
                      ]}
                    />
                    <TableCell align="right">
                      <Box sx={{ display: 'flex', gap: 0.5, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
                        {INPUT_STAGES.map((stage) => {
                          const done = m.done.find((d) => d.stage === stage);
                          return (
                            <Chip
                              key={stage}
                              size="small"
                              variant={done ? 'filled' : 'outlined'}
                              color={done ? 'success' : 'default'}
                              icon={done ? <CheckCircle /> : undefined}
                              label={t('participation.stage', { stage })}
                              aria-label={
                                done
                                  ? t(done.automatic ? 'participation.doneByDeadline' : 'participation.doneOn', { stage, date: formatDate(done.at, lang) })
                                  : t('participation.notDone', { stage })
                              }
                            />
                          );
                        })}
                      </Box>
                    </TableCell>
                    <TableCell align="right">{m.lastSeenAt ? formatDate(m.lastSeenAt, lang, true) : t('participation.never')}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Paper>
        )}
      </Section>

      <Section id="an-interest" title={t('interest.title')} intro={t('interest.intro', { hearts: number(a.interest.hearts), items: number(a.interest.wantedItems) })}>
        {a.interest.hearts === 0 ? (
          <EmptyState title={t('interest.empty')} />
        ) : (
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
            <Paper variant="outlined" sx={{ p: 2 }}>
              <Typography component="h3" variant="h4" sx={{ mb: 1, fontSize: '1.1rem' }}>
                {t('interest.byCategory')}
              </Typography>
              <HorizontalBars
                title={t('interest.byCategory')}
                data={a.interest.categories.filter((c) => c.hearts > 0).map((c) => ({ label: c.name, hearts: c.hearts }))}
                series={[{ key: 'hearts', label: t('col.hearts') }]}
              />
              <Table size="small" aria-label={t('interest.byCategory')}>
                <Head first={t('col.category')} rest={[t('col.items'), t('col.wanted'), t('col.hearts')]} />
                <TableBody>
                  {a.interest.categories.map((c) => (
                    <TableRow key={c.name}>
                      <TableCell component="th" scope="row" dir="auto">
                        {c.name}
                      </TableCell>
                      <Cells values={[number(c.items), number(c.wantedItems), number(c.hearts)]} />
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Paper>
            <Paper variant="outlined" sx={{ p: 2 }}>
              <Typography component="h3" variant="h4" sx={{ mb: 1, fontSize: '1.1rem' }}>
                {t('interest.byRoom')}
              </Typography>
              <HorizontalBars
                title={t('interest.byRoom')}
                data={a.interest.rooms.map((r) => ({ label: placeName(r.name), hearts: r.hearts }))}
                series={[{ key: 'hearts', label: t('col.hearts') }]}
              />
              <Table size="small" aria-label={t('interest.byRoom')}>
                <Head first={t('col.room')} rest={[t('col.items'), t('col.wanted'), t('col.hearts')]} />
                <TableBody>
                  {a.interest.rooms.map((r) => (
                    <TableRow key={r.roomId ?? 'none'}>
                      <TableCell component="th" scope="row" dir="auto">
                        {placeName(r.name)}
                        {r.locationName && (
                          <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                            {r.locationName}
                          </Typography>
                        )}
                      </TableCell>
                      <Cells values={[number(r.items), number(r.wantedItems), number(r.hearts)]} />
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Paper>
          </Box>
        )}
      </Section>

      <Section id="an-assignments" title={t('assignments.title')} intro={t('assignments.intro')}>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }} aria-label={t('assignments.byStatus')} role="list">
          {STATUSES.filter((s) => a.assignments.byStatus[s]).map((s) => (
            <Chip key={s} role="listitem" variant="outlined" label={`${t(`catalogue:status.${s}`)}: ${number(a.assignments.byStatus[s] ?? 0)}`} />
          ))}
        </Box>
        {a.assignments.byReason.length === 0 ? (
          <EmptyState title={t('assignments.empty')} />
        ) : (
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
            <Paper variant="outlined" sx={{ p: 2 }}>
              <Typography component="h3" variant="h4" sx={{ mb: 1, fontSize: '1.1rem' }}>
                {t('assignments.byReason')}
              </Typography>
              <Parts title={t('assignments.byReason')} data={a.assignments.byReason.map((r) => ({ id: r.reason, label: reasonName(r.reason), value: r.items }))} />
              <Table size="small" aria-label={t('assignments.byReason')}>
                <Head first={t('col.reason')} rest={[t('col.items'), t('col.value')]} />
                <TableBody>
                  {a.assignments.byReason.map((r) => (
                    <TableRow key={r.reason}>
                      <TableCell component="th" scope="row">
                        {reasonName(r.reason)}
                      </TableCell>
                      <Cells values={[number(r.items), money(r.value)]} />
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Paper>
            <Paper variant="outlined" sx={{ p: 2 }}>
              <Typography component="h3" variant="h4" sx={{ mb: 1, fontSize: '1.1rem' }}>
                {t('assignments.perReceiver')}
              </Typography>
              <HorizontalBars
                title={t('assignments.perReceiver')}
                data={a.assignments.receivers.map((r) => ({ label: r.displayName, value: r.value }))}
                series={[{ key: 'value', label: t('col.value') }]}
                format={money}
              />
              <Table size="small" aria-label={t('assignments.perReceiver')}>
                <Head first={t('col.receiver')} rest={[t('col.items'), t('col.value')]} />
                <TableBody>
                  {a.assignments.receivers.map((r) => (
                    <TableRow key={r.memberId}>
                      <TableCell component="th" scope="row" dir="auto">
                        {r.displayName}
                        <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                          {Object.entries(r.byReason)
                            .map(([reason, n]) => `${reasonName(reason)}: ${number(n)}`)
                            .join(' · ')}
                        </Typography>
                      </TableCell>
                      <Cells values={[number(r.items), money(r.value)]} />
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Paper>
          </Box>
        )}
      </Section>
    </>
  );
}
