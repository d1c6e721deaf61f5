import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import Casino from '@mui/icons-material/CasinoOutlined';
import EventOutlined from '@mui/icons-material/EventOutlined';
import Flag from '@mui/icons-material/FlagOutlined';
import LocalShipping from '@mui/icons-material/LocalShippingOutlined';
import type { QuickPanelEvent } from '@estate/domain/schemas/quick-panel';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { currentMembership } from '../../../shared/session/current-estate';
import { useSession } from '../../../shared/session/session-context';
import { useQuickPanelEvents } from '../api';

const ICONS = { deadline: EventOutlined, stage: Flag, draw: Casino, handover: LocalShipping } as const;

function sentence(event: QuickPanelEvent, t: (key: string, values?: Record<string, unknown>) => string): string {
  const stageName = (code: number | undefined) => (code === undefined ? '' : t(`stage.${code}.name`, { ns: 'stages' }));
  switch (event.kind) {
    case 'deadline':
      return event.passed ? t('events.deadlinePassed', { name: stageName(event.stage) }) : t('events.deadline', { name: stageName(event.stage) });
    case 'stage':
      return t('events.stage', { name: stageName(event.stage) });
    case 'draw':
      return t('events.draw', { name: stageName(event.step) });
    case 'handover':
      return event.itemName ? t('events.handover', { name: event.itemName }) : t('events.handoverUnnamed');
  }
}

/** The estate's coming deadlines and latest news, each a plain sentence with its date. */
export function TodayEvents() {
  const { t, i18n } = useTranslation('notes');
  const { me } = useSession();
  const estateId = currentMembership(me)?.estateId ?? null;
  const events = useQuickPanelEvents(estateId);
  if (!estateId) return <Typography color="text.secondary">{t('events.noEstate')}</Typography>;
  if (events.isPending) return <Typography color="text.secondary">{t('events.loading')}</Typography>;
  if (events.isError) return <Typography color="error">{t('events.failed')}</Typography>;
  if (events.data.length === 0) return <Typography color="text.secondary">{t('events.none')}</Typography>;
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: 1.5 }} data-testid="quick-events">
      {events.data.map((event) => {
        const Icon = ICONS[event.kind];
        const coming = event.kind === 'deadline' && !event.passed;
        return (
          <Box component="li" key={event.id} sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
            <Icon sx={{ color: coming ? 'secondary.main' : 'primary.main', mt: '2px' }} aria-hidden="true" />
            <Box sx={{ minWidth: 0 }}>
              <Typography dir="auto" sx={{ overflowWrap: 'anywhere', fontWeight: coming ? 600 : 400 }}>
                {sentence(event, t)}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ fontSize: '0.875rem' }}>
                <time dateTime={event.at}>{format.format(new Date(event.at))}</time>
              </Typography>
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
