import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import History from '@mui/icons-material/History';
import type { TFunction } from 'i18next';
import type { TimelineEntry } from '@estate/domain/schemas/people';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { formatDate } from '../../../shared/i18n/format';
import { EmptyState } from '../../../shared/ui/empty-state';
import { FullPageLoader } from '../../../shared/ui/full-page-loader';
import { useTimeline } from '../profile-api';

/** One line of the timeline in the reader's language: the sentence's values named as words. */
export function sentence(entry: TimelineEntry, t: TFunction, language: string, rtl = false): string {
  const values: Record<string, string | number> = { ...entry.values };
  // Names people typed (an item, a room) keep their own direction inside a right-to-left sentence.
  const isolate = (text: string) => (rtl ? `\u2068${text}\u2069` : text);
  for (const key of ['item', 'name', 'from'] as const) {
    if (typeof values[key] === 'string' && values[key]) values[key] = isolate(values[key]);
  }
  if ('item' in values) values.item = values.item || t('people:timeline.anItem');
  if (typeof values.stage === 'number') values.stage = t(`stage.${values.stage}.name`, { ns: 'stages' });
  if (typeof values.date === 'string') values.date = formatDate(values.date, language, true);
  if (typeof values.field === 'string') values.field = t(`people:timeline.fields.${values.field}`);
  if (typeof values.document === 'string') values.document = t(`people:timeline.documents.${values.document}`);
  return t(`people:timeline.kinds.${entry.kind}`, { ...values, defaultValue: t('people:timeline.kinds.other') });
}

/** The person's own activity in their estates, newest first, as sentences (no codes, no raw values). */
export function MyTimeline({ hasEstate, manyEstates }: { hasEstate: boolean; manyEstates: boolean }) {
  const { t, i18n } = useTranslation();
  const timeline = useTimeline();
  if (timeline.isPending) return <FullPageLoader />;
  if (timeline.isError) return <Alert severity="error">{t('people:profile.timelineFailed')}</Alert>;
  const entries = timeline.data.pages.flatMap((page) => page.entries);
  if (entries.length === 0) {
    return <EmptyState icon={<History />} title={hasEstate ? t('people:profile.timelineEmpty') : t('people:profile.timelineNoEstate')} />;
  }
  return (
    <Paper variant="outlined">
      <List aria-label={t('profile.tabs.timeline')} disablePadding>
        {entries.map((entry) => {
          const text = sentence(entry, t, i18n.language, i18n.dir() === 'rtl');
          return (
            <ListItem key={entry.id} divider sx={{ display: 'block', py: 1.5, '&:last-child': { borderBottom: 0 } }}>
              <Typography dir="auto" sx={{ overflowWrap: 'anywhere' }}>
                {entry.path ? (
                  <Link component={RouterLink} to={entry.path} underline="hover" color="inherit">
                    {text}
                  </Link>
                ) : (
                  text
                )}
              </Typography>
              <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                <time dateTime={entry.at}>{formatDate(entry.at, i18n.language, true)}</time>
                {manyEstates && entry.estateName && <> · {entry.estateName}</>}
              </Typography>
            </ListItem>
          );
        })}
      </List>
      {timeline.hasNextPage && (
        <Button sx={{ m: 1, minHeight: 48 }} onClick={() => void timeline.fetchNextPage()} disabled={timeline.isFetchingNextPage}>
          {t('actions.showMore')}
        </Button>
      )}
    </Paper>
  );
}
