import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { CampaignChannel, CampaignCrmFilters, CampaignCounts, CampaignPauseReason, CampaignReason, CampaignStatus, RecipientFilter, RecipientStatus } from '@charla/shared';
import { queryRows, type Db } from '../../db/client.ts';
import { campaignPacing, campaignRecipients, campaigns, campaignUploads } from './campaigns.table.ts';

export type CampaignRow = typeof campaigns.$inferSelect;
export type CampaignInsert = typeof campaigns.$inferInsert;
export type RecipientRow = typeof campaignRecipients.$inferSelect;
export type UploadRow = typeof campaignUploads.$inferSelect;
export interface NewRecipient {
  address: string;
  phone: string;
  name: string;
  contactId: string | null;
  variables: Record<string, string>;
  /** Left out from the start (a Messenger contact outside the window): `skipped` with this reason. */
  skip?: CampaignReason;
}

/** A CRM contact an audience may hold. */
export interface AudienceContact {
  id: string;
  name: string;
  phone: string;
  consent: boolean;
  /** Their id on the campaign's channel, if they are known there. */
  identity: string | null;
  lastInboundAt: Date | null;
}

/** How a claimed send ended. */
export type SendOutcome =
  | { id: string; status: 'sent'; externalId: string | null; at: Date }
  | { id: string; status: 'failed' | 'skipped'; reason: CampaignReason; metaCode: number | null; at: Date }
  | { id: string; status: 'retry'; notBefore: Date; /** The message was refused (never sent): the next try stores a new one. */ fresh?: boolean };

const emptyCounts = (): CampaignCounts => ({ total: 0, queued: 0, sent: 0, delivered: 0, read: 0, failed: 0, skipped: 0, replied: 0, optedOut: 0 });
const uuids = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;
/** A text array parameter (drizzle spreads a JS array into a list of parameters). */
const texts = (values: string[]) => sql`array(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;
const INSERT_CHUNK = 2000;

/** The only code that reads and writes campaigns, their recipients, uploads and the senders' pace. */
export function campaignsRepository(db: Db) {
  return {
    async create(values: CampaignInsert, recipients: NewRecipient[]): Promise<CampaignRow> {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(campaigns).values(values).returning();
        for (let i = 0; i < recipients.length; i += INSERT_CHUNK) {
          const chunk = recipients.slice(i, i + INSERT_CHUNK).map((r, j) => ({
            position: i + j,
            address: r.address,
            phone: r.phone,
            name: r.name,
            contact_id: r.contactId,
            variables: r.variables,
            status: r.skip ? 'skipped' : 'queued',
            reason: r.skip ?? null,
          }));
          await tx.execute(sql`insert into campaign_recipients (campaign_id, position, address, phone, name, contact_id, variables, status, reason)
            select ${row!.id}, x.position, x.address, x.phone, x.name, x.contact_id, x.variables, x.status, x.reason
            from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) as x(position int, address text, phone text, name text, contact_id uuid, variables jsonb, status text, reason text)
            on conflict do nothing`);
        }
        return row!;
      });
    },

    async find(id: string): Promise<CampaignRow | undefined> {
      const [row] = await db.select().from(campaigns).where(eq(campaigns.id, id)).limit(1);
      return row;
    },

    listByBot(botId: string): Promise<CampaignRow[]> {
      return db.select().from(campaigns).where(eq(campaigns.botId, botId)).orderBy(desc(campaigns.createdAt), desc(campaigns.id));
    },

    /** Campaigns a worker should be sending now (running), or starting (scheduled and due). */
    async due(now: Date): Promise<CampaignRow[]> {
      return db
        .select()
        .from(campaigns)
        .where(sql`${campaigns.status} = 'running' or (${campaigns.status} = 'scheduled' and ${campaigns.scheduledAt} <= ${now})`);
    },

    /** Moves a campaign between statuses, only from those given; answers it when it moved. */
    async transition(id: string, from: CampaignStatus[], to: CampaignStatus, patch: Partial<Pick<CampaignRow, 'pauseReason' | 'startedAt' | 'finishedAt' | 'scheduledAt' | 'nextSendAt'>> = {}): Promise<CampaignRow | undefined> {
      const [row] = await db
        .update(campaigns)
        .set({ status: to, ...patch, updatedAt: new Date() })
        .where(and(eq(campaigns.id, id), inArray(campaigns.status, from)))
        .returning();
      return row;
    },

    async setNextSendAt(id: string, at: Date | null): Promise<void> {
      await db.update(campaigns).set({ nextSendAt: at }).where(eq(campaigns.id, id));
    },

    /** Counts of each campaign, by recipient status, in one grouped read. */
    async counts(ids: string[]): Promise<Map<string, CampaignCounts>> {
      const out = new Map(ids.map((id) => [id, emptyCounts()]));
      if (!ids.length) return out;
      const rows = await queryRows<{ campaign_id: string; status: RecipientStatus; n: number; replied: number; opted_out: number }>(
        db,
        sql`select campaign_id, status, count(*)::int as n, count(replied_at)::int as replied, count(opted_out_at)::int as opted_out
          from campaign_recipients where campaign_id = any(${uuids(ids)}) group by campaign_id, status`,
      );
      for (const r of rows) {
        const c = out.get(r.campaign_id)!;
        c.total += r.n;
        c.replied += r.replied;
        c.optedOut += r.opted_out;
        // Sent counts everything that left: delivered and read ones too; queued counts those waiting or under way.
        if (r.status === 'queued' || r.status === 'sending') c.queued += r.n;
        else if (r.status === 'failed') c.failed += r.n;
        else if (r.status === 'skipped') c.skipped += r.n;
        else {
          c.sent += r.n;
          if (r.status === 'delivered' || r.status === 'read') c.delivered += r.n;
          if (r.status === 'read') c.read += r.n;
        }
      }
      return out;
    },

    /** One page of recipients in audience order, from `after` (a position). */
    async recipients(campaignId: string, filter: RecipientFilter | undefined, after: number, limit: number): Promise<RecipientRow[]> {
      const where = [eq(campaignRecipients.campaignId, campaignId), sql`${campaignRecipients.position} > ${after}`];
      if (filter === 'replied') where.push(sql`${campaignRecipients.repliedAt} is not null`);
      else if (filter === 'optedOut') where.push(sql`${campaignRecipients.optedOutAt} is not null`);
      else if (filter === 'sent') where.push(inArray(campaignRecipients.status, ['sent', 'delivered', 'read']));
      else if (filter === 'delivered') where.push(inArray(campaignRecipients.status, ['delivered', 'read']));
      else if (filter) where.push(eq(campaignRecipients.status, filter));
      return db.select().from(campaignRecipients).where(and(...where)).orderBy(campaignRecipients.position).limit(limit);
    },

    async firstRecipient(campaignId: string): Promise<RecipientRow | undefined> {
      const [row] = await db.select().from(campaignRecipients).where(eq(campaignRecipients.campaignId, campaignId)).orderBy(campaignRecipients.position).limit(1);
      return row;
    },

    /**
     * Claims up to `limit` recipients due now, in audience order, for one send each: `sending`
     * with a fresh claim token. Rows another worker holds are skipped, never waited for.
     */
    async claim(campaignId: string, limit: number, now: Date): Promise<RecipientRow[]> {
      const token = randomUUID();
      return queryRows<RecipientRow>(
        db,
        sql`update campaign_recipients r set status = 'sending', claim_token = ${token}, claimed_at = ${now}
          where r.id in (select id from campaign_recipients
            where campaign_id = ${campaignId} and status = 'queued' and (not_before is null or not_before <= ${now})
            order by position limit ${limit} for update skip locked)
          returning r.id, r.campaign_id as "campaignId", r.position, r.address, r.phone, r.name, r.contact_id as "contactId", r.variables,
            r.status, r.attempts, r.message_id as "messageId", r.claim_token as "claimToken"`,
      );
    },

    /** Claims that outlived `olderThan` (their worker died): taken again with a new token, to be looked at once more. */
    async reclaimStale(campaignId: string, olderThan: Date, now: Date, limit: number): Promise<RecipientRow[]> {
      const token = randomUUID();
      return queryRows<RecipientRow>(
        db,
        sql`update campaign_recipients r set claim_token = ${token}, claimed_at = ${now}
          where r.id in (select id from campaign_recipients
            where campaign_id = ${campaignId} and status = 'sending' and claimed_at < ${olderThan}
            order by position limit ${limit} for update skip locked)
          returning r.id, r.campaign_id as "campaignId", r.position, r.address, r.phone, r.name, r.contact_id as "contactId", r.variables,
            r.status, r.attempts, r.message_id as "messageId", r.claim_token as "claimToken"`,
      );
    },

    /** Links claimed recipients to the outbound messages they go out as (kept if the worker dies). */
    async linkMessages(links: { id: string; messageId: string; contactId: string }[]): Promise<void> {
      if (!links.length) return;
      await db.execute(sql`update campaign_recipients r set message_id = x.message_id, contact_id = x.contact_id
        from jsonb_to_recordset(${JSON.stringify(links.map((l) => ({ id: l.id, message_id: l.messageId, contact_id: l.contactId })))}::jsonb) as x(id uuid, message_id uuid, contact_id uuid)
        where r.id = x.id`);
    },

    /** Finishes claimed sends in one statement; a status a webhook already moved further is kept. */
    async finish(outcomes: SendOutcome[]): Promise<void> {
      if (!outcomes.length) return;
      const rows = outcomes.map((o) => ({
        id: o.id,
        status: o.status,
        external_id: o.status === 'sent' ? o.externalId : null,
        reason: o.status === 'failed' || o.status === 'skipped' ? o.reason : null,
        meta_code: o.status === 'failed' || o.status === 'skipped' ? o.metaCode : null,
        at: o.status === 'retry' ? null : o.at.toISOString(),
        not_before: o.status === 'retry' ? o.notBefore.toISOString() : null,
        fresh: o.status === 'retry' && Boolean(o.fresh),
      }));
      await db.execute(sql`update campaign_recipients r set
          status = case when x.status = 'retry' then 'queued' when r.status = 'sending' then x.status else r.status end,
          external_id = coalesce(r.external_id, x.external_id),
          reason = case when x.status in ('failed', 'skipped') then x.reason else r.reason end,
          meta_code = case when x.status in ('failed', 'skipped') then x.meta_code else r.meta_code end,
          sent_at = case when x.status = 'sent' then coalesce(r.sent_at, x.at) else r.sent_at end,
          failed_at = case when x.status = 'failed' then x.at else r.failed_at end,
          not_before = x.not_before,
          message_id = case when x.fresh then null else r.message_id end,
          attempts = r.attempts + case when x.status = 'retry' then 1 else 0 end,
          claim_token = null, claimed_at = null
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(id uuid, status text, external_id text, reason text, meta_code int, at timestamptz, not_before timestamptz, fresh boolean)
        where r.id = x.id and r.status in ('sending', 'sent', 'delivered', 'read')`);
    },

    /**
     * A status of a campaign's message from the channel's webhook: the recipient moves forward
     * (sent → delivered → read) or fails with its reason; a repeat changes nothing.
     */
    async applyStatus(messageId: string, status: 'sent' | 'delivered' | 'read' | 'failed', at: Date, failure?: { reason: CampaignReason; metaCode: number | null }): Promise<RecipientRow | undefined> {
      const rank = sql`(case r.status when 'queued' then 0 when 'sending' then 1 when 'sent' then 2 when 'delivered' then 3 when 'read' then 4 else 5 end)`;
      const to = { sent: 2, delivered: 3, read: 4, failed: 5 }[status];
      const [row] = await queryRows<RecipientRow>(
        db,
        sql`update campaign_recipients r set status = ${status},
            sent_at = coalesce(r.sent_at, ${at}),
            delivered_at = case when ${status} in ('delivered', 'read') then coalesce(r.delivered_at, ${at}) else r.delivered_at end,
            read_at = case when ${status} = 'read' then coalesce(r.read_at, ${at}) else r.read_at end,
            failed_at = case when ${status} = 'failed' then ${at} else r.failed_at end,
            reason = ${failure?.reason ?? null}::text, meta_code = ${failure?.metaCode ?? null}::int,
            claim_token = null, claimed_at = null
          where r.message_id = ${messageId} and ${rank} < ${to} and r.status not in ('failed', 'skipped')
          returning r.campaign_id as "campaignId"`,
      );
      return row;
    },

    /** Replies within the window after a campaign's message in that conversation: the recipients that sent it count as replied. */
    async markReplied(conversationId: string, at: Date, windowHours: number): Promise<string[]> {
      const rows = await queryRows<{ campaign_id: string }>(
        db,
        // Found by the contact's recent sends (an index probe that finds nothing for a customer no
        // campaign reached), not by reading the conversation's every message: this runs on every
        // message a customer sends.
        sql`update campaign_recipients r set replied_at = ${at}
          where r.contact_id = (select v.contact_id from conversations v where v.id = ${conversationId})
            and r.sent_at <= ${at} and r.sent_at > ${new Date(at.getTime() - windowHours * 3_600_000)} and r.replied_at is null
            and exists (select 1 from messages m where m.id = r.message_id and m.conversation_id = ${conversationId})
          returning r.campaign_id`,
      );
      return [...new Set(rows.map((r) => r.campaign_id))];
    },

    /** A contact who opted out: their recipients of every campaign carry the mark; those still waiting are skipped. */
    async markOptedOut(contactId: string, at: Date): Promise<string[]> {
      const rows = await queryRows<{ campaign_id: string }>(
        db,
        sql`update campaign_recipients r set opted_out_at = coalesce(r.opted_out_at, ${at}),
            status = case when r.status = 'queued' then 'skipped' else r.status end,
            reason = case when r.status = 'queued' then 'OPTED_OUT' else r.reason end
          where r.contact_id = ${contactId} and (r.opted_out_at is null or r.status = 'queued')
          returning r.campaign_id`,
      );
      return [...new Set(rows.map((r) => r.campaign_id))];
    },

    /** Recipients that failed for a reason that paused the campaign (never sent) wait again, with a new message. */
    async requeue(campaignId: string, reasons: CampaignReason[]): Promise<void> {
      await db.execute(sql`update campaign_recipients set status = 'queued', reason = null, meta_code = null, failed_at = null, message_id = null,
          attempts = attempts + 1, not_before = null
        where campaign_id = ${campaignId} and status = 'failed' and reason = any(${texts(reasons)})`);
    },

    /** Recipients still waiting are skipped with `reason` (a cancelled campaign). */
    async skipWaiting(campaignId: string, reason: CampaignReason): Promise<void> {
      await db.execute(sql`update campaign_recipients set status = 'skipped', reason = ${reason} where campaign_id = ${campaignId} and status = 'queued'`);
    },

    /** Whether recipients are left to send or under way. */
    async pending(campaignId: string): Promise<{ queued: number; sending: number; nextAt: Date | null }> {
      const [row] = await queryRows<{ queued: number; sending: number; next_at: string | null }>(
        db,
        sql`select count(*) filter (where status = 'queued')::int as queued, count(*) filter (where status = 'sending')::int as sending,
            min(not_before) filter (where status = 'queued') as next_at
          from campaign_recipients where campaign_id = ${campaignId} and status in ('queued', 'sending')`,
      );
      return { queued: row?.queued ?? 0, sending: row?.sending ?? 0, nextAt: row?.next_at ? new Date(row.next_at) : null };
    },

    /** Sends finished and failed so far (the failure rate's figures). */
    async outcomes(campaignId: string): Promise<{ done: number; failed: number }> {
      const [row] = await queryRows<{ done: number; failed: number }>(
        db,
        sql`select count(*) filter (where status in ('sent', 'delivered', 'read', 'failed'))::int as done, count(*) filter (where status = 'failed')::int as failed
          from campaign_recipients where campaign_id = ${campaignId}`,
      );
      return { done: row?.done ?? 0, failed: row?.failed ?? 0 };
    },

    /**
     * Refreshes the planner's statistics of the tables a campaign fills as it sends (a new contact,
     * its id on the channel, a conversation and a message per person): a 100,000-person audience
     * of new people grows them faster than autovacuum analyses them, and plans made for the small
     * tables they were (walking a bot's every identity per person) would slow each batch down
     * in proportion to what is already sent.
     */
    async refreshStatistics(): Promise<void> {
      await db.execute(sql`analyze contacts, contact_identities, conversations, messages, campaign_recipients`);
    },

    async saveUpload(values: typeof campaignUploads.$inferInsert): Promise<UploadRow> {
      const [row] = await db.insert(campaignUploads).values(values).returning();
      return row!;
    },

    async findUpload(id: string, botId: string, now: Date): Promise<UploadRow | undefined> {
      const [row] = await db
        .select()
        .from(campaignUploads)
        .where(and(eq(campaignUploads.id, id), eq(campaignUploads.botId, botId), sql`${campaignUploads.expiresAt} > ${now}`))
        .limit(1);
      return row;
    },

    async dropExpiredUploads(now: Date): Promise<void> {
      await db.delete(campaignUploads).where(lt(campaignUploads.expiresAt, now));
    },

    /**
     * Takes `n` tokens of a shared bucket (`ratePerSecond`, a burst of a twentieth of a second, so
     * no second ever holds more than the rate; half the rate while slowed down): answers how long
     * the caller waits before its sends may go.
     */
    async takeTokens(key: string, n: number, ratePerSecond: number, now: Date): Promise<number> {
      await db.insert(campaignPacing).values({ key, tokens: ratePerSecond / 20, refilledAt: now }).onConflictDoNothing();
      const [row] = await queryRows<{ tokens: number; rate: number }>(
        db,
        sql`update campaign_pacing set
            tokens = least(x.rate / 20, tokens + greatest(0, extract(epoch from (${now}::timestamptz - refilled_at))) * x.rate) - ${n},
            refilled_at = greatest(refilled_at, ${now}::timestamptz)
          from (select case when slow_until > ${now}::timestamptz then ${ratePerSecond}::float8 / 2 else ${ratePerSecond}::float8 end as rate from campaign_pacing where key = ${key}) x
          where key = ${key}
          returning tokens, x.rate`,
      );
      const tokens = Number(row?.tokens ?? 0);
      return tokens >= 0 ? 0 : Math.ceil((-tokens * 1000) / Number(row?.rate ?? ratePerSecond));
    },

    /** Meta asked the number to slow down: half the rate until `until`. */
    async slowDown(key: string, until: Date): Promise<void> {
      await db.update(campaignPacing).set({ slowUntil: until }).where(eq(campaignPacing.key, key));
    },

    /** The human pace's state of a number (WhatsApp by QR). */
    async humanPace(key: string): Promise<{ nextAt: Date | null; day: string | null; sentToday: number }> {
      const [row] = await db.select().from(campaignPacing).where(eq(campaignPacing.key, key)).limit(1);
      return { nextAt: row?.nextAt ?? null, day: row?.day ?? null, sentToday: row?.sentToday ?? 0 };
    },

    /**
     * Books the number's next human-paced send: only when its state is still what the caller read
     * (another process did not send meanwhile). True when the turn is the caller's.
     */
    async bookHumanSend(key: string, seen: { nextAt: Date | null; day: string | null; sentToday: number }, next: { nextAt: Date; day: string; sentToday: number }): Promise<boolean> {
      await db.insert(campaignPacing).values({ key }).onConflictDoNothing();
      const rows = await db
        .update(campaignPacing)
        .set({ nextAt: next.nextAt, day: next.day, sentToday: next.sentToday })
        .where(
          and(
            eq(campaignPacing.key, key),
            seen.nextAt ? eq(campaignPacing.nextAt, seen.nextAt) : sql`${campaignPacing.nextAt} is null`,
            eq(campaignPacing.sentToday, seen.sentToday),
          ),
        )
        .returning({ key: campaignPacing.key });
      return rows.length > 0;
    },

    /** Which of these stage ids are not stages of the bot's pipeline. */
    async unknownStages(botId: string, ids: string[]): Promise<string[]> {
      const rows = await queryRows<{ id: string }>(db, sql`select s.id from unnest(${uuids(ids)}) as s(id) where not exists (select 1 from pipeline_stages p where p.id = s.id and p.bot_id = ${botId})`);
      return rows.map((r) => r.id);
    },

    /**
     * The bot's CRM contacts the filters choose, in the CRM's order, with their id on the channel
     * and when they last wrote on it (at most `limit`).
     */
    async crmAudience(botId: string, channel: CampaignChannel, f: CampaignCrmFilters, limit: number): Promise<AudienceContact[]> {
      const where: SQL[] = [sql`c.bot_id = ${botId}`, sql`not c.playground`];
      if (f.stageIds?.length) where.push(sql`c.stage_id = any(${uuids(f.stageIds)})`);
      if (f.tags?.length) where.push(sql`c.tags && ${texts(f.tags)}`);
      if (f.channel) where.push(sql`exists (select 1 from contact_identities i where i.contact_id = c.id and i.channel = ${f.channel})`);
      const last = sql`(select max(v.last_message_at) from conversations v where v.contact_id = c.id)`;
      if (f.lastContactBefore) where.push(sql`${last} < ${new Date(f.lastContactBefore)}`);
      if (f.lastContactAfter) where.push(sql`${last} > ${new Date(f.lastContactAfter)}`);
      const rows = await queryRows<{ id: string; name: string; phone: string; marketing_consent: boolean; identity: string | null; last_inbound_at: string | Date | null }>(
        db,
        sql`select c.id, c.name, c.phone, c.marketing_consent,
            (select i.external_id from contact_identities i where i.contact_id = c.id and i.channel = ${channel} order by i.external_id limit 1) as identity,
            (select max(v.last_inbound_at) from conversations v where v.contact_id = c.id and v.channel = ${channel}) as last_inbound_at
          from contacts c where ${sql.join(where, sql` and `)}
          order by c.created_at, c.id limit ${limit}`,
      );
      return rows.map((r) => ({ id: r.id, name: r.name, phone: r.phone, consent: r.marketing_consent, identity: r.identity, lastInboundAt: r.last_inbound_at ? new Date(r.last_inbound_at) : null }));
    },

    /** The digits of every phone of the bot's contacts who opted out (their phone, and their WhatsApp ids). */
    async optedOutDigits(botId: string): Promise<Set<string>> {
      const rows = await queryRows<{ d: string }>(
        db,
        sql`select regexp_replace(c.phone, '[^0-9]', '', 'g') as d from contacts c where c.bot_id = ${botId} and c.marketing_consent = false and c.phone <> ''
          union select regexp_replace(i.external_id, '[^0-9]', '', 'g') from contact_identities i join contacts c on c.id = i.contact_id
          where c.bot_id = ${botId} and c.marketing_consent = false and i.channel in ('whatsapp', 'whatsmeow') and i.external_id not like '%@lid'`,
      );
      return new Set(rows.map((r) => r.d).filter(Boolean));
    },

    /** A finished campaign's recipients as they ended (the demo account's history), by audience position. */
    async recordOutcomes(campaignId: string, rows: { position: number; status: RecipientStatus; reason?: CampaignReason; metaCode?: number; sentAt?: Date; deliveredAt?: Date; readAt?: Date; failedAt?: Date; repliedAt?: Date }[]): Promise<void> {
      if (!rows.length) return;
      const values = rows.map((r) => ({
        position: r.position, status: r.status, reason: r.reason ?? null, meta_code: r.metaCode ?? null,
        sent_at: r.sentAt?.toISOString() ?? null, delivered_at: r.deliveredAt?.toISOString() ?? null, read_at: r.readAt?.toISOString() ?? null,
        failed_at: r.failedAt?.toISOString() ?? null, replied_at: r.repliedAt?.toISOString() ?? null,
      }));
      await db.execute(sql`update campaign_recipients r set status = x.status, reason = x.reason, meta_code = x.meta_code, sent_at = x.sent_at,
          delivered_at = x.delivered_at, read_at = x.read_at, failed_at = x.failed_at, replied_at = x.replied_at
        from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as x(position int, status text, reason text, meta_code int, sent_at timestamptz, delivered_at timestamptz, read_at timestamptz, failed_at timestamptz, replied_at timestamptz)
        where r.campaign_id = ${campaignId} and r.position = x.position`);
    },

    async setPause(id: string, reason: CampaignPauseReason): Promise<CampaignRow | undefined> {
      const [row] = await db
        .update(campaigns)
        .set({ status: 'paused', pauseReason: reason, updatedAt: new Date() })
        .where(and(eq(campaigns.id, id), eq(campaigns.status, 'running')))
        .returning();
      return row;
    },
  };
}

export type CampaignsRepository = ReturnType<typeof campaignsRepository>;
