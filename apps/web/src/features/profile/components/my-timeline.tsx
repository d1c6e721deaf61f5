import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import History from '@mui/icons-material/History';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { formatDate } from '../../../shared/i18n/format';
import { EmptyState } from '../../../shared/ui/empty-state';
import { FullPageLoader } from '../../../shared/ui/full-page-loader';
import { useTimeline } from '../profile-api';
import { sentence } from '../../../shared/activity/sentence';

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
