import { and, asc, desc, eq, getTableColumns, inArray, isNull, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { Notice } from '@charla/shared';
import { queryRows, rowFromJson, type Db } from '../../db/client.ts';
import { once } from '../../lib/once.ts';
import { users } from '../auth/auth.table.ts';
import type { BotRow } from '../bots/index.ts';
import { bots } from '../bots/bots.table.ts';
import { contactIdentities, contacts, conversations, messages, messageUsage, type Channel, type StoredMedia } from './conversations.table.ts';
import { addingUsage } from './usage.repository.ts';
import type { ChannelBot, DeliveryStatus, Inbound } from './ports.ts';

export type { Inbound };

export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
export type ContactRow = typeof contacts.$inferSelect;

/**
 * Where a status may go from each message status: forwards only (a late 'delivered' never undoes
 * 'read'). A send failed only because its answer never came (SEND_UNCONFIRMED) stands where a queued
 * one does: the channel's own status, 'sent' included, says what became of it.
 */
const rank = sql`case ${messages.status} when 'queued' then 0 when 'sent' then 1 when 'failed' then (case when ${messages.error} = 'SEND_UNCONFIRMED' then 0 else 2 end) when 'delivered' then 3 when 'read' then 4 else 9 end`;
/**
 * The conversation's customer as the channel knows them (joined with a conversation). By contact
 * and channel only (a contact belongs to one bot): with the bot in the condition the planner may
 * walk every identity of the bot on the channel for each message, which grows with the audience.
 */
const customerOfConversation = and(eq(contactIdentities.contactId, conversations.contactId), eq(contactIdentities.channel, conversations.channel));
const rankOf: Record<DeliveryStatus, number> = { sent: 1, failed: 2, delivered: 3, read: 4 };

/** The columns a turn's reply sets; the rest take their defaults. */
const replyColumns = ['conversationId', 'botId', 'channel', 'direction', 'author', 'text', 'status', 'idempotencyKey', 'sources', 'actions', 'choices', 'media', 'createdAt'] as const;

/**
 * A turn's replies inserted as queued messages only `when` holds (an insert's VALUES take no
 * condition: they are selected from), just after the messages they answer, in order; a reply
 * stored before (its idempotency key) is not stored again. Returns every column of the rows stored.
 */
function insertingReplies(input: { conversationId: string; botId: string; channel: Channel; drafts: OutboundDraft[]; at: Date }, when: SQL): SQL {
  const columns = getTableColumns(messages);
  const rows = input.drafts.map((d, i) => {
    const row: Record<(typeof replyColumns)[number], unknown> = {
      conversationId: input.conversationId,
      botId: input.botId,
      channel: input.channel,
      direction: 'out',
      author: d.author ?? 'bot',
      text: d.text,
      status: 'queued',
      idempotencyKey: d.idempotencyKey,
      sources: d.sources ?? null,
      actions: d.actions ?? null,
      choices: d.choices ?? null,
      media: d.media ?? null,
      createdAt: new Date(input.at.getTime() + i + 1),
    };
    // Typed, so the first row tells PostgreSQL each column's type; a null goes as SQL null (a JSON
    // column's encoder would make it JSON's null).
    return sql`(${sql.join(
      replyColumns.map((key) => (row[key] === null ? sql`null::${sql.raw(columns[key].getSQLType())}` : sql`${sql.param(row[key], columns[key])}::${sql.raw(columns[key].getSQLType())}`)),
      sql`, `,
    )})`;
  });
  return sql`insert into ${messages} (${sql.join(replyColumns.map((key) => sql.identifier(columns[key].name)), sql`, `)})
    select * from (values ${sql.join(rows, sql`, `)}) as reply where ${when}
    on conflict do nothing returning *`;
}

/** A queued message with what its send needs, as stored (see `sendContext`). */
export interface StoredSend {
  message: MessageRow;
  bot: ChannelBot;
  recipients: string[];
  lastInboundAt: Date | null;
  earlierQueued: boolean;
}

export interface OutboundDraft {
  text: string;
  idempotencyKey: string;
  sources?: MessageRow['sources'];
  actions?: MessageRow['actions'];
  choices?: MessageRow['choices'];
  /** A picture sent with the text (or alone, when the text is empty). */
  media?: MessageRow['media'];
  /** Who wrote it: the bot (default), or a person of the business. */
  author?: 'bot' | 'human';
}

/** An outbound message queued outside a turn (`queueMessage`). */
export interface QueueMessage {
  conversationId: string;
  botId: string;
  channel: Channel;
  text: string;
  idempotencyKey: string;
  /** Who wrote it: the bot (default), or a person of the business. */
  author?: 'bot' | 'human';
  /** The person who wrote it (author `human`). */
  authorId?: string;
  template?: MessageRow['template'];
  actions?: Record<string, unknown>[];
  /** A file a person attached, kept before the message is stored (its name starts with the message's id). */
  media?: StoredMedia[];
  /** The message's id when chosen beforehand (a kept file is named after it). */
  id?: string;
  at?: Date;
}

/** The only code that reads and writes contacts, conversations, messages and usage. */
/** A message with what its send needs; a deleted bot's channels are gone. */
function storedSend(
  row: { message: StoredSend['message']; lastInboundAt: StoredSend['lastInboundAt']; recipients: string[] | null; bot: StoredSend['bot'] & { deletedAt: Date | null } },
  earlierQueued: boolean,
): StoredSend {
  const { deletedAt, ...bot } = row.bot;
  return {
    message: row.message,
    bot: deletedAt ? { ...bot, metaCredentials: [], messengerCredentials: [] } : bot,
    recipients: row.recipients ?? [],
    lastInboundAt: row.lastInboundAt,
    earlierQueued,
  };
}

export function conversationsRepository(db: Db) {
  // The reads of every turn and send, built once per repository: putting a select of every
  // column of a bot, contact and conversation together was most of the ORM's time per reply.
  const forTurn = once(() =>
    db
      .select({ conversation: conversations, contact: contacts, bot: bots, accountSuspended: sql<boolean>`${users.suspendedAt} is not null` })
      .from(conversations)
      .leftJoin(contacts, eq(contacts.id, conversations.contactId))
      .leftJoin(bots, and(eq(bots.id, conversations.botId), isNull(bots.deletedAt)))
      .leftJoin(users, eq(users.id, bots.userId))
      .where(eq(conversations.id, sql.placeholder('id')))
      .limit(1)
      .prepare('conversation_for_turn'),
  );
  const ofTurn = once(() => {
    const columns = getTableColumns(messages);
    const conversationId = sql.placeholder('conversationId');
    const firstUnanswered = sql`(select min(${messages.createdAt}) from ${messages} where ${messages.conversationId} = ${conversationId} and ${messages.status} = 'received')`;
    return db
      .select({ ...columns, past: sql<boolean>`false` })
      .from(messages)
      .where(and(eq(messages.conversationId, conversationId), inArray(messages.status, ['received', 'queued'])))
      .unionAll(
        db
          .select({ ...columns, past: sql<boolean>`true` })
          .from(messages)
          .where(and(eq(messages.conversationId, conversationId), ne(messages.status, 'received'), lt(messages.createdAt, firstUnanswered)))
          .orderBy(desc(messages.createdAt))
          .limit(sql.placeholder('historyLimit')),
      )
      .prepare('turn_messages');
  });
  const forSend = once(() =>
    db
      .select({
        message: messages,
        lastInboundAt: conversations.lastInboundAt,
        bot: { id: bots.id, userId: bots.userId, metaCredentials: bots.metaCredentials, messengerCredentials: bots.messengerCredentials, deletedAt: bots.deletedAt },
        recipients: sql<string[] | null>`(select json_agg(${contactIdentities.externalId}) from ${contactIdentities} where ${customerOfConversation})`,
        earlierQueued: sql<boolean>`exists (select 1 from ${messages} as earlier where earlier.conversation_id = ${messages.conversationId} and earlier.status = 'queued' and earlier.created_at < ${messages.createdAt} and earlier.id <> ${messages.id})`,
      })
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .innerJoin(bots, eq(bots.id, messages.botId))
      .where(eq(messages.id, sql.placeholder('id')))
      .limit(1)
      .prepare('send_context'),
  );
  /** The customer's messages among `ids` not yet handled, marked processed. */
  const markingProcessed = (ids: string[], also?: SQL) =>
    db.update(messages).set({ status: 'processed' }).where(and(inArray(messages.id, ids), eq(messages.status, 'received'), also));

  return {
    /**
     * Stores an inbound message in one call of `receive_inbound` (migration 0039): the customer's
     * lock, their contact, open conversation and the message, the conversation moved on. A message
     * whose external id was stored before is a no-op. The conversation answered is the one the
     * message went to, as read before it (its id, contact, channel).
     */
    async receive(m: Inbound): Promise<{ message: MessageRow; conversation: ConversationRow; newConversation: boolean } | 'duplicate'> {
      const inbound = {
        botId: m.botId,
        channel: m.channel,
        contactExternalId: m.contactExternalId,
        contactName: m.contactName ?? '',
        contactPhone: m.contactPhone ?? '',
        externalId: m.externalId,
        text: m.text,
        media: m.media ?? null,
        chosen: m.chosen ?? null,
        status: m.answer === false ? 'processed' : 'received',
        at: m.at.toISOString(),
      };
      type Received = { message: Record<string, unknown>; conversation: Record<string, unknown>; created: boolean };
      const [row] = await queryRows<{ received: Received | null }>(db, sql`select receive_inbound(${JSON.stringify(inbound)}::jsonb) as received`);
      const received = row?.received;
      if (!received) return 'duplicate';
      return { message: rowFromJson(messages, received.message), conversation: rowFromJson(conversations, received.conversation), newConversation: received.created };
    },

    async findContact(id: string): Promise<ContactRow | undefined> {
      const [row] = await db.select().from(contacts).where(eq(contacts.id, id)).limit(1);
      return row;
    },

    async openConversationOf(botId: string, channel: Channel, contactExternalId: string): Promise<ConversationRow | undefined> {
      const [row] = await db
        .select({ conversation: conversations })
        .from(contactIdentities)
        .innerJoin(conversations, eq(conversations.contactId, contactIdentities.contactId))
        .where(
          and(
            eq(contactIdentities.botId, botId),
            eq(contactIdentities.channel, channel),
            eq(contactIdentities.externalId, contactExternalId),
            eq(conversations.channel, channel),
            ne(conversations.status, 'closed'),
          ),
        )
        .limit(1);
      return row?.conversation;
    },

    /**
     * A conversation with its contact, its bot when the bot is live (not deleted) and whether the
     * bot's account is suspended (its bots then stay silent), in one read.
     */
    async conversationForTurn(id: string): Promise<{ conversation: ConversationRow; contact: ContactRow | null; bot: BotRow | null; accountSuspended: boolean } | undefined> {
      const [row] = await forTurn().execute({ id });
      return row;
    },

    /**
     * A turn's messages in one read: the customer's not yet answered ('received') and replies
     * stored but not yet sent ('queued'), oldest first; and the last `historyLimit` messages
     * before the oldest unanswered one, oldest first.
     */
    async turnMessages(conversationId: string, historyLimit: number): Promise<{ pending: MessageRow[]; queuedOutbound: MessageRow[]; history: MessageRow[] }> {
      const rows = await ofTurn().execute({ conversationId, historyLimit });
      const oldestFirst = (a: MessageRow, b: MessageRow) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
      const open: MessageRow[] = [];
      const history: MessageRow[] = [];
      for (const { past, ...m } of rows) (past ? history : open).push(m);
      open.sort(oldestFirst);
      history.sort(oldestFirst);
      return { pending: open.filter((r) => r.status === 'received'), queuedOutbound: open.filter((r) => r.status === 'queued'), history };
    },

    listMessages: (conversationId: string): Promise<MessageRow[]> =>
      db.select().from(messages).where(eq(messages.conversationId, conversationId)).orderBy(asc(messages.createdAt), asc(messages.id)),

    /** The files of a message once kept (or why not). */
    async setMedia(id: string, media: StoredMedia[]): Promise<MessageRow | undefined> {
      const [row] = await db.update(messages).set({ media }).where(eq(messages.id, id)).returning();
      return row;
    },

    async findMessage(id: string): Promise<MessageRow | undefined> {
      const [row] = await db.select().from(messages).where(eq(messages.id, id)).limit(1);
      return row;
    },

    /** Inbound messages stored as "received" with no reply yet, older than a moment (for recovery). */
    async conversationsWithPending(olderThan: Date, limit: number): Promise<string[]> {
      const rows = await db
        .selectDistinct({ id: messages.conversationId })
        .from(messages)
        .where(and(eq(messages.status, 'received'), lt(messages.createdAt, olderThan)))
        .limit(limit);
      return rows.map((r) => r.id);
    },

    /** Marks inbound messages handled without a reply (bot off, with a person, over quota). */
    async markProcessed(ids: string[]): Promise<void> {
      if (ids.length) await markingProcessed(ids);
    },

    /** Sets a message's status; with `from`, only a message still in that status changes. */
    async setStatus(
      messageId: string,
      status: MessageRow['status'],
      error?: Notice,
      opts: { from?: MessageRow['status']; externalId?: string } = {},
    ): Promise<MessageRow | undefined> {
      const [row] = await db
        .update(messages)
        .set({
          status,
          ...(status === 'sent' ? { sentAt: new Date() } : {}),
          ...(error !== undefined ? { error: error.code, errorParams: error.params ?? null } : {}),
          ...(opts.externalId ? { externalId: opts.externalId } : {}),
        })
        .where(and(eq(messages.id, messageId), opts.from ? eq(messages.status, opts.from) : undefined))
        .returning();
      return row;
    },

    /** Sets a conversation's status; with `humanAt`, when a person last took or answered it (the idle return counts from it). */
    async setConversationStatus(id: string, status: ConversationRow['status'], humanAt?: Date): Promise<void> {
      await db.update(conversations).set({ status, updatedAt: new Date(), ...(humanAt && { humanAt }) }).where(eq(conversations.id, id));
    },

    /**
     * The conversation's status under its row lock, for a turn's commit (the lock orders the turn
     * against a person's reply or takeover). Only inside a transaction.
     */
    async lockStatus(conversationId: string): Promise<ConversationRow['status'] | undefined> {
      const [current] = await db.select({ status: conversations.status }).from(conversations).where(eq(conversations.id, conversationId)).for('update');
      return current?.status;
    },

    /** What the bot learnt of the customer (name, e-mail, phone). */
    async updateContact(contactId: string, patch: { name?: string; email?: string; phone?: string; marketingConsent?: boolean }): Promise<void> {
      if (Object.keys(patch).length) await db.update(contacts).set({ ...patch, updatedAt: new Date() }).where(eq(contacts.id, contactId));
    },

    /**
     * One outbound message queued for the send path outside a turn: the bot's own (a reminder, a
     * word about an appointment, a hand-off notice) or a person's reply from the inbox. Stored
     * once per key: a repeated key stores nothing and answers none.
     */
    async queueMessage(input: QueueMessage): Promise<MessageRow | undefined> {
      const [row] = await db
        .insert(messages)
        .values({
          ...(input.id && { id: input.id }),
          conversationId: input.conversationId,
          botId: input.botId,
          channel: input.channel,
          direction: 'out',
          author: input.author ?? 'bot',
          ...(input.authorId && { authorId: input.authorId }),
          text: input.text,
          status: 'queued',
          idempotencyKey: input.idempotencyKey,
          ...(input.template && { template: input.template }),
          ...(input.actions && { actions: input.actions }),
          ...(input.media?.length && { media: input.media }),
          ...(input.at && { createdAt: input.at }),
        })
        .onConflictDoNothing()
        .returning();
      return row;
    },

    /** The customer's messages of a conversation not yet answered, marked processed (a person answered them). */
    answerReceived(conversationId: string): Promise<MessageRow[]> {
      return db
        .update(messages)
        .set({ status: 'processed' })
        .where(and(eq(messages.conversationId, conversationId), eq(messages.status, 'received')))
        .returning();
    },

    /** Adds to what the engine remembers of a conversation (read by the next turn). */
    async remember(conversationId: string, patch: Record<string, unknown>): Promise<void> {
      await db
        .update(conversations)
        .set({ engineState: sql`${conversations.engineState} || ${JSON.stringify(patch)}::jsonb` })
        .where(eq(conversations.id, conversationId));
    },

    /**
     * What a turn writes once the engine answered, in one statement, while the conversation is
     * still the bot's: its replies as queued messages just after the messages they answer (a
     * retried turn inserts none twice), the customer's messages marked processed, the
     * conversation's state (a hand-off hands it to a person) and, with `usage`, the owner's count
     * of automatic replies. The statement takes the conversation's row lock itself, so a turn with
     * nothing else to write needs no transaction of its own: on the embedded database a
     * transaction holds every other statement while its next one crosses from the server's thread.
     * Answers the replies stored, or 'skipped' when a person has the conversation (nothing written).
     */
    async storeTurn(input: {
      conversationId: string;
      botId: string;
      channel: Channel;
      drafts: OutboundDraft[];
      at: Date;
      processedIds: string[];
      state: Record<string, unknown>;
      unanswered?: number;
      handoffAt?: Date;
      usage?: { userId: string; month: string };
    }): Promise<MessageRow[] | 'skipped'> {
      const state = {
        engineState: input.state,
        updatedAt: new Date(),
        ...(input.unanswered !== undefined && { unanswered: input.unanswered }),
        // A hand-off keeps whoever the conversation was given to: they are the person asked for.
        ...(input.handoffAt ? { status: 'human' as const, humanAt: input.handoffAt } : {}),
      };
      // The row lock orders this against a person's reply or takeover; every write below waits for it.
      const held = db.$with('held').as(
        db
          .select({ id: conversations.id })
          .from(conversations)
          .where(and(eq(conversations.id, input.conversationId), eq(conversations.status, 'bot')))
          .for('update'),
      );
      const whileHeld = sql`exists (select 1 from ${held})`;
      // PostgreSQL runs a writing WITH to its end whether or not the statement reads it.
      const processed = input.processedIds.length ? [db.$with('processed').as(markingProcessed(input.processedIds, whileHeld).returning({ id: messages.id }))] : [];
      const ofConversation = and(eq(conversations.id, input.conversationId), whileHeld);
      if (!input.drafts.length) {
        const moved = await db.with(held, ...processed).update(conversations).set(state).where(ofConversation).returning({ id: conversations.id });
        return moved.length ? [] : 'skipped';
      }
      const replies = db.$with('replies', getTableColumns(messages)).as(insertingReplies(input, whileHeld));
      const stored = sql.identifier('replies');
      const finished = db.$with('finished').as(
        db
          .update(conversations)
          .set({ ...state, lastMessageAt: sql`greatest(${conversations.lastMessageAt}, (select max(created_at) from ${stored}))` })
          .where(ofConversation)
          .returning({ id: conversations.id }),
      );
      // A picture sent on its own before its reply is part of that reply, not one more message.
      const counted = input.usage
        ? [db.$with('counted').as(addingUsage(db, input.usage.userId, input.usage.month, sql`(select count(*)::int from ${stored} where author = 'bot' and btrim(text) <> '')`).returning({ month: messageUsage.month }))]
        : [];
      // One row per reply stored, or one without a reply when none was new; none when skipped.
      const rows = await db.with(held, replies, ...processed, finished, ...counted).select().from(finished).leftJoin(replies, sql`true`);
      if (!rows.length) return 'skipped';
      return rows.flatMap((r) => (r.replies ? [r.replies] : [])).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    },

    // ---- what channels read and change of their messages (through the ChannelMessages port) ----

    /**
     * What one send needs, in one read: the message, its bot's channel credentials (none when the
     * bot was deleted), the customer's ids on the message's channel, when they last wrote, and
     * whether an earlier reply of the conversation still waits to be sent.
     */
    async sendContext(messageId: string): Promise<StoredSend | undefined> {
      const [row] = await forSend().execute({ id: messageId });
      if (!row) return undefined;
      return storedSend(row, Boolean(row.earlierQueued));
    },

    /** `sendContext` of many messages in one read (a campaign's batch; replies' order is not looked at). */
    async sendContexts(messageIds: string[]): Promise<StoredSend[]> {
      if (!messageIds.length) return [];
      const rows = await db
        .select({
          message: messages,
          lastInboundAt: conversations.lastInboundAt,
          bot: { id: bots.id, userId: bots.userId, metaCredentials: bots.metaCredentials, messengerCredentials: bots.messengerCredentials, deletedAt: bots.deletedAt },
          recipients: sql<string[] | null>`(select json_agg(${contactIdentities.externalId}) from ${contactIdentities} where ${customerOfConversation})`,
        })
        .from(messages)
        .innerJoin(conversations, eq(conversations.id, messages.conversationId))
        .innerJoin(bots, eq(bots.id, messages.botId))
        .where(inArray(messages.id, messageIds));
      return rows.map((row) => storedSend(row, false));
    },

    /** `setStatus` of many queued messages in one statement: `sent` with the channel's id, or `failed` with why; answers those that moved. */
    async finishQueued(rows: { id: string; status: 'sent' | 'failed'; externalId?: string; error?: Notice }[]): Promise<MessageRow[]> {
      if (!rows.length) return [];
      const values = rows.map((r) => ({ id: r.id, status: r.status, external_id: r.externalId ?? null, error: r.error?.code ?? null, error_params: r.error?.params ?? null }));
      const moved = await queryRows<{ id: string }>(db, sql`update messages m set status = x.status,
          sent_at = case when x.status = 'sent' then now() else m.sent_at end,
          external_id = coalesce(x.external_id, m.external_id),
          error = case when x.status = 'failed' then x.error else m.error end,
          error_params = case when x.status = 'failed' then x.error_params else m.error_params end
        from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as x(id uuid, status text, external_id text, error text, error_params jsonb)
        where m.id = x.id and m.status = 'queued'
        returning m.id`);
      const ids = moved.map((r) => r.id);
      return ids.length ? db.select().from(messages).where(inArray(messages.id, ids)) : [];
    },

    /** Whether an earlier reply of the same conversation still waits to be sent (replies go out in order). */
    async earlierQueued(message: Pick<MessageRow, 'id' | 'conversationId' | 'createdAt'>): Promise<boolean> {
      const [row] = await db
        .select({ id: messages.id })
        .from(messages)
        .where(and(eq(messages.conversationId, message.conversationId), eq(messages.status, 'queued'), lt(messages.createdAt, message.createdAt), ne(messages.id, message.id)))
        .limit(1);
      return Boolean(row);
    },

    async byExternalId(channel: Channel, externalId: string, botId?: string): Promise<MessageRow | undefined> {
      const [row] = await db
        .select()
        .from(messages)
        .where(and(eq(messages.channel, channel), eq(messages.externalId, externalId), botId ? eq(messages.botId, botId) : undefined))
        .limit(1);
      return row;
    },

    /** Moves one outbound message forward to `status`; nothing when it is already there or further. */
    async advance(messageId: string, status: DeliveryStatus, at: Date, error: Notice | null, externalId?: string): Promise<MessageRow | undefined> {
      const [row] = await db
        .update(messages)
        .set({
          status,
          error: status === 'failed' ? (error?.code ?? null) : null,
          errorParams: status === 'failed' ? (error?.params ?? null) : null,
          sentAt: sql`coalesce(${messages.sentAt}, ${at.toISOString()}::timestamptz)`,
          ...(externalId ? { externalId: sql`coalesce(${messages.externalId}, ${externalId})` } : {}),
        })
        .where(and(eq(messages.id, messageId), eq(messages.direction, 'out'), sql`${rank} < ${rankOf[status]}`))
        .returning();
      return row;
    },

    /**
     * Messenger and Instagram report reads (and some deliveries) as "everything up to this moment":
     * the bot's sent messages to this customer until then move forward.
     */
    async advanceUntil(botId: string, channel: Channel, recipient: string, status: 'delivered' | 'read', until: Date): Promise<MessageRow[]> {
      const ids = db
        .select({ id: messages.id })
        .from(messages)
        .innerJoin(conversations, eq(conversations.id, messages.conversationId))
        .innerJoin(contactIdentities, customerOfConversation)
        .where(
          and(
            eq(conversations.botId, botId),
            eq(conversations.channel, channel),
            eq(contactIdentities.externalId, recipient),
            eq(messages.direction, 'out'),
            inArray(messages.status, status === 'read' ? ['sent', 'delivered'] : ['sent']),
            sql`${messages.sentAt} <= ${until.toISOString()}::timestamptz`,
          ),
        );
      return db.update(messages).set({ status }).where(inArray(messages.id, ids)).returning();
    },

    /** Records the channel's id of a message once it went out (a second delivery then sends nothing). */
    async setExternalId(messageId: string, externalId: string): Promise<void> {
      await db.update(messages).set({ externalId }).where(and(eq(messages.id, messageId), isNull(messages.externalId)));
    },

    /** The first of these ids on the channel this bot already knows a contact by. */
    async knownIdentity(botId: string, channel: Channel, externalIds: string[]): Promise<string | undefined> {
      if (!externalIds.length) return undefined;
      const rows = await db
        .select({ externalId: contactIdentities.externalId })
        .from(contactIdentities)
        .where(and(eq(contactIdentities.botId, botId), eq(contactIdentities.channel, channel), inArray(contactIdentities.externalId, externalIds)));
      const known = new Set(rows.map((r) => r.externalId));
      return externalIds.find((id) => known.has(id));
    },

    /** Another id of a contact on the channel (WhatsApp: its LID beside its phone number, or the other way round). */
    async addIdentity(botId: string, channel: Channel, externalId: string, contactId: string): Promise<void> {
      await db.insert(contactIdentities).values({ botId, channel, externalId, contactId }).onConflictDoNothing();
    },

    /** Rows of a past made up elsewhere (the demo account's history), inserted as given: one statement per table. */
    async insertHistory(rows: {
      contacts?: (typeof contacts.$inferInsert)[];
      identities?: (typeof contactIdentities.$inferInsert)[];
      conversations?: (typeof conversations.$inferInsert)[];
      messages?: (typeof messages.$inferInsert)[];
    }): Promise<void> {
      if (rows.contacts?.length) await db.insert(contacts).values(rows.contacts);
      if (rows.identities?.length) await db.insert(contactIdentities).values(rows.identities);
      if (rows.conversations?.length) await db.insert(conversations).values(rows.conversations);
      if (rows.messages?.length) await db.insert(messages).values(rows.messages);
    },
  };
}

export type ConversationsRepository = ReturnType<typeof conversationsRepository>;
