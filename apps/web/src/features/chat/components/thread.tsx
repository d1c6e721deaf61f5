import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ChatBubble from '@mui/icons-material/ChatBubbleOutlineOutlined';
import type { Member } from '@estate/domain/schemas/estate';
import type { ItemRef } from '../../../shared/chat/ask-about';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { EmptyState } from '../../../shared/ui/empty-state';
import { Spinner } from '../../../shared/ui/spinner';
import { flattenPages, markRead, setWatching, useMessages } from '../api';
import type { Contact } from './contact-strip';
import { Composer } from './composer';
import { MessageBubble } from './message-bubble';

type Props = {
  estateId: string;
  meId: string;
  contact: Contact;
  members: Member[];
  attached: ItemRef | null;
  onAttachedChange: (item: ItemRef | null) => void;
  onStarted: (conversationId: string) => void;
  onNavigate: () => void;
};

/** One conversation: its name, its messages (older ones on request) and the box to write in. */
export function Thread({ estateId, meId, contact, members, attached, onAttachedChange, onStarted, onNavigate }: Props) {
  const { t } = useTranslation('chat');
  const queryClient = useQueryClient();
  const conversationId = contact.conversation?.id ?? null;
  const messages = useMessages(estateId, conversationId);
  const list = flattenPages(messages.data);
  const names = new Map(members.map((m) => [m.id, m.displayName]));
  const scroller = useRef<HTMLDivElement>(null);
  const [stickToEnd, setStickToEnd] = useState(true);
  const unread = contact.conversation?.unread ?? 0;

  // On screen: what arrives here is read at once.
  useEffect(() => {
    if (!conversationId) return;
    setWatching({ estateId, conversationId });
    return () => setWatching(null);
  }, [estateId, conversationId]);
  useEffect(() => {
    if (conversationId && unread > 0) markRead(queryClient, estateId, conversationId);
  }, [queryClient, estateId, conversationId, unread]);

  // Follow new messages while the reader is at the end; stay put while they read older ones.
  const lastId = list.at(-1)?.id;
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && stickToEnd) el.scrollTop = el.scrollHeight;
  }, [lastId, stickToEnd, messages.isPending]);

  const title = contact.kind === 'estate' ? t('everyoneLong') : contact.name;
  return (
    <>
      <Box sx={{ px: 2, py: 1, borderBottom: 1, borderColor: 'divider', minHeight: 56, display: 'flex', alignItems: 'center' }}>
        <Typography component="h3" variant="h6" dir="auto" sx={{ overflowWrap: 'anywhere' }} data-testid="chat-thread-title">
          {title}
        </Typography>
      </Box>
      <Box
        ref={scroller}
        onScroll={(e) => {
          const el = e.currentTarget;
          setStickToEnd(el.scrollHeight - el.scrollTop - el.clientHeight < 40);
        }}
        role="log"
        aria-live="polite"
        aria-label={t('messagesWith', { name: title })}
        sx={{ flex: 1, minHeight: 0, overflowY: 'auto', px: 1.5, py: 1.5, display: 'flex', flexDirection: 'column', gap: 1.25 }}
      >
        {messages.hasNextPage && (
          <Button onClick={() => void messages.fetchNextPage()} disabled={messages.isFetchingNextPage} sx={{ alignSelf: 'center', minHeight: 48 }}>
            {t('earlier')}
          </Button>
        )}
        {conversationId && messages.isPending && (
          <Box sx={{ display: 'grid', placeItems: 'center', flex: 1 }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
              <Spinner size={28} />
              <Typography color="text.secondary">{t('loading')}</Typography>
            </Box>
          </Box>
        )}
        {messages.isError && <Typography role="alert">{t('loadFailed')}</Typography>}
        {(!conversationId || (messages.isSuccess && list.length === 0)) && (
          <Box sx={{ flex: 1, display: 'grid', placeItems: 'center' }}>
            <EmptyState icon={<ChatBubble />} title={t('startConversation')} />
          </Box>
        )}
        {list.map((message) => (
          <MessageBubble
            key={message.id}
            message={message}
            estateId={estateId}
            mine={message.authorId === meId}
            authorName={contact.kind === 'estate' && message.authorId !== meId ? (names.get(message.authorId) ?? t('formerMember')) : null}
            onNavigate={onNavigate}
          />
        ))}
      </Box>
      <Composer
        estateId={estateId}
        conversationId={conversationId}
        memberId={contact.kind === 'member' ? (contact.memberId ?? null) : null}
        attached={attached}
        onAttachedChange={onAttachedChange}
        onStarted={onStarted}
        onSent={() => setStickToEnd(true)}
      />
    </>
  );
}
