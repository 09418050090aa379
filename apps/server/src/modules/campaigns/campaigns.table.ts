import { sql } from 'drizzle-orm';
import {
  campaignChannels,
  campaignPauseReasons,
  campaignReasons,
  campaignStatuses,
  recipientStatuses,
  type CampaignAudienceSummary,
  type CampaignMessage,
} from '@charla/shared';
import { doublePrecision, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { jsonb } from '../../lib/pg-types.ts';
import { users } from '../auth/auth.table.ts';
import { bots } from '../bots/bots.table.ts';

/** A mass send of one bot on one channel; its people are its recipients. */
export const campaigns = pgTable(
  'campaigns',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    botId: uuid('bot_id').notNull().references(() => bots.id, { onDelete: 'cascade' }),
    /** The account whose plan pays for the messages (the bot's owner). */
    accountId: uuid('account_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    channel: text('channel', { enum: campaignChannels }).notNull(),
    status: text('status', { enum: campaignStatuses }).notNull(),
    pauseReason: text('pause_reason', { enum: campaignPauseReasons }),
    audience: jsonb('audience').$type<CampaignAudienceSummary>().notNull(),
    message: jsonb('message').$type<CampaignMessage>().notNull(),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** WhatsApp by QR: the next send waits until then (the pause between messages, the daily cap, the hours). */
    nextSendAt: timestamp('next_send_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('campaigns_bot_idx').on(t.botId, t.createdAt.desc()), index('campaigns_running_idx').on(t.status).where(sql`status in ('running', 'scheduled')`)],
);

/**
 * One person of a campaign, unique per campaign and address: claimed (`sending`, with a claim
 * token and time) before the network call and finished after it with the provider's id, so a
 * crash leaves a claim that is looked at again, never a second message.
 */
export const campaignRecipients = pgTable(
  'campaign_recipients',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    campaignId: uuid('campaign_id').notNull().references(() => campaigns.id, { onDelete: 'cascade' }),
    /** The audience's order. */
    position: integer('position').notNull(),
    /** Where the message goes: the phone in E.164 (WhatsApp), the page-scoped id (Messenger, Instagram). */
    address: text('address').notNull(),
    phone: text('phone').notNull().default(''),
    name: text('name').notNull().default(''),
    contactId: uuid('contact_id'),
    variables: jsonb('variables').$type<Record<string, string>>().notNull().default({}),
    status: text('status', { enum: recipientStatuses }).notNull().default('queued'),
    reason: text('reason', { enum: campaignReasons }),
    metaCode: integer('meta_code'),
    /** Tries of a send Meta asked to repeat later (130429, 131056). */
    attempts: integer('attempts').notNull().default(0),
    /** Not sent before this moment (a retry later). */
    notBefore: timestamp('not_before', { withTimezone: true }),
    claimToken: uuid('claim_token'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /** The outbound message of the conversations module this recipient goes out as (its idempotency key is the recipient's id). */
    messageId: uuid('message_id'),
    externalId: text('external_id'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    readAt: timestamp('read_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    optedOutAt: timestamp('opted_out_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('campaign_recipients_key').on(t.campaignId, t.address),
    index('campaign_recipients_order_idx').on(t.campaignId, t.position),
    index('campaign_recipients_status_idx').on(t.campaignId, t.status, t.position),
    uniqueIndex('campaign_recipients_message_key').on(t.messageId).where(sql`message_id is not null`),
    index('campaign_recipients_contact_idx').on(t.contactId, t.sentAt).where(sql`contact_id is not null`),
  ],
);

/** A CSV of recipients read by the audience preview, kept a day for the campaign that names it. */
export const campaignUploads = pgTable(
  'campaign_uploads',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    botId: uuid('bot_id').notNull().references(() => bots.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    columns: text('columns').array().notNull(),
    rows: jsonb('rows').$type<{ phone: string; name: string; variables: Record<string, string> }[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('campaign_uploads_bot_idx').on(t.botId, t.createdAt)],
);

/**
 * The pace of one sending number, shared by every process: a token bucket (WhatsApp Cloud) and
 * the human pace of WhatsApp by QR (the next moment a message may go, the day's count).
 */
export const campaignPacing = pgTable('campaign_pacing', {
  /** `<channel>:<bot id>`. */
  key: text('key').primaryKey(),
  tokens: doublePrecision('tokens').notNull().default(0),
  refilledAt: timestamp('refilled_at', { withTimezone: true }).notNull().defaultNow(),
  /** Until then the rate is halved (Meta answered 130429). */
  slowUntil: timestamp('slow_until', { withTimezone: true }),
  nextAt: timestamp('next_at', { withTimezone: true }),
  day: text('day'),
  sentToday: integer('sent_today').notNull().default(0),
});
