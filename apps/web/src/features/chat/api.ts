/**
 * Team chat: the caller's conversations (with unread counts), pages of messages, sending, starting
 * a one-to-one conversation and marking as read. Live `chat` events update the same queries
 * (`applyChatEvent`), so the thread, the contact strip and the toolbar badge follow at once.
 */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type {
  ChatEventData,
  ChatMessage,
  Conversation,
  ConversationAnswer,
  ConversationsAnswer,
  MessageAnswer,
  MessagesAnswer,
} from '@estate/domain/schemas/conversations';
import { api } from '../../shared/api/client';
import { queryKeys } from '../../shared/api/query-keys';

type Page = MessagesAnswer;

const base = (estateId: string) => `/api/estates/${encodeURIComponent(estateId)}/conversations`;

export function useConversations(estateId: string | null, enabled = true) {
  return useQuery({
    queryKey: queryKeys.conversations(estateId),
    queryFn: async () => (await api<ConversationsAnswer>(base(estateId ?? ''))).conversations,
    enabled: Boolean(estateId) && enabled,
    staleTime: 60_000,
  });
}

/** Messages from others not read yet, over all of the caller's conversations in the estate. */
export function useUnreadTotal(estateId: string | null, enabled = true): number {
  const { data } = useConversations(estateId, enabled);
  return (data ?? []).reduce((sum, c) => sum + c.unread, 0);
}

export function useMessages(estateId: string, conversationId: string | null) {
  return useInfiniteQuery({
    queryKey: queryKeys.messages(estateId, conversationId ?? ''),
    queryFn: ({ pageParam }) =>
      api<MessagesAnswer>(`${base(estateId)}/${encodeURIComponent(conversationId ?? '')}/messages?limit=50${pageParam ? `&before=${encodeURIComponent(pageParam)}` : ''}`),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: Boolean(conversationId),
  });
}

/** All loaded messages, oldest first (pages come newest page first). */
export function flattenPages(data: InfiniteData<Page> | undefined): ChatMessage[] {
  if (!data) return [];
  return [...data.pages].reverse().flatMap((p) => p.messages);
}

function appendMessage(queryClient: QueryClient, estateId: string, message: ChatMessage): void {
  queryClient.setQueryData<InfiniteData<Page>>(queryKeys.messages(estateId, message.conversationId), (old) => {
    if (!old || old.pages.length === 0) return old;
    if (old.pages.some((p) => p.messages.some((m) => m.id === message.id))) return old;
    const [newest, ...older] = old.pages;
    return { ...old, pages: [{ ...newest!, messages: [...newest!.messages, message] }, ...older] };
  });
}

export function useSendMessage(estateId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { conversationId: string; text: string; itemId?: string }) =>
      (
        await api<MessageAnswer>(`${base(estateId)}/${encodeURIComponent(body.conversationId)}/messages`, {
          method: 'POST',
          body: { text: body.text, ...(body.itemId ? { itemId: body.itemId } : {}) },
        })
      ).message,
    onSuccess: (message) => {
      appendMessage(queryClient, estateId, message);
      queryClient.setQueryData<Conversation[]>(queryKeys.conversations(estateId), (list) =>
        list?.map((c) => (c.id === message.conversationId ? { ...c, lastMessage: message, unread: 0 } : c)),
      );
    },
  });
}

export function useStartConversation(estateId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (memberId: string) =>
      (await api<ConversationAnswer>(base(estateId), { method: 'POST', body: { memberId } })).conversation,
    onSuccess: (conversation) => {
      queryClient.setQueryData<Conversation[]>(queryKeys.conversations(estateId), (list) =>
        list && !list.some((c) => c.id === conversation.id) ? [...list, conversation] : list,
      );
    },
  });
}

/** Marks a conversation read on the server and at once in the counts (a refusal changes nothing). */
export function markRead(queryClient: QueryClient, estateId: string, conversationId: string): void {
  queryClient.setQueryData<Conversation[]>(queryKeys.conversations(estateId), (list) =>
    list?.map((c) => (c.id === conversationId ? { ...c, unread: 0 } : c)),
  );
  api<void>(`${base(estateId)}/${encodeURIComponent(conversationId)}/read`, { method: 'POST' }).catch(() => undefined);
}

/** The conversation on screen right now (panel open, thread shown), so a new message there is read. */
let watching: { estateId: string; conversationId: string } | null = null;

export function setWatching(value: { estateId: string; conversationId: string } | null): void {
  watching = value;
}

function isChatEvent(data: unknown): data is ChatEventData {
  const d = data as Partial<ChatEventData> | null;
  return Boolean(d && typeof d.estateId === 'string' && typeof d.conversationId === 'string' && typeof d.messageId === 'string' && typeof d.authorId === 'string');
}

/** A live `chat` event: the thread gets the message, the counts go up (or it is read, if on screen). */
export function applyChatEvent(queryClient: QueryClient, data: unknown, meId: string | null): void {
  if (!isChatEvent(data)) return;
  const { estateId, conversationId } = data;
  if (data.message) appendMessage(queryClient, estateId, data.message);
  else void queryClient.invalidateQueries({ queryKey: queryKeys.messages(estateId, conversationId) });
  if (!data.message) void queryClient.invalidateQueries({ queryKey: queryKeys.conversations(estateId), exact: true });
  const list = queryClient.getQueryData<Conversation[]>(queryKeys.conversations(estateId));
  if (!list?.some((c) => c.id === conversationId)) {
    // A conversation someone just started with this person: read the list again.
    void queryClient.invalidateQueries({ queryKey: queryKeys.conversations(estateId), exact: true });
    return;
  }
  const mine = data.authorId === meId;
  const onScreen = watching?.estateId === estateId && watching.conversationId === conversationId && document.visibilityState === 'visible';
  queryClient.setQueryData<Conversation[]>(queryKeys.conversations(estateId), (old) =>
    old?.map((c) =>
      c.id === conversationId
        ? { ...c, lastMessage: data.message ?? c.lastMessage, unread: mine || onScreen ? c.unread : c.unread + 1 }
        : c,
    ),
  );
  if (onScreen && !mine) markRead(queryClient, estateId, conversationId);
}
