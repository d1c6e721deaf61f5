import { useTranslation } from '../../../shared/i18n/use-translation';
import { CHAT_PANEL_WIDTH } from '../../../shared/theme/layout-constants';
import { TeamChat } from '../../../features/chat/components/team-chat';
import { clearAsk } from '../../../shared/chat/ask-about';
import { SidePanel } from './side-panel';

/** Team Chat (360 wide): the estate's conversation and one-to-one conversations (features/chat). */
export function ChatPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('chat');
  const close = () => {
    clearAsk();
    onClose();
  };
  return (
    <SidePanel id="chat-panel" open={open} onClose={close} title={t('title')} width={CHAT_PANEL_WIDTH} fill>
      <TeamChat onNavigate={close} />
    </SidePanel>
  );
}
