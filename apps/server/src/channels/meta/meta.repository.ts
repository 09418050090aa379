import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { MetaChannel } from '@charla/shared';
import type { Db } from '../../db/client.ts';
import { accountHolder, type BotRow } from '../../modules/bots/index.ts';
import { channelConnections, channelSends, messageStatusEvents, type DeliveryStatus, type SendState } from './meta.table.ts';

export type ConnectionRow = typeof channelConnections.$inferSelect;
export type ConnectionPatch = Partial<Omit<typeof channelConnections.$inferInsert, 'botId' | 'channel' | 'updatedAt'>>;
export type SendRow = typeof channelSends.$inferSelect;

/** The only code that reads and writes Meta channel connections, send claims and delivery statuses. */
export function metaRepository(db: Db) {
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

    /** Keeps one status Meta reported for a sent message; false when it was kept before (a repeat). */
    async recordStatus(channel: MetaChannel, externalId: string, status: DeliveryStatus, at: Date, error: { metaCode?: number; detail?: string } | null = null): Promise<boolean> {
      const [event] = await db
        .insert(messageStatusEvents)
        .values({ channel, externalId, status, occurredAt: at, metaCode: error?.metaCode ?? null, detail: error?.detail?.slice(0, 500) ?? null })
        .onConflictDoNothing()
        .returning({ status: messageStatusEvents.status });
      return Boolean(event);
    },

    /** The message a claimed send went out as (a status may come before the send's answer was stored on the message). */
    async claimedMessage(channel: MetaChannel, externalId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ id: channelSends.messageId })
        .from(channelSends)
        .where(and(eq(channelSends.channel, channel), eq(channelSends.externalId, externalId)))
        .limit(1);
      return row?.id;
    },

    /** Statuses that arrived before their message's id was known, furthest first. */
    async earlyStatuses(channel: MetaChannel, externalId: string) {
      return db
        .select()
        .from(messageStatusEvents)
        .where(and(eq(messageStatusEvents.channel, channel), eq(messageStatusEvents.externalId, externalId)))
        .orderBy(asc(messageStatusEvents.occurredAt));
    },

  };
}

export type MetaRepository = ReturnType<typeof metaRepository>;
