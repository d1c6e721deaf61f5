import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import History from '@mui/icons-material/History';
import { useTranslation } from '../i18n/use-translation';
import { formatDate } from '../i18n/format';
import { useItemHistory } from '../api/history';
import { activityLine } from './sentence';

/**
 * An item's history on its page (issue 30): collapsed at first; opened, every entry oldest first as
 * a plain sentence with its date. What a reader may not know (who hearted, ranked or placed tokens)
 * the server never sends.
 */
export function ItemHistory({ estateId, itemId }: { estateId: string; itemId: string }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const history = useItemHistory(estateId, itemId, open);
  return (
    <Box component="section" aria-labelledby={`history-${itemId}`} sx={{ mt: 3 }}>
      <Typography id={`history-${itemId}`} component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {t('activity:history.title')}
      </Typography>
      <Button
        startIcon={<History />}
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-controls={`history-list-${itemId}`}
        sx={{ minHeight: 48 }}
      >
        {open ? t('activity:history.hide') : t('activity:history.show')}
      </Button>
      {open && (
        <Box id={`history-list-${itemId}`}>
          {history.isPending && <Typography color="text.secondary">…</Typography>}
          {history.isError && <Alert severity="error">{t('activity:history.failed')}</Alert>}
          {history.data && history.data.length === 0 && <Typography color="text.secondary">{t('activity:history.empty')}</Typography>}
          {history.data && history.data.length > 0 && (
            <List dense disablePadding aria-label={t('activity:history.title')}>
              {history.data.map((event, k) => (
                <ListItem key={`${event.at}-${k}`} disableGutters sx={{ display: 'block', py: 0.75 }}>
                  <Typography dir="auto" sx={{ overflowWrap: 'anywhere' }}>
                    {activityLine({ sentence: event.sentence, actorName: event.actor?.displayName ?? null }, t, i18n.language, i18n.dir() === 'rtl')}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    <time dateTime={event.at}>{formatDate(event.at, i18n.language, true)}</time>
                  </Typography>
                </ListItem>
              ))}
            </List>
          )}
          <Link component={RouterLink} to={`/activity?item=${encodeURIComponent(itemId)}`} underline="hover" sx={{ display: 'inline-block', py: 1.5 }}>
            {t('activity:history.allActivity')}
          </Link>
        </Box>
      )}
    </Box>
  );
}
