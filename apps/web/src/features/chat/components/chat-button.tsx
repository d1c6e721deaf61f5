import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import Forum from '@mui/icons-material/ForumOutlined';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { currentMembership } from '../../../shared/session/current-estate';
import { useSession } from '../../../shared/session/session-context';
import { useFirstContentShown } from '../../../shared/api/first-content';
import { useUnreadTotal } from '../api';

/** The toolbar's Team Chat button, with the number of messages not read yet. */
export function ChatButton({ onOpen }: { onOpen: () => void }) {
  const { t } = useTranslation('chat');
  const { me } = useSession();
  const estateId = currentMembership(me)?.estateId ?? null;
  // Counted once the page's first content is on screen.
  const unread = useUnreadTotal(estateId, useFirstContentShown());
  const label = unread > 0 ? t('openUnread', { count: unread }) : t('open');
  return (
    <IconButton color="inherit" aria-label={label} title={label} onClick={onOpen} data-testid="chat-button" sx={{ width: 48, height: 48 }}>
      <Badge color="error" badgeContent={unread} max={99} data-testid="chat-unread" data-count={unread}>
        <Forum />
      </Badge>
    </IconButton>
  );
}
