import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import History from '@mui/icons-material/History';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { isApiError } from '../../../shared/api/api-error';
import { formatDate } from '../../../shared/i18n/format';
import { EmptyState } from '../../../shared/ui/empty-state';
import { FullPageLoader } from '../../../shared/ui/full-page-loader';
import { useActivity, type ActivityEvent } from '../api';

function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return String(value);
  return JSON.stringify(value);
}

function describe(
  event: ActivityEvent,
  t: (key: string, options?: Record<string, unknown>) => string,
): string {
  const what = t(`activity.entity.${event.entity}`, { defaultValue: event.entity });
  const base = t(`activity.action.${event.action}`, {
    defaultValue: event.action,
    actor: event.actorName,
    what,
  });
  if (event.field) return `${base} · ${event.field}: ${show(event.from)} → ${show(event.to)}`;
  return base;
}

/** The estate's activity log (newest first), as the profile's timeline. */
export function ActivityTimeline({ estateId }: { estateId: string | null }) {
  const { t, i18n } = useTranslation();
  const activity = useActivity(estateId);
  if (!estateId) return <EmptyState icon={<History />} title={t('profile.timeline.noEstate')} />;
  if (activity.isPending) return <FullPageLoader />;
  if (activity.isError) {
    return isApiError(activity.error) && activity.error.status === 404 ? (
      <EmptyState icon={<History />} title={t('profile.timeline.empty')} />
    ) : (
      <Alert severity="error">{t('profile.timeline.failed')}</Alert>
    );
  }
  const events = activity.data.pages.flatMap((page) => page.events);
  if (events.length === 0) return <EmptyState icon={<History />} title={t('profile.timeline.empty')} />;
  return (
    <Paper variant="outlined">
      <List aria-label={t('profile.tabs.timeline')}>
        {events.map((event) => (
          <ListItem key={event.id} divider>
            <ListItemText
              primary={describe(event, t as never)}
              secondary={formatDate(event.at, i18n.language, true)}
            />
          </ListItem>
        ))}
      </List>
      {activity.hasNextPage && (
        <Button
          sx={{ m: 1 }}
          onClick={() => void activity.fetchNextPage()}
          disabled={activity.isFetchingNextPage}
        >
          {t('actions.showMore')}
        </Button>
      )}
    </Paper>
  );
}
