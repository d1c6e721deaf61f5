/**
 * Team Chat (seed section 2): a contact strip (the family's conversation and the people one talks
 * with first, then everyone else) beside the thread and the "Type your message" box. A one-to-one
 * conversation is made when its first message is sent.
 */
import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import Forum from '@mui/icons-material/ForumOutlined';
import type { Conversation } from '@estate/domain/schemas/conversations';
import type { Member } from '@estate/domain/schemas/estate';
import { useMembers } from '../../../shared/api/members';
import { useAsk } from '../../../shared/chat/ask-about';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { currentMembership } from '../../../shared/session/current-estate';
import { useSession } from '../../../shared/session/session-context';
import { EmptyState } from '../../../shared/ui/empty-state';
import { FullPageLoader } from '../../../shared/ui/full-page-loader';
import { useConversations } from '../api';
import { ContactStrip, type Contact } from './contact-strip';
import { Thread } from './thread';

/** Who the thread is with: a conversation that exists, or a member to start one with. */
export type Selection = { conversationId: string } | { memberId: string };

function contactsOf(conversations: Conversation[], members: Member[], meId: string): Contact[] {
  const byId = new Map(members.map((m) => [m.id, m]));
  const talkedWith = new Set<string>();
  const contacts: Contact[] = [];
  const estate = conversations.find((c) => c.kind === 'estate');
  if (estate) contacts.push({ key: estate.id, kind: 'estate', conversation: estate, name: '' });
  const direct = conversations
    .filter((c) => c.kind === 'direct')
    .sort((a, b) => (b.lastMessage?.createdAt ?? '').localeCompare(a.lastMessage?.createdAt ?? ''));
  for (const c of direct) {
    const other = c.memberIds.find((id) => id !== meId) ?? meId;
    talkedWith.add(other);
    contacts.push({ key: c.id, kind: 'direct', conversation: c, memberId: other, name: byId.get(other)?.displayName ?? '' });
  }
  for (const m of members) {
    if (m.id === meId || talkedWith.has(m.id)) continue;
    contacts.push({ key: `member-${m.id}`, kind: 'member', memberId: m.id, name: m.displayName });
  }
  return contacts;
}

export function TeamChat({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation('chat');
  const { me } = useSession();
  const estateId = currentMembership(me)?.estateId ?? null;
  const meId = me?.user.id ?? '';
  const conversations = useConversations(estateId);
  const members = useMembers(estateId);
  const [chosen, setSelection] = useState<Selection | null>(null);
  const [setAside, setSetAside] = useState<number | null>(null);
  const ask = useAsk();

  const contacts = useMemo(
    () => contactsOf(conversations.data ?? [], members.data ?? [], meId),
    [conversations.data, members.data, meId],
  );

  // "Ask about this item": the item goes with the next message, in the family's conversation
  // unless another conversation is open. Removing it (or sending) sets it aside for this request.
  const attachedNow = ask.item && ask.item.estateId === estateId && setAside !== ask.n ? ask.item : null;
  const estateConversation = conversations.data?.find((c) => c.kind === 'estate');
  const selection: Selection | null = chosen ?? (attachedNow && estateConversation ? { conversationId: estateConversation.id } : null);

  if (!estateId) {
    return <EmptyState icon={<Forum />} title={t('noEstate')} />;
  }
  if (conversations.isPending || members.isPending) return <FullPageLoader />;
  if (conversations.isError || members.isError) {
    return (
      <Box sx={{ p: 3 }}>
        <Typography role="alert">{t('loadFailed')}</Typography>
      </Box>
    );
  }

  const selectedContact = selection
    ? contacts.find((c) => ('conversationId' in selection ? c.conversation?.id === selection.conversationId : c.kind === 'member' && c.memberId === selection.memberId))
    : undefined;

  return (
    <Box sx={{ display: 'flex', flex: 1, minHeight: 0 }}>
      <ContactStrip
        contacts={contacts}
        selectedKey={selectedContact?.key ?? null}
        onSelect={(contact) =>
          setSelection(contact.conversation ? { conversationId: contact.conversation.id } : { memberId: contact.memberId! })
        }
      />
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        {selectedContact ? (
          <Thread
            key={selectedContact.key}
            estateId={estateId}
            meId={meId}
            contact={selectedContact}
            members={members.data ?? []}
            attached={attachedNow}
            onAttachedChange={(item) => {
              if (item) return;
              setSetAside(ask.n);
              // The conversation the item opened stays open once the item is set aside.
              if (!chosen && selection) setSelection(selection);
            }}
            onStarted={(conversationId) => setSelection({ conversationId })}
            onNavigate={onNavigate}
          />
        ) : (
          <Box sx={{ flex: 1, display: 'grid', placeItems: 'center' }}>
            <EmptyState icon={<Forum />} title={t('selectContact')} />
          </Box>
        )}
      </Box>
    </Box>
  );
}
