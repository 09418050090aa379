import { and, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { MessageAuthor, MessageDirection, MessageStatus } from '@charla/shared';
import { queryRows, type Db } from '../../db/client.ts';
import { contactIdentities, contacts, conversations, messages, type Channel, type StoredMedia } from './conversations.table.ts';
import { contactSearchPattern, contactSearchText, messageSearchPattern, messageSearchText } from './contact-search.ts';
import { conversationsRepository, type ContactRow, type ConversationRow, type MessageRow } from './conversations.repository.ts';

export interface InboxFilter {
  botId: string;
  status?: ConversationRow['status'];
  channel?: Channel;
  q?: string;
  unread?: boolean;
  /** Only the conversations assigned to this user. */
  assignedTo?: string;
  /** The last item of the previous page: its activity time (as PostgreSQL wrote it) and id. */
  after?: { at: string; id: string };
  limit: number;
}

export interface InboxRow {
  id: string;
  bot_id: string;
  channel: Channel;
  status: ConversationRow['status'];
  unread_count: number;
  assigned_to: string | null;
  assigned_name: string | null;
  /** The activity time as text, exact to the microsecond, for the next page's cursor. */
  activity: string;
  updated_at: string | Date;
  contact_id: string;
  contact_name: string;
  contact_phone: string;
  last_id: string | null;
  last_text: string | null;
  /** The kind of the last message's first file (image, document…), for a file sent without words. */
  last_media: string | null;
  last_direction: MessageDirection | null;
  last_author: MessageAuthor | null;
  last_author_id: string | null;
  last_author_name: string | null;
  last_status: MessageStatus | null;
  last_at: string | Date | null;
}

/** The inbox's reads and the changes people make to a conversation; only SQL. */
export function inboxRepository(db: Db) {
  return {
    /**
     * One page of a bot's conversations, newest activity first: keyset on (last_message_at, id),
     * which the index conversations_inbox_idx reads in order. Playground conversations never appear.
     */
    list(f: InboxFilter): Promise<InboxRow[]> {
      const where: SQL[] = [sql`c.bot_id = ${f.botId}`, sql`c.channel <> 'playground'`];
      if (f.status) where.push(sql`c.status = ${f.status}`);
      if (f.channel) where.push(sql`c.channel = ${f.channel}`);
      if (f.unread) where.push(sql`c.unread_count > 0`);
      if (f.assignedTo) where.push(sql`c.assigned_to = ${f.assignedTo}`);
      if (f.after) where.push(sql`(c.last_message_at, c.id) < (${f.after.at}::timestamptz, ${f.after.id}::uuid)`);
      if (f.q) {
        // Each side is read once for the bot (hashed), not once per conversation, each through its
        // trigram index (contacts_search_idx, messages_search_idx); both without accents or case.
        where.push(sql`(c.contact_id in (select ct.id from contacts ct where ct.bot_id = ${f.botId} and ${contactSearchText('ct')} like ${contactSearchPattern(f.q)})
          or c.id in (select s.conversation_id from messages s where s.bot_id = ${f.botId} and s.channel <> 'playground' and ${messageSearchText(sql`s.text`)} like ${messageSearchPattern(f.q)}))`);
      }
      // The page is chosen first from the conversations alone (in the index's order, stopping at
      // the page's end), then each of its rows gets its contact and its last message.
      return queryRows<InboxRow>(
        db,
        sql`select p.*, p.last_message_at::text as activity, ct.id as contact_id, ct.name as contact_name, ct.phone as contact_phone,
              lm.id as last_id, lm.text as last_text, lm.media->0->>'type' as last_media, lm.direction as last_direction, lm.author as last_author, lm.author_id as last_author_id,
              lu.name as last_author_name, lm.status as last_status, lm.created_at as last_at, au.name as assigned_name
            from (
              select c.id, c.bot_id, c.channel, c.status, c.unread_count, c.assigned_to, c.last_message_at, c.updated_at, c.contact_id
              from conversations c
              where ${sql.join(where, sql` and `)}
              order by c.last_message_at desc, c.id desc
              limit ${f.limit}
            ) p
            join contacts ct on ct.id = p.contact_id
            left join users au on au.id = p.assigned_to
            left join lateral (
              select m.id, m.text, m.media, m.direction, m.author, m.author_id, m.status, m.created_at from messages m
              where m.conversation_id = p.id order by m.seq desc limit 1
            ) lm on true
            left join users lu on lu.id = lm.author_id
            order by p.last_message_at desc, p.id desc`,
      );
    },

    /** A conversation with its contact (any channel; the caller decides what it may see). */
    async find(id: string): Promise<{ conversation: ConversationRow; contact: ContactRow } | undefined> {
      const [row] = await db
        .select({ conversation: conversations, contact: contacts })
        .from(conversations)
        .innerJoin(contacts, eq(contacts.id, conversations.contactId))
        .where(eq(conversations.id, id))
        .limit(1);
      return row;
    },

    async message(id: string): Promise<MessageRow | undefined> {
      if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
      const [row] = await db.select().from(messages).where(eq(messages.id, id)).limit(1);
      return row;
    },

    /** The conversation's newest message row for the list item. */
    async lastMessage(conversationId: string): Promise<MessageRow | undefined> {
      const [row] = await db.select().from(messages).where(eq(messages.conversationId, conversationId)).orderBy(desc(messages.seq)).limit(1);
      return row;
    },

    /** A page of messages stored before `before` (a message of the conversation), newest first; one extra tells there is more. */
    async messages(conversationId: string, before: string | undefined, limit: number): Promise<MessageRow[]> {
      let older: SQL | undefined;
      if (before) {
        const [pivot] = await db.select({ seq: messages.seq }).from(messages).where(and(eq(messages.id, before), eq(messages.conversationId, conversationId))).limit(1);
        if (!pivot) return [];
        older = lt(messages.seq, pivot.seq);
      }
      const rows = await db
        .select()
        .from(messages)
        .where(and(eq(messages.conversationId, conversationId), older))
        .orderBy(desc(messages.seq))
        .limit(limit + 1);
      return rows;
    },

    /**
     * A person's message, queued for its channel in one transaction with what it changes: the
     * customer's unanswered messages are answered (the bot will not answer them), the
     * conversation is with that person from now on, read, and its idle clock starts again. A
     * repeated `idempotencyKey` stores nothing and answers the first message.
     */
    async humanReply(input: {
      conversationId: string;
      botId: string;
      channel: Channel;
      userId: string;
      text: string;
      idempotencyKey: string;
      template?: MessageRow['template'];
      /** An attached file, already kept, and the message id it is named after. */
      attachment?: { id: string; media: StoredMedia };
      at: Date;
    }): Promise<{ message: MessageRow; duplicate: boolean; answered: MessageRow[]; conversation: ConversationRow }> {
      return db.transaction(async (tx) => {
        // The conversation first, as a turn locks it: a turn that committed first is answered
        // here; one that commits after finds the conversation with a person and says nothing.
        await tx.select({ id: conversations.id }).from(conversations).where(eq(conversations.id, input.conversationId)).for('update');
        const talk = conversationsRepository(tx);
        const message = await talk.queueMessage({
          conversationId: input.conversationId,
          botId: input.botId,
          channel: input.channel,
          author: 'human',
          authorId: input.userId,
          text: input.text,
          idempotencyKey: input.idempotencyKey,
          template: input.template,
          ...(input.attachment && { id: input.attachment.id, media: [input.attachment.media] }),
          at: input.at,
        });
        if (!message) {
          const [first] = await tx.select().from(messages).where(eq(messages.idempotencyKey, input.idempotencyKey)).limit(1);
          const [conversation] = await tx.select().from(conversations).where(eq(conversations.id, input.conversationId)).limit(1);
          return { message: first!, duplicate: true, answered: [], conversation: conversation! };
        }
        const answered = await talk.answerReceived(input.conversationId);
        const [conversation] = await tx
          .update(conversations)
          .set({
            status: sql`case when ${conversations.status} = 'closed' then 'closed' else 'human' end`,
            assignedTo: input.userId,
            humanAt: input.at,
            unreadCount: 0,
            unanswered: 0,
            lastMessageAt: input.at,
            updatedAt: input.at,
          })
          .where(eq(conversations.id, input.conversationId))
          .returning();
        return { message, duplicate: false, answered, conversation: conversation! };
      });
    },

    /** Changes a conversation's status (and what goes with it); answers the changed row. */
    async setStatus(
      id: string,
      patch: Pick<ConversationRow, 'status'> & Partial<Pick<ConversationRow, 'assignedTo' | 'humanAt' | 'unanswered'>>,
    ): Promise<ConversationRow | undefined> {
      const [row] = await db.update(conversations).set({ ...patch, updatedAt: new Date() }).where(eq(conversations.id, id)).returning();
      return row;
    },

    /** A person's name (the assignee shown in a conversation's header), or null when they are gone. */
    async personName(userId: string): Promise<string | null> {
      const [row] = await queryRows<{ name: string }>(db, sql`select name from users where id = ${userId}`);
      return row?.name ?? null;
    },

    /** Who answers the conversation (null: nobody); the status stays. */
    async assign(id: string, userId: string | null): Promise<ConversationRow | undefined> {
      const [row] = await db.update(conversations).set({ assignedTo: userId, updatedAt: new Date() }).where(eq(conversations.id, id)).returning();
      return row;
    },

    async markRead(id: string): Promise<ConversationRow | undefined> {
      const [row] = await db.update(conversations).set({ unreadCount: 0 }).where(eq(conversations.id, id)).returning();
      return row;
    },

    /** Another open conversation of the same contact and channel (a closed one cannot reopen beside it). */
    async otherOpen(c: ConversationRow): Promise<boolean> {
      const [row] = await db
        .select({ id: conversations.id })
        .from(conversations)
        .where(and(eq(conversations.botId, c.botId), eq(conversations.contactId, c.contactId), eq(conversations.channel, c.channel), inArray(conversations.status, ['bot', 'human'])))
        .limit(1);
      return Boolean(row && row.id !== c.id);
    },

    /**
     * A message of the bot to someone who may not have written yet (the person who takes over
     * hand-offs): their contact and conversation are found or made, and the message is queued.
     */
    async noticeTo(input: { botId: string; channel: Channel; externalId: string; phone: string; name: string; text: string; idempotencyKey: string; at: Date }): Promise<MessageRow | undefined> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${input.botId}:${input.channel}:${input.externalId}`}, 0))`);
        const key = and(eq(contactIdentities.botId, input.botId), eq(contactIdentities.channel, input.channel), eq(contactIdentities.externalId, input.externalId));
        let [known] = await tx.select({ id: contactIdentities.contactId }).from(contactIdentities).where(key).limit(1);
        if (!known) {
          const [contact] = await tx.insert(contacts).values({ botId: input.botId, name: input.name, phone: input.phone }).returning({ id: contacts.id });
          await tx.insert(contactIdentities).values({ botId: input.botId, channel: input.channel, externalId: input.externalId, contactId: contact!.id });
          known = contact!;
        }
        const open = and(eq(conversations.botId, input.botId), eq(conversations.contactId, known.id), eq(conversations.channel, input.channel), inArray(conversations.status, ['bot', 'human']));
        let [conversation] = await tx.select({ id: conversations.id }).from(conversations).where(open).limit(1);
        // The team's own number is not a customer: the bot does not answer it.
        conversation ??= (await tx.insert(conversations).values({ botId: input.botId, contactId: known.id, channel: input.channel, status: 'human', lastMessageAt: input.at }).returning({ id: conversations.id }))[0];
        const message = await conversationsRepository(tx).queueMessage({ conversationId: conversation!.id, botId: input.botId, channel: input.channel, text: input.text, idempotencyKey: input.idempotencyKey, at: input.at });
        if (message) await tx.update(conversations).set({ lastMessageAt: input.at }).where(eq(conversations.id, conversation!.id));
        return message;
      });
    },

    /** The bot's message that tells the customer the bot answers again, queued with the status change. */
    async returnToBot(input: { conversationId: string; humanAt: Date; botId: string; channel: Channel; text: string; at: Date }): Promise<{ conversation: ConversationRow; message: MessageRow | undefined } | undefined> {
      return db.transaction(async (tx) => {
        const [conversation] = await tx
          .update(conversations)
          .set({ status: 'bot', assignedTo: null, humanAt: null, unanswered: 0, updatedAt: input.at, lastMessageAt: input.at })
          .where(and(eq(conversations.id, input.conversationId), eq(conversations.status, 'human'), eq(conversations.humanAt, input.humanAt)))
          .returning();
        if (!conversation) return undefined;
        const message = input.text
          ? await conversationsRepository(tx).queueMessage({
              conversationId: input.conversationId,
              botId: input.botId,
              channel: input.channel,
              text: input.text,
              idempotencyKey: `idle:${input.conversationId}:${input.humanAt.toISOString()}`,
              at: input.at,
            })
          : undefined;
        return { conversation, message };
      });
    },
  };
}

export type InboxRepository = ReturnType<typeof inboxRepository>;
