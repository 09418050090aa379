import { and, asc, desc, eq, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Notice } from '@charla/shared';
import type { Db } from '../../db/client.ts';
import { appointments } from '../appointments/appointments.table.ts';
import { users } from '../auth/auth.table.ts';
import { bots } from '../bots/bots.table.ts';
import { contactIdentities, contacts, conversations, messageUsage, messages, type Channel, type StoredMedia } from './conversations.table.ts';

export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
export type ContactRow = typeof contacts.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Inbound {
  botId: string;
  channel: Channel;
  /** The customer's id on the channel (a phone number, a page-scoped id…). */
  contactExternalId: string;
  contactName?: string;
  contactPhone?: string;
  /** The channel's id of this message. */
  externalId: string;
  text: string;
  media?: StoredMedia[];
  /** The option the customer tapped (a button, a list row, a quick reply); `text` is its title. */
  chosen?: MessageRow['chosen'];
  at: Date;
  /** false: stored as already processed and never answered (a redelivery of an old message). */
  answer?: boolean;
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

const isViolation = (err: unknown, code: string): boolean => {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) if (e.code === code) return true;
  return false;
};
export const isExclusionViolation = (err: unknown) => isViolation(err, '23P01');

/** A booking of the turn hit an appointment stored a moment earlier: the turn was rolled back. */
export class BookingConflict extends Error {}

/** The only code that reads and writes contacts, conversations, messages and usage. */
export function conversationsRepository(db: Db) {
  async function contactFor(tx: Tx, m: Inbound): Promise<{ id: string; created: boolean }> {
    const key = and(eq(contactIdentities.botId, m.botId), eq(contactIdentities.channel, m.channel), eq(contactIdentities.externalId, m.contactExternalId));
    const [known] = await tx.select({ id: contactIdentities.contactId }).from(contactIdentities).where(key).limit(1);
    if (known) return { id: known.id, created: false };
    const [contact] = await tx
      .insert(contacts)
      .values({ botId: m.botId, name: m.contactName ?? '', phone: m.contactPhone ?? '' })
      .returning({ id: contacts.id });
    await tx.insert(contactIdentities).values({ botId: m.botId, channel: m.channel, externalId: m.contactExternalId, contactId: contact!.id });
    return { id: contact!.id, created: true };
  }

  /** The contact's open conversation on the channel, or a new one (a new contact has none to look for). */
  async function openConversation(tx: Tx, m: Inbound, contact: { id: string; created: boolean }) {
    if (!contact.created) {
      const open = and(eq(conversations.botId, m.botId), eq(conversations.contactId, contact.id), eq(conversations.channel, m.channel), ne(conversations.status, 'closed'));
      const [existing] = await tx.select().from(conversations).where(open).limit(1);
      if (existing) return { conversation: existing, created: false };
    }
    const [created] = await tx
      .insert(conversations)
      .values({ botId: m.botId, contactId: contact.id, channel: m.channel, lastInboundAt: m.at, lastMessageAt: m.at, unreadCount: 1 })
      .returning();
    return { conversation: created!, created: true };
  }

  return {
    /**
     * Stores an inbound message in one transaction: contact, conversation and message. A message
     * whose external id was stored before is a no-op (the unique key decides, not a prior check).
     */
    async receive(m: Inbound): Promise<{ message: MessageRow; conversation: ConversationRow; newConversation: boolean } | 'duplicate'> {
      return db.transaction(async (tx) => {
        // Messages of one customer are stored one at a time (concurrent redeliveries, bursts).
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${m.botId}:${m.channel}:${m.contactExternalId}`}, 0))`);
        const [dup] = await tx
          .select({ id: messages.id })
          .from(messages)
          .where(and(eq(messages.channel, m.channel), eq(messages.externalId, m.externalId)))
          .limit(1);
        if (dup) return 'duplicate' as const;
        const contact = await contactFor(tx, m);
        const { conversation, created } = await openConversation(tx, m, contact);
        const [message] = await tx
          .insert(messages)
          .values({
            conversationId: conversation.id,
            botId: m.botId,
            channel: m.channel,
            direction: 'in',
            author: 'customer',
            text: m.text,
            media: m.media ?? null,
            chosen: m.chosen ?? null,
            status: m.answer === false ? 'processed' : 'received',
            externalId: m.externalId,
            createdAt: m.at,
          })
          .onConflictDoNothing()
          .returning();
        if (!message) return 'duplicate' as const;
        if (created) return { message, conversation, newConversation: true };
        const [updated] = await tx
          .update(conversations)
          .set({
            lastInboundAt: sql`greatest(${conversations.lastInboundAt}, ${m.at.toISOString()}::timestamptz)`,
            lastMessageAt: sql`greatest(${conversations.lastMessageAt}, ${m.at.toISOString()}::timestamptz)`,
            unreadCount: sql`${conversations.unreadCount} + 1`,
            updatedAt: new Date(),
          })
          .where(eq(conversations.id, conversation.id))
          .returning();
        return { message, conversation: updated!, newConversation: false };
      });
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

    /** A conversation with its contact, in one read. */
    async conversationWithContact(id: string): Promise<{ conversation: ConversationRow; contact: ContactRow | null } | undefined> {
      const [row] = await db
        .select({ conversation: conversations, contact: contacts })
        .from(conversations)
        .leftJoin(contacts, eq(contacts.id, conversations.contactId))
        .where(eq(conversations.id, id))
        .limit(1);
      return row;
    },

    /**
     * A conversation's unfinished messages, in one read: the customer's not yet answered
     * ('received'), and replies stored but not yet sent ('queued'), oldest first.
     */
    async unfinished(conversationId: string): Promise<{ pending: MessageRow[]; queuedOutbound: MessageRow[] }> {
      const rows = await db
        .select()
        .from(messages)
        .where(and(eq(messages.conversationId, conversationId), inArray(messages.status, ['received', 'queued'])))
        .orderBy(asc(messages.createdAt), asc(messages.id));
      return { pending: rows.filter((r) => r.status === 'received'), queuedOutbound: rows.filter((r) => r.status === 'queued') };
    },

    /** A live bot with its owner's plan and the owner's messages of `month`, in one read. */
    async botForTurn(botId: string, month: string): Promise<{ bot: typeof bots.$inferSelect; plan: string | undefined; used: number } | undefined> {
      const [row] = await db
        .select({ bot: bots, plan: users.membershipType, used: messageUsage.count })
        .from(bots)
        .innerJoin(users, eq(users.id, bots.userId))
        .leftJoin(messageUsage, and(eq(messageUsage.userId, bots.userId), eq(messageUsage.month, month)))
        .where(and(eq(bots.id, botId), isNull(bots.deletedAt)))
        .limit(1);
      return row && { bot: row.bot, plan: row.plan ?? undefined, used: row.used ?? 0 };
    },

    /** The last messages before a moment, oldest first. */
    async history(conversationId: string, before: Date, limit: number): Promise<MessageRow[]> {
      const rows = await db
        .select()
        .from(messages)
        .where(and(eq(messages.conversationId, conversationId), lt(messages.createdAt, before), ne(messages.status, 'received')))
        .orderBy(desc(messages.createdAt))
        .limit(limit);
      return rows.reverse();
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
      if (ids.length) await db.update(messages).set({ status: 'processed' }).where(and(inArray(messages.id, ids), eq(messages.status, 'received')));
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

    async setConversationStatus(id: string, status: ConversationRow['status']): Promise<void> {
      await db.update(conversations).set({ status, updatedAt: new Date() }).where(eq(conversations.id, id));
    },

    /**
     * Everything one turn changes, in one transaction: the engine's actions, the outbound
     * messages (a retried turn inserts none twice), the inbound messages marked processed, the
     * engine state and the owner's usage. When a booking or a new time overlaps an appointment
     * stored a moment earlier (the database's exclusion constraint), nothing is committed and
     * BookingConflict is thrown: the caller offers another slot and commits again.
     */
    async commitTurn(input: {
      conversationId: string;
      botId: string;
      contactId: string;
      ownerId: string;
      month: string;
      channel: Channel;
      processedIds: string[];
      contactPatch?: { name?: string; email?: string; phone?: string };
      bookings: { start: Date; end: Date; service: string }[];
      cancellations: string[];
      /** Appointments the customer confirmed (after a reminder). */
      confirmations?: string[];
      reschedules: { appointmentId: string; start: Date; end: Date }[];
      handoff: boolean;
      /** When the hand-off happened (the real clock: the person's idle time counts from it). */
      handoffAt?: Date;
      /** Questions in a row the bot could not answer, after this turn. */
      unanswered?: number;
      state: Record<string, unknown>;
      drafts: OutboundDraft[];
      /** The turn's clock: replies are stored just after the messages they answer. */
      at: Date;
    }): Promise<MessageRow[] | 'skipped'> {
      return db.transaction(async (tx) => {
        // A person took the conversation over (or answered) while the engine thought: the bot
        // says nothing. The row lock orders this against a person's reply.
        const [current] = await tx.select({ status: conversations.status }).from(conversations).where(eq(conversations.id, input.conversationId)).for('update');
        if (current?.status !== 'bot') return 'skipped' as const;
        if (input.contactPatch && Object.keys(input.contactPatch).length) {
          await tx.update(contacts).set({ ...input.contactPatch, updatedAt: new Date() }).where(eq(contacts.id, input.contactId));
        }
        for (const id of input.cancellations) {
          await tx
            .update(appointments)
            .set({ status: 'cancelled', updatedAt: new Date() })
            .where(and(eq(appointments.id, id), eq(appointments.contactId, input.contactId)));
        }
        for (const id of input.confirmations ?? []) {
          await tx
            .update(appointments)
            .set({ status: 'confirmed', updatedAt: new Date() })
            .where(and(eq(appointments.id, id), eq(appointments.contactId, input.contactId), eq(appointments.status, 'booked')));
        }
        try {
          for (const r of input.reschedules) {
            await tx
              .update(appointments)
              .set({ startAt: r.start, endAt: r.end, updatedAt: new Date() })
              .where(and(eq(appointments.id, r.appointmentId), eq(appointments.contactId, input.contactId)));
          }
          for (const b of input.bookings) {
            await tx
              .insert(appointments)
              .values({ botId: input.botId, contactId: input.contactId, conversationId: input.conversationId, startAt: b.start, endAt: b.end, service: b.service });
          }
        } catch (err) {
          if (isExclusionViolation(err)) throw new BookingConflict();
          throw err;
        }
        const drafts = input.drafts;
        const stored = drafts.length
          ? await tx
              .insert(messages)
              .values(
                drafts.map((d, i) => ({
                  conversationId: input.conversationId,
                  botId: input.botId,
                  channel: input.channel,
                  direction: 'out' as const,
                  author: d.author ?? ('bot' as const),
                  text: d.text,
                  status: 'queued' as const,
                  idempotencyKey: d.idempotencyKey,
                  sources: d.sources ?? null,
                  actions: d.actions ?? null,
                  choices: d.choices ?? null,
                  media: d.media ?? null,
                  // Just after the messages they answer, in order.
                  createdAt: new Date(input.at.getTime() + i + 1),
                })),
              )
              .onConflictDoNothing()
              .returning()
          : [];
        if (input.processedIds.length) {
          await tx.update(messages).set({ status: 'processed' }).where(inArray(messages.id, input.processedIds));
        }
        await tx
          .update(conversations)
          .set({
            engineState: input.state,
            updatedAt: new Date(),
            ...(input.unanswered !== undefined && { unanswered: input.unanswered }),
            ...(stored.length && { lastMessageAt: sql`greatest(${conversations.lastMessageAt}, ${stored.at(-1)!.createdAt.toISOString()}::timestamptz)` }),
            ...(input.handoff ? { status: 'human' as const, humanAt: input.handoffAt ?? new Date(), assignedTo: null } : {}),
          })
          .where(eq(conversations.id, input.conversationId));
        // A picture sent on its own before its reply is part of that reply, not one more message.
        const counted = stored.filter((m) => m.author === 'bot' && m.text.trim()).length;
        if (counted) {
          await tx
            .insert(messageUsage)
            .values({ userId: input.ownerId, month: input.month, count: counted })
            .onConflictDoUpdate({ target: [messageUsage.userId, messageUsage.month], set: { count: sql`${messageUsage.count} + ${counted}` } });
        }
        return stored;
      });
    },
  };
}

export type ConversationsRepository = ReturnType<typeof conversationsRepository>;
