/**
 * Team chat (api.md "Conversations, notes, documents, consent"): the estate's conversation, which
 * every member is in, and one-to-one conversations between two members. Shared by the routes and
 * the web's message box, so both refuse the same text.
 */
import { z } from 'zod';
import { hasVisibleText, text } from './text.js';

/** The longest message (api.md: 1–4,000 characters). */
export const MESSAGE_MAX = 4000;
/** A page of history: at most this many messages. */
export const MESSAGES_PAGE_MAX = 100;
export const MESSAGES_PAGE_DEFAULT = 50;

/** Message text: trimmed; empty text, or only spaces or zero-width characters, is refused (400). */
export const messageText = text(MESSAGE_MAX, { trim: true, required: true }).refine(hasVisibleText, { message: 'validation.required' });

export const postMessageBody = z.strictObject({
  text: messageText,
  /** An item of the same estate the message is about ("Ask about this item"). */
  itemId: z.uuid({ message: 'Not a valid item id.' }).optional(),
});

export const startConversationBody = z.strictObject({
  memberId: z.uuid({ message: 'Not a valid member id.' }),
});

export const messagesQuery = z.strictObject({
  /** The id of the oldest message already shown: the page holds the messages before it. */
  before: z.uuid({ message: 'Not a valid message id.' }).optional(),
  limit: z.coerce.number().int().min(1).max(MESSAGES_PAGE_MAX).default(MESSAGES_PAGE_DEFAULT),
});

/** The item a message points at, as the chat shows it: a name, a number and a photo. Nothing else. */
export const messageItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  label: z.string(),
  thumbUrl: z.string().nullable(),
});
export type MessageItem = z.infer<typeof messageItemSchema>;

export const messageSchema = z.object({
  id: z.string(),
  conversationId: z.string(),
  authorId: z.string(),
  text: z.string(),
  itemId: z.string().nullable(),
  item: messageItemSchema.nullable(),
  createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof messageSchema>;

export const CONVERSATION_KINDS = ['estate', 'direct'] as const;
export type ConversationKind = (typeof CONVERSATION_KINDS)[number];

export const conversationSchema = z.object({
  id: z.string(),
  kind: z.enum(CONVERSATION_KINDS),
  /** The estate's members (estate), or the two people (direct). */
  memberIds: z.array(z.string()),
  /** Messages from others the caller has not read. */
  unread: z.number().int(),
  lastMessage: messageSchema.nullable(),
});
export type Conversation = z.infer<typeof conversationSchema>;

// Answers (decision record 0010): the routes declare these, the web names their types.
export const conversationsAnswer = z.object({ conversations: z.array(conversationSchema) });
export type ConversationsAnswer = z.infer<typeof conversationsAnswer>;
export const conversationAnswer = z.object({ conversation: conversationSchema });
export type ConversationAnswer = z.infer<typeof conversationAnswer>;
export const messagesAnswer = z.object({ messages: z.array(messageSchema), nextCursor: z.string().nullable() });
export type MessagesAnswer = z.infer<typeof messagesAnswer>;
export const messageAnswer = z.object({ message: messageSchema });
export type MessageAnswer = z.infer<typeof messageAnswer>;

/**
 * What a `chat` event carries (`GET /api/events`): the conversation and, when it fits in one
 * notification, the message itself; otherwise only its id (the client reads the page again).
 */
export type ChatEventData = { estateId: string; conversationId: string; messageId: string; authorId: string; message?: ChatMessage };
