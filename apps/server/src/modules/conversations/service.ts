/**
 * Team chat: the estate's conversation (every member of the estate is in it, it always exists) and
 * one-to-one conversations between two members (one per pair). Nobody but its two people reads a
 * one-to-one conversation, trustees included: to anyone else it does not exist (404).
 *
 * Messages carry their text, author and, optionally, the item they are about (its name, number
 * and photo: what every member sees in the catalogue anyway). Nothing about hearts, rankings or
 * tokens is ever added to a message, a conversation or a chat event.
 */
import { asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { itemLabel } from '@estate/domain/item-status';
import { isSupportVisit } from '@estate/domain/roles';
import type { ChatEventData, ChatMessage, Conversation } from '@estate/domain/schemas/conversations';
import { queryRows, type Db } from '../../db/client.js';
import { conversationReads, conversations, items, memberships, messages, photos, users } from '../../db/schema.js';
import type { EstateAccess } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, notFound } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { inEstate } from '../../platform/tenancy.js';

type ConversationRow = typeof conversations.$inferSelect;
type MessageRow = typeof messages.$inferSelect;

/** A NOTIFY payload must stay under 8,000 bytes; a longer message travels as its id only. */
const EVENT_PAYLOAD_MAX_BYTES = 7000;
const NO_READ = '00000000-0000-0000-0000-000000000000';

/** The estate's conversation, made on first use (one per estate: a unique index says so). */
export async function estateConversation(db: Db, estateId: string): Promise<ConversationRow> {
  await queryRows(
    db,
    sql`insert into ${conversations} (id, estate_id, kind) values (${newId()}, ${estateId}, 'estate')
        on conflict (estate_id) where kind = 'estate' do nothing`,
  );
  const [row] = await db.select().from(conversations).where(inEstate(conversations, estateId, eq(conversations.kind, 'estate')));
  return row!;
}

async function memberIdsOf(db: Db, estateId: string): Promise<string[]> {
  const rows = await db
    .select({ id: memberships.userId })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(inEstate(memberships, estateId))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
  return rows.map((r) => r.id);
}

const pairOf = (a: string, b: string): [string, string] => (a < b ? [a, b] : [b, a]);

/** The conversation, if the caller may read it; otherwise "not found", whoever they are. */
async function readableConversation(ctx: AppContext, access: EstateAccess, conversationId: string): Promise<ConversationRow> {
  const [row] = await ctx.db.select().from(conversations).where(inEstate(conversations, access.estate.id, eq(conversations.id, conversationId)));
  const me = access.user.id;
  if (!row || (row.kind === 'direct' && row.memberA !== me && row.memberB !== me)) throw notFound('That conversation');
  return row;
}

/** Messages as the API shows them, with the item each points at (name, number, photo). */
async function toMessages(ctx: AppContext, estateId: string, rows: MessageRow[]): Promise<ChatMessage[]> {
  const itemIds = [...new Set(rows.map((r) => r.itemId).filter((id): id is string => id !== null))];
  const found = itemIds.length
    ? await ctx.db
        .select({
          id: items.id,
          name: items.name,
          number: items.number,
          photoId: sql<string | null>`coalesce(${items.featuredPhotoId}, (select p.id from ${photos} p where p.item_id = ${items.id} order by p.position, p.id limit 1))`,
        })
        .from(items)
        .where(inEstate(items, estateId, inArray(items.id, itemIds)))
    : [];
  const now = ctx.now();
  const byId = new Map(
    found.map((i) => [
      i.id,
      { id: i.id, name: i.name, label: itemLabel(i.number), thumbUrl: i.photoId ? ctx.fileUrls.photoUrl(estateId, i.photoId, 'thumb', now) : null },
    ]),
  );
  return rows.map((r) => ({
    id: r.id,
    conversationId: r.conversationId,
    authorId: r.authorId,
    text: r.text,
    itemId: r.itemId,
    item: (r.itemId && byId.get(r.itemId)) || null,
    createdAt: r.createdAt.toISOString(),
  }));
}

/**
 * The caller's conversations in the estate: the estate's own first, then their one-to-one
 * conversations, most recent first, each with what they have not read. In the estate's
 * conversation, only messages since they joined the estate count as unread.
 */
export async function listConversations(ctx: AppContext, access: EstateAccess): Promise<Conversation[]> {
  const estateId = access.estate.id;
  const me = access.user.id;
  await estateConversation(ctx.db, estateId);
  const rows = await queryRows<{
    id: string;
    kind: 'estate' | 'direct';
    member_a: string | null;
    member_b: string | null;
    unread: number;
    last_id: string | null;
  }>(
    ctx.db,
    sql`select c.id, c.kind, c.member_a, c.member_b,
          (select count(*)::int from ${messages} m
            where m.conversation_id = c.id and m.author_id <> ${me}
              and m.id > coalesce(r.last_read_id, ${NO_READ}::uuid)
              and (c.kind = 'direct' or m.created_at >= coalesce(
                (select ms.created_at from ${memberships} ms where ms.estate_id = c.estate_id and ms.user_id = ${me}), '-infinity'::timestamptz))) as unread,
          (select m.id from ${messages} m where m.conversation_id = c.id order by m.id desc limit 1) as last_id
        from ${conversations} c
        left join ${conversationReads} r on r.conversation_id = c.id and r.user_id = ${me}
        where c.estate_id = ${estateId} and (c.kind = 'estate' or c.member_a = ${me} or c.member_b = ${me})
        order by (c.kind = 'estate') desc, c.last_message_at desc nulls last, c.id`,
  );
  const lastIds = rows.map((r) => r.last_id).filter((id): id is string => id !== null);
  const lastRows = lastIds.length ? await ctx.db.select().from(messages).where(inEstate(messages, estateId, inArray(messages.id, lastIds))) : [];
  const last = new Map((await toMessages(ctx, estateId, lastRows)).map((m) => [m.id, m]));
  const everyone = await memberIdsOf(ctx.db, estateId);
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    memberIds: r.kind === 'estate' ? everyone : [r.member_a!, r.member_b!],
    unread: Number(r.unread),
    lastMessage: (r.last_id && last.get(r.last_id)) || null,
  }));
}

async function conversationDto(ctx: AppContext, access: EstateAccess, id: string): Promise<Conversation> {
  const found = (await listConversations(ctx, access)).find((c) => c.id === id);
  if (!found) throw notFound('That conversation');
  return found;
}

/** The one-to-one conversation with `memberId`, made if the pair has none yet. */
export async function startDirect(ctx: AppContext, access: EstateAccess, memberId: string): Promise<{ conversation: Conversation; created: boolean }> {
  const estateId = access.estate.id;
  const me = access.user.id;
  if (memberId === me) throw new AppError('validation_failed', 'Choose someone else to talk to.', { memberId: 'This is you. Choose another member of the family.' });
  const people = await ctx.db
    .select({ id: memberships.userId })
    .from(memberships)
    .where(inEstate(memberships, estateId, inArray(memberships.userId, [me, memberId])));
  if (!people.some((p) => p.id === memberId)) {
    throw new AppError('validation_failed', 'That person is not a member of this estate.', { memberId: 'Choose a member of this estate.' });
  }
  if (!people.some((p) => p.id === me)) {
    throw new AppError('forbidden', 'Only members of this estate talk one to one here.');
  }
  const [a, b] = pairOf(me, memberId);
  const inserted = await queryRows<{ id: string }>(
    ctx.db,
    sql`insert into ${conversations} (id, estate_id, kind, member_a, member_b) values (${newId()}, ${estateId}, 'direct', ${a}, ${b})
        on conflict (estate_id, member_a, member_b) where kind = 'direct' do nothing returning id`,
  );
  const [row] = await ctx.db
    .select({ id: conversations.id })
    .from(conversations)
    .where(inEstate(conversations, estateId, eq(conversations.kind, 'direct'), eq(conversations.memberA, a), eq(conversations.memberB, b)));
  return { conversation: await conversationDto(ctx, access, row!.id), created: inserted.length > 0 };
}

/** A page of history, oldest first; `nextCursor` fetches the page before it. */
export async function listMessages(ctx: AppContext, access: EstateAccess, conversationId: string, before: string | undefined, limit: number) {
  const conversation = await readableConversation(ctx, access, conversationId);
  const rows = await ctx.db
    .select()
    .from(messages)
    .where(inEstate(messages, access.estate.id, eq(messages.conversationId, conversation.id), before ? lt(messages.id, before) : undefined))
    .orderBy(desc(messages.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit).reverse();
  return { messages: await toMessages(ctx, access.estate.id, page), nextCursor: rows.length > limit ? (page[0]?.id ?? null) : null };
}

export async function postMessage(ctx: AppContext, access: EstateAccess, conversationId: string, body: { text: string; itemId?: string | undefined }): Promise<ChatMessage> {
  const estateId = access.estate.id;
  const me = access.user.id;
  const itemId = body.itemId ?? null;
  // One statement (no transaction round trips, one query while fifty people write at once): the
  // conversation is one the caller may write in (theirs, the other person still a member), the
  // item is of this estate; then the message, the conversation's last activity and the author's
  // read mark (what one writes, one has read). Nothing is written when a check fails.
  const id = newId();
  const [row] = await queryRows<{
    id: string;
    conversation_id: string;
    author_id: string;
    text: string;
    item_id: string | null;
    created_at: string | Date;
    kind: 'estate' | 'direct';
    member_a: string | null;
    member_b: string | null;
  }>(
    ctx.db,
    sql`with conv as (
          select c.id, c.kind, c.member_a, c.member_b from ${conversations} c
          where c.id = ${conversationId} and c.estate_id = ${estateId}
            and (c.kind = 'estate' or ((c.member_a = ${me} or c.member_b = ${me}) and exists (
              select 1 from ${memberships} ms where ms.estate_id = ${estateId}
                and ms.user_id = case when c.member_a = ${me} then c.member_b else c.member_a end)))
            and (${itemId}::uuid is null or exists (select 1 from ${items} i where i.id = ${itemId}::uuid and i.estate_id = ${estateId}))),
        m as (
          insert into ${messages} (id, estate_id, conversation_id, author_id, text, item_id)
          select ${id}, ${estateId}, conv.id, ${me}, ${body.text}, ${itemId}::uuid from conv
          returning id, conversation_id, author_id, text, item_id, created_at),
        c as (update ${conversations} set last_message_at = (select created_at from m) where id in (select conversation_id from m)),
        r as (insert into ${conversationReads} (estate_id, conversation_id, user_id, last_read_id) select ${estateId}, m.conversation_id, ${me}, m.id from m
          on conflict (conversation_id, user_id) do update set last_read_id = greatest(${conversationReads.lastReadId}, excluded.last_read_id), read_at = now())
        select m.*, conv.kind, conv.member_a, conv.member_b from m cross join conv`,
  );
  if (!row) throw await whyNotWritten(ctx, access, conversationId, itemId);
  const conversation = { id: row.conversation_id, estateId, kind: row.kind, memberA: row.member_a, memberB: row.member_b };
  const [message] = await toMessages(ctx, estateId, [
    { id: row.id, estateId, conversationId: row.conversation_id, authorId: row.author_id, text: row.text, itemId: row.item_id, createdAt: new Date(row.created_at) },
  ]);
  await publishMessage(ctx, conversation, message!);
  return message!;
}

/** The refusal, when a message was not written: which check failed. */
async function whyNotWritten(ctx: AppContext, access: EstateAccess, conversationId: string, itemId: string | null): Promise<AppError> {
  const conversation = await readableConversation(ctx, access, conversationId).catch((err: unknown) => err);
  if (conversation instanceof AppError) return conversation;
  if (itemId) {
    const [item] = await ctx.db.select({ id: items.id }).from(items).where(inEstate(items, access.estate.id, eq(items.id, itemId)));
    if (!item) return new AppError('validation_failed', 'That item is not in this estate.', { itemId: 'Choose an item of this estate.' });
  }
  return new AppError('conflict', 'This person is no longer a member of the estate, so the conversation is closed. You can still read it.');
}

/**
 * Live delivery: to the estate's members for its conversation, to the two people for a
 * one-to-one conversation (`userIds`: the event bus delivers to nobody else, see platform/events.ts).
 */
async function publishMessage(ctx: AppContext, conversation: Pick<ConversationRow, 'id' | 'estateId' | 'kind' | 'memberA' | 'memberB'>, message: ChatMessage): Promise<void> {
  const data: Omit<ChatEventData, 'estateId'> = { conversationId: conversation.id, messageId: message.id, authorId: message.authorId, message };
  const userIds = conversation.kind === 'direct' ? [conversation.memberA!, conversation.memberB!] : undefined;
  const event = { type: 'chat' as const, estateId: conversation.estateId, ...(userIds ? { userIds } : {}), data };
  if (Buffer.byteLength(JSON.stringify(event)) > EVENT_PAYLOAD_MAX_BYTES) {
    const { message: _long, ...withoutText } = data;
    await ctx.events.publish({ ...event, data: withoutText });
  } else {
    await ctx.events.publish(event);
  }
}

async function markReadUpTo(db: Db, estateId: string, conversationId: string, userId: string, messageId: string): Promise<void> {
  await db
    .insert(conversationReads)
    .values({ estateId, conversationId, userId, lastReadId: messageId })
    .onConflictDoUpdate({
      target: [conversationReads.conversationId, conversationReads.userId],
      set: { lastReadId: sql`greatest(${conversationReads.lastReadId}, excluded.last_read_id)`, readAt: sql`now()` },
    });
}

/**
 * Everything in the conversation up to now counts as read by the caller. The administrator's
 * support visit keeps no place in the estate (it writes nothing there): read, and nothing stored.
 */
export async function markRead(ctx: AppContext, access: EstateAccess, conversationId: string): Promise<void> {
  const conversation = await readableConversation(ctx, access, conversationId);
  if (isSupportVisit(access.roles)) return;
  const [latest] = await ctx.db
    .select({ id: messages.id })
    .from(messages)
    .where(inEstate(messages, access.estate.id, eq(messages.conversationId, conversation.id)))
    .orderBy(desc(messages.id))
    .limit(1);
  if (latest) await markReadUpTo(ctx.db, access.estate.id, conversation.id, access.user.id, latest.id);
}
