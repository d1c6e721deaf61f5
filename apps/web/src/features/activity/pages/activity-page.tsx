import { useSearchParams } from 'react-router';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import History from '@mui/icons-material/History';
import { ACTIVITY_CATEGORIES, type ActivityCategory } from '@estate/domain/schemas/history';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { formatDate } from '../../../shared/i18n/format';
import { useEstateActivity, type ActivityFilter } from '../../../shared/api/history';
import { useMembers } from '../../../shared/api/members';
import { currentMembership } from '../../../shared/session/current-estate';
import { useSession } from '../../../shared/session/session-context';
import { EmptyState } from '../../../shared/ui/empty-state';
import { FullPageLoader } from '../../../shared/ui/full-page-loader';
import { PageLayout } from '../../../shared/ui/page-layout';
import { activityLine } from '../../../shared/activity/sentence';

const isCategory = (value: string | null): value is ActivityCategory => (ACTIVITY_CATEGORIES as readonly string[]).includes(value ?? '');

/**
 * `/activity` (issue 30): the estate's record for every member, newest first, in sentences in the
 * reader's language; filtered by what it is about (stages and draws, items, people, hand-over, the
 * administrator's support visits), by person, or by one item (from an item's history). The filters
 * live in the address, so a filtered view can be shared and the Back button undoes a filter.
 */
export function ActivityPage() {
  const { t, i18n } = useTranslation();
  const { me } = useSession();
  const estateId = currentMembership(me)?.estateId ?? null;
  const [params, setParams] = useSearchParams();
  const category = params.get('category');
  const filter: ActivityFilter = {
    ...(isCategory(category) ? { category } : {}),
    ...(params.get('person') ? { memberId: params.get('person')! } : {}),
    ...(params.get('item') ? { itemId: params.get('item')! } : {}),
  };
  const activity = useEstateActivity(estateId, filter);
  const members = useMembers(estateId);
  const set = (key: string, value: string | null) =>
    setParams((old) => {
      const next = new URLSearchParams(old);
      if (value) next.set(key, value);
      else next.delete(key);
      return next;
    });
  const filtered = Object.keys(filter).length > 0;
  const events = activity.data?.pages.flatMap((page) => page.events) ?? [];

  if (!estateId) {
    return (
      <PageLayout title={t('activity:page.title')}>
        <EmptyState title={t('process:common.noEstate')} />
      </PageLayout>
    );
  }
  return (
    <PageLayout title={t('activity:page.title')} subtitle={t('activity:page.subtitle')} maxWidth={860}>
      <Box role="group" aria-label={t('activity:page.filterLabel')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }}>
        {(['all', ...ACTIVITY_CATEGORIES] as const).map((c) => {
          const selected = c === 'all' ? !filter.category : filter.category === c;
          return (
            <Chip
              key={c}
              label={t(`activity:page.categories.${c}`)}
              color={selected ? 'primary' : 'default'}
              variant={selected ? 'filled' : 'outlined'}
              aria-pressed={selected}
              onClick={() => set('category', c === 'all' ? null : c)}
              sx={{ minHeight: 48, borderRadius: 6, fontSize: '1rem' }}
            />
          );
        })}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
        <TextField
          select
          label={t('activity:page.person')}
          value={filter.memberId ?? ''}
          onChange={(e) => set('person', e.target.value || null)}
          sx={{ minWidth: { xs: '100%', sm: 260 } }}
        >
          <MenuItem value="">{t('activity:page.anyone')}</MenuItem>
          {(members.data ?? []).map((m) => (
            <MenuItem key={m.id} value={m.id}>
              {m.displayName}
            </MenuItem>
          ))}
        </TextField>
        {filter.itemId && <Chip label={t('activity:page.onlyItem')} onDelete={() => set('item', null)} />}
        {filtered && (
          <Button onClick={() => setParams(new URLSearchParams())} sx={{ minHeight: 48 }}>
            {t('activity:page.showAll')}
          </Button>
        )}
      </Box>
      {activity.isPending && <FullPageLoader />}
      {activity.isError && <Alert severity="error">{t('activity:page.failed')}</Alert>}
      {activity.data && events.length === 0 && <EmptyState icon={<History />} title={filtered ? t('activity:page.emptyFiltered') : t('activity:page.empty')} />}
      {events.length > 0 && (
        <Paper variant="outlined">
          <List aria-label={t('activity:page.title')} disablePadding>
            {events.map((event) => {
              const text = activityLine(event, t, i18n.language, i18n.dir() === 'rtl');
              return (
                // An event about an item opens that item: the whole row is the link, sentence and time.
                <ListItem key={event.id} divider disablePadding sx={{ display: 'block', '&:last-child': { borderBottom: 0 } }}>
                  {event.itemId ? (
                    <ListItemButton component={RouterLink} to={`/p/${estateId}/i/${event.itemId}`} sx={{ display: 'block', py: 1.5, minHeight: 48 }}>
                      <EventLines text={text} at={event.at} />
                    </ListItemButton>
                  ) : (
                    <Box sx={{ px: 2, py: 1.5 }}>
                      <EventLines text={text} at={event.at} />
                    </Box>
                  )}
                </ListItem>
              );
            })}
          </List>
          {activity.hasNextPage && (
            <Button sx={{ m: 1, minHeight: 48 }} onClick={() => void activity.fetchNextPage()} disabled={activity.isFetchingNextPage}>
              {t('actions.showMore')}
            </Button>
          )}
        </Paper>
      )}
    </PageLayout>
  );
}

/** One event: its sentence (in the reader's direction) and when it happened. */
function EventLines({ text, at }: { text: string; at: string }) {
  const { i18n } = useTranslation();
  return (
    <>
      <Typography dir="auto" sx={{ overflowWrap: 'anywhere' }}>
        {text}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        <time dateTime={at}>{formatDate(at, i18n.language, true)}</time>
      </Typography>
    </>
  );
}
