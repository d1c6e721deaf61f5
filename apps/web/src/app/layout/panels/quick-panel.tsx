import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { SIDE_PANEL_WIDTH } from '../../../shared/theme/layout-constants';
import { QuickNotes } from '../../../features/notes/components/quick-notes';
import { QuickSettings } from '../../../features/quick-panel/components/quick-settings';
import { TodayEvents } from '../../../features/quick-panel/components/today-events';
import { SidePanel } from './side-panel';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box component="section" sx={{ px: 2.5, py: 2 }}>
      <Typography component="h3" variant="h6" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** The quick panel (seed): today's date, the estate's events, the person's notes, quick settings. */
export function QuickPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const today = new Date();
  return (
    <SidePanel id="quick-panel" open={open} onClose={onClose} title={t('quickPanel.title')} width={SIDE_PANEL_WIDTH}>
      <Section title={t('quickPanel.today')}>
        <Typography sx={{ fontSize: '1.4rem', fontWeight: 600 }}>
          {new Intl.DateTimeFormat(i18n.language, { weekday: 'long' }).format(today)}
        </Typography>
        <Typography color="text.secondary">{new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(today)}</Typography>
      </Section>
      <Divider />
      <Section title={t('quickPanel.events')}>
        <TodayEvents />
      </Section>
      <Divider />
      <Section title={t('quickPanel.notes')}>
        <QuickNotes onNavigate={onClose} />
      </Section>
      <Divider />
      <Section title={t('notes:settings.title')}>
        <QuickSettings />
      </Section>
    </SidePanel>
  );
}
