import { and, asc, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import type { MetaChannel, Notice } from '@charla/shared';
import type { Db } from '../../db/client.ts';
import { accountHolder } from '../../modules/bots/channel-accounts.repository.ts';
import type { BotRow } from '../../modules/bots/bots.repository.ts';
import { contactIdentities, conversations, messages } from '../../modules/conversations/conversations.table.ts';
import type { MessageRow } from '../../modules/conversations/conversations.repository.ts';
import { channelConnections, channelSends, messageStatusEvents, type DeliveryStatus, type SendState } from './meta.table.ts';

export type ConnectionRow = typeof channelConnections.$inferSelect;
export type ConnectionPatch = Partial<Omit<typeof channelConnections.$inferInsert, 'botId' | 'channel' | 'updatedAt'>>;
export type SendRow = typeof channelSends.$inferSelect;

/** Where a status may go from each message status: forwards only (a late 'delivered' never undoes 'read'). */
const rank = sql`case ${messages.status} when 'queued' then 0 when 'sent' then 1 when 'failed' then 2 when 'delivered' then 3 when 'read' then 4 else 9 end`;
const rankOf: Record<DeliveryStatus, number> = { sent: 1, failed: 2, delivered: 3, read: 4 };

/** What sending one outbound message needs: the message, its conversation's window and the customer's id. */
export interface SendContext {
  message: MessageRow;
  lastInboundAt: Date | null;
  /** The customer's id on the message's channel (wa_id, PSID, IGSID). */
  recipient: string | undefined;
}

/** The only code that reads and writes Meta channel connections, send claims and delivery statuses. */
export function metaRepository(db: Db) {
  /** Moves one message forward to `status`; nothing when it is already there or further. */
  async function advance(messageId: string, status: DeliveryStatus, at: Date, error: Notice | null, externalId?: string): Promise<MessageRow | undefined> {
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
  }

  return {
    /** The live bot holding this account (phone number id, page id, Instagram account id): one index lookup. */
    botByAccount: (channel: MetaChannel, accountId: string): Promise<BotRow | undefined> => accountHolder(db, channel, accountId),

    async connections(botId: string): Promise<ConnectionRow[]> {
      return db.select().from(channelConnections).where(eq(channelConnections.botId, botId));
    },

    async connection(botId: string, channel: MetaChannel): Promise<ConnectionRow | undefined> {
      const [row] = await db
        .select()
        .from(channelConnections)
        .where(and(eq(channelConnections.botId, botId), eq(channelConnections.channel, channel)))
        .limit(1);
      return row;
    },

    async saveConnection(botId: string, channel: MetaChannel, patch: ConnectionPatch): Promise<ConnectionRow> {
      const values = { ...patch, updatedAt: new Date() };
      const [row] = await db
        .insert(channelConnections)
        .values({ botId, channel, ...values })
        .onConflictDoUpdate({ target: [channelConnections.botId, channelConnections.channel], set: values })
        .returning();
      return row!;
    },

    async sendContext(messageId: string): Promise<SendContext | undefined> {
      const [row] = await db
        .select({ message: messages, lastInboundAt: conversations.lastInboundAt, recipient: contactIdentities.externalId })
        .from(messages)
        .innerJoin(conversations, eq(conversations.id, messages.conversationId))
        .leftJoin(
          contactIdentities,
          and(
            eq(contactIdentities.botId, conversations.botId),
            eq(contactIdentities.contactId, conversations.contactId),
            eq(contactIdentities.channel, conversations.channel),
          ),
        )
        .where(eq(messages.id, messageId))
        .limit(1);
      return row ? { message: row.message, lastInboundAt: row.lastInboundAt, recipient: row.recipient ?? undefined } : undefined;
    },

    /** Whether an earlier reply of the same conversation still waits to be sent (replies go out in order). */
    async earlierQueued(message: MessageRow): Promise<boolean> {
      const [row] = await db
        .select({ id: messages.id })
        .from(messages)
        .where(
          and(
            eq(messages.conversationId, message.conversationId),
            eq(messages.status, 'queued'),
            lt(messages.createdAt, message.createdAt),
            ne(messages.id, message.id),
          ),
        )
        .limit(1);
      return Boolean(row);
    },

    /**
     * Claims a message for one Graph call. Answers the claim, or the earlier attempt's row when the
     * message was claimed before and Meta did not answer that nothing was sent ('retry').
     */
    async claimSend(messageId: string, channel: MetaChannel): Promise<{ claimed: true; attempts: number } | { claimed: false; row: SendRow }> {
      const [claimed] = await db
        .insert(channelSends)
        .values({ messageId, channel, state: 'sending' })
        .onConflictDoUpdate({
          target: channelSends.messageId,
          set: { state: 'sending', attempts: sql`${channelSends.attempts} + 1`, updatedAt: new Date() },
          setWhere: eq(channelSends.state, 'retry'),
        })
        .returning();
      if (claimed) return { claimed: true, attempts: claimed.attempts };
      const [row] = await db.select().from(channelSends).where(eq(channelSends.messageId, messageId)).limit(1);
      return { claimed: false, row: row! };
    },

    /** Records the outcome of a claimed call. */
    async finishSend(messageId: string, state: Exclude<SendState, 'sending'>, detail: { externalId?: string; errorCode?: string; metaCode?: number } = {}) {
      await db
        .update(channelSends)
        .set({ state, externalId: detail.externalId ?? null, errorCode: detail.errorCode ?? null, metaCode: detail.metaCode ?? null, updatedAt: new Date() })
        .where(eq(channelSends.messageId, messageId));
    },

    /** Marks a claim whose call never reported back (a crash) as unconfirmed, if it is still 'sending'. */
    async abandonSend(messageId: string, olderThan: Date): Promise<boolean> {
      const rows = await db
        .update(channelSends)
        .set({ state: 'unconfirmed', errorCode: 'SEND_UNCONFIRMED', updatedAt: new Date() })
        .where(and(eq(channelSends.messageId, messageId), eq(channelSends.state, 'sending'), lt(channelSends.updatedAt, olderThan)))
        .returning({ id: channelSends.messageId });
      return rows.length > 0;
    },

    /**
     * Applies one status Meta reported for a sent message, once (the event is kept). Answers the
     * message when its status moved forward; nothing for a repeat, a step back or an unknown id.
     */
    async applyStatus(
      channel: MetaChannel,
      externalId: string,
      status: DeliveryStatus,
      at: Date,
      error: { notice: Notice; metaCode?: number; detail?: string } | null = null,
    ): Promise<MessageRow | undefined> {
      const [event] = await db
        .insert(messageStatusEvents)
        .values({ channel, externalId, status, occurredAt: at, metaCode: error?.metaCode ?? null, detail: error?.detail?.slice(0, 500) ?? null })
        .onConflictDoNothing()
        .returning({ status: messageStatusEvents.status });
      if (!event) return undefined;
      const [known] = await db
        .select({ id: messages.id })
        .from(messages)
        .where(and(eq(messages.channel, channel), eq(messages.externalId, externalId)))
        .limit(1);
      // The status may come before the send's answer was stored on the message.
      const [claimed] = known
        ? [known]
        : await db
            .select({ id: channelSends.messageId })
            .from(channelSends)
            .where(and(eq(channelSends.channel, channel), eq(channelSends.externalId, externalId)))
            .limit(1);
      if (!claimed) return undefined;
      return advance(claimed.id, status, at, error?.notice ?? null, externalId);
    },

    /** Statuses that arrived before their message's id was known, furthest first. */
    async earlyStatuses(channel: MetaChannel, externalId: string) {
      return db
        .select()
        .from(messageStatusEvents)
        .where(and(eq(messageStatusEvents.channel, channel), eq(messageStatusEvents.externalId, externalId)))
        .orderBy(asc(messageStatusEvents.occurredAt));
    },

    advance,

    /**
     * Messenger and Instagram report reads (and some deliveries) as "everything up to this moment":
     * the bot's sent messages to this customer until then move forward.
     */
    async advanceUntil(botId: string, channel: MetaChannel, recipient: string, status: 'delivered' | 'read', until: Date): Promise<MessageRow[]> {
      const ids = db
        .select({ id: messages.id })
        .from(messages)
        .innerJoin(conversations, eq(conversations.id, messages.conversationId))
        .innerJoin(
          contactIdentities,
          and(eq(contactIdentities.botId, conversations.botId), eq(contactIdentities.contactId, conversations.contactId), eq(contactIdentities.channel, conversations.channel)),
        )
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
  };
}

export type MetaRepository = ReturnType<typeof metaRepository>;
