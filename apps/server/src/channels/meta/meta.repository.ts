import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { MetaChannel } from '@charla/shared';
import { queryRows, type Db } from '../../db/client.ts';
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

    /**
     * Claims many messages for their Graph calls in one statement; answers the claimed ones with
     * their attempt, and the earlier rows of the others.
     */
    async claimSends(messageIds: string[], channel: MetaChannel): Promise<{ claimed: Map<string, number>; prior: Map<string, SendRow> }> {
      const claimed = new Map<string, number>();
      const prior = new Map<string, SendRow>();
      if (!messageIds.length) return { claimed, prior };
      const rows = await queryRows<{ message_id: string; attempts: number }>(
        db,
        sql`insert into channel_sends (message_id, channel, state)
          select m, ${channel}, 'sending' from unnest(${`{${messageIds.join(',')}}`}::uuid[]) as m
          on conflict (message_id) do update set state = 'sending', attempts = channel_sends.attempts + 1, updated_at = now()
            where channel_sends.state = 'retry'
          returning message_id, attempts`,
      );
      for (const r of rows) claimed.set(r.message_id, Number(r.attempts));
      const others = messageIds.filter((id) => !claimed.has(id));
      if (others.length) for (const row of await db.select().from(channelSends).where(inArray(channelSends.messageId, others))) prior.set(row.messageId, row);
      return { claimed, prior };
    },

    /** Records the outcomes of many claimed calls in one statement. */
    async finishSends(rows: { messageId: string; state: Exclude<SendState, 'sending'>; externalId?: string; errorCode?: string; metaCode?: number }[]): Promise<void> {
      if (!rows.length) return;
      const values = rows.map((r) => ({ id: r.messageId, state: r.state, external_id: r.externalId ?? null, error_code: r.errorCode ?? null, meta_code: r.metaCode ?? null }));
      await db.execute(sql`update channel_sends s set state = x.state, external_id = coalesce(x.external_id, s.external_id), error_code = x.error_code, meta_code = x.meta_code, updated_at = now()
        from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as x(id uuid, state text, external_id text, error_code text, meta_code int)
        where s.message_id = x.id and s.state = 'sending'`);
    },

    /**
     * A claim whose call never answered (the process died during it, or the call timed out) and
     * that no status named since: 'sending' past `abandonedBefore` becomes 'unconfirmed' (the wait
     * for Meta's status starts then). 'unconfirmed' is claimed again for a new call only when
     * Meta certainly did not accept it: it waited past `unconfirmedBefore` and this server has
     * since applied a status of an event that happened at Meta more than a second after the wait
     * began (Meta's statuses have caught up past the lost call, whatever the backlog of webhooks
     * was); with no such status at all (nothing else is being sent), past `lastResortBefore`.
     * Answers what the caller may do.
     */
    async settleUnanswered(messageId: string, abandonedBefore: Date, unconfirmedBefore: Date, lastResortBefore: Date): Promise<'resend' | 'wait' | 'busy'> {
      const [resend] = await queryRows<{ message_id: string }>(
        db,
        sql`update channel_sends s set state = 'sending', attempts = s.attempts + 1, updated_at = now()
          where s.message_id = ${messageId} and s.state = 'unconfirmed' and s.updated_at < ${unconfirmedBefore}
            and (s.updated_at < ${lastResortBefore} or exists (select 1 from message_status_events e
              where e.channel = s.channel and e.occurred_at > s.updated_at + interval '1 second'))
          returning s.message_id`,
      );
      if (resend) return 'resend';
      const [abandoned] = await db
        .update(channelSends)
        .set({ state: 'unconfirmed', errorCode: 'SEND_UNCONFIRMED', updatedAt: new Date() })
        .where(and(eq(channelSends.messageId, messageId), eq(channelSends.state, 'sending'), lt(channelSends.updatedAt, abandonedBefore)))
        .returning({ id: channelSends.messageId });
      if (abandoned) return 'wait';
      const [row] = await db.select({ state: channelSends.state }).from(channelSends).where(eq(channelSends.messageId, messageId)).limit(1);
      return row?.state === 'unconfirmed' ? 'wait' : 'busy';
    },

    /**
     * A status named a claimed message by its callback data (our message's id) while the claim
     * never learnt Meta's id: Meta accepted the call. The claim becomes 'sent' with that id;
     * answers the message's id, or nothing when no such claim waits.
     */
    async confirmSend(messageId: string, channel: MetaChannel, externalId: string): Promise<string | undefined> {
      const [row] = await db
        .update(channelSends)
        .set({ state: 'sent', externalId, errorCode: null, updatedAt: new Date() })
        .where(and(eq(channelSends.messageId, messageId), eq(channelSends.channel, channel), inArray(channelSends.state, ['sending', 'unconfirmed']), isNull(channelSends.externalId)))
        .returning({ id: channelSends.messageId });
      return row?.id;
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

    /** `earlyStatuses` of many messages in one read. */
    async earlyStatusesMany(channel: MetaChannel, externalIds: string[]) {
      if (!externalIds.length) return [];
      return db
        .select()
        .from(messageStatusEvents)
        .where(and(eq(messageStatusEvents.channel, channel), inArray(messageStatusEvents.externalId, externalIds)))
        .orderBy(asc(messageStatusEvents.occurredAt));
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
