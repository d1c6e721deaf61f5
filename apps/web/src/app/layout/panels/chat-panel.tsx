import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import Forum from '@mui/icons-material/ForumOutlined';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { CHAT_PANEL_WIDTH } from '../../../shared/theme/layout-constants';
import { EmptyState } from '../../../shared/ui/empty-state';
import { SidePanel } from './side-panel';

/** Team Chat (360 wide). Conversations arrive with the chat feature; for now its empty states. */
export function ChatPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <SidePanel id="chat-panel" open={open} onClose={onClose} title={t('chat.title')} width={CHAT_PANEL_WIDTH}>
      <Box sx={{ px: 2, py: 1.5 }}>
        <Typography variant="body2" color="text.secondary">
          {t('chat.noContacts')}
        </Typography>
      </Box>
      <Divider />
      <EmptyState icon={<Forum />} title={t('chat.selectContact')} />
    </SidePanel>
  );
}
