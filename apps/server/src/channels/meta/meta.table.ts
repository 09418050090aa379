import { sql } from 'drizzle-orm';
import { bigserial, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { jsonb } from '../../lib/pg-types.ts';
import { channelStates, metaChannels, metaRegisterSteps } from '@charla/shared';
import { bots } from '../../modules/bots/bots.table.ts';
import { messages } from '../../modules/conversations/conversations.table.ts';

/** The template a WhatsApp number sends when the 24-hour window is closed. */
export interface ReopenTemplate {
  name: string;
  /** Meta's language code of the template ("es_MX"). */
  language: string;
  /** The template has one body variable ({{1}}) that receives the reply's text. */
  withText: boolean;
}

/** Progress of connecting a number, kept so a failed step can be retried without starting over. */
export interface ConnectionSetup {
  /** SHA-256 of the signup code already exchanged, and the token it gave (sealed). */
  codeHash?: string;
  tokenSealed?: string;
  /** The two-step verification PIN made for the number (sealed). */
  pinSealed?: string;
}

/**
 * The state of a bot's Meta channel beside its credentials (which stay on the bot): whether Meta
 * refused the token, the last error in words, the setup progress and the closed-window template.
 */
export const channelConnections = pgTable(
  'channel_connections',
  {
    botId: uuid('bot_id').notNull().references(() => bots.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: metaChannels }).notNull(),
    state: text('state', { enum: channelStates }).notNull().default('disconnected'),
    /** SHA-256 of the sealed token the state was recorded for: a new token clears needs_reauth. */
    tokenRef: text('token_ref'),
    lastErrorCode: text('last_error_code'),
    lastErrorMetaCode: integer('last_error_meta_code'),
    /** Meta's own words (never a token), for support. */
    lastErrorDetail: text('last_error_detail'),
    /** The step of connecting that failed (exchange, subscribe, register). */
    lastErrorStep: text('last_error_step', { enum: metaRegisterSteps }),
    lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
    setup: jsonb('setup').$type<ConnectionSetup>().notNull().default({}),
    template: jsonb('template').$type<ReopenTemplate>(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.botId, t.channel], name: 'channel_connections_pkey' })],
);

export const sendStates = ['sending', 'retry', 'sent', 'failed', 'unconfirmed'] as const;
export type SendState = (typeof sendStates)[number];

/**
 * One row per outbound message handed to Meta: claimed ('sending') before the Graph call, so a
 * retried job never calls Meta twice for one message. 'retry': Meta answered that nothing was sent
 * (rate limit, outage), the next attempt may call again. 'unconfirmed': the call's outcome is
 * unknown (time-out, dropped connection, crash): never retried.
 */
export const channelSends = pgTable(
  'channel_sends',
  {
    messageId: uuid('message_id')
      .primaryKey()
      .references(() => messages.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: metaChannels }).notNull(),
    state: text('state', { enum: sendStates }).notNull(),
    attempts: integer('attempts').notNull().default(1),
    /** Meta's id of the sent message (wamid, mid). */
    externalId: text('external_id'),
    errorCode: text('error_code'),
    metaCode: integer('meta_code'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('channel_sends_external_key').on(t.channel, t.externalId).where(sql`external_id is not null`)],
);

export const deliveryStatuses = ['sent', 'delivered', 'read', 'failed'] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];

/**
 * Every status Meta reported for a sent message, once each (a redelivered webhook is a no-op). A
 * status that arrives before its message's id is known waits here and is applied when it is.
 */
export const messageStatusEvents = pgTable(
  'message_status_events',
  {
    channel: text('channel', { enum: metaChannels }).notNull(),
    externalId: text('external_id').notNull(),
    status: text('status', { enum: deliveryStatuses }).notNull(),
    metaCode: integer('meta_code'),
    detail: text('detail'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.channel, t.externalId, t.status], name: 'message_status_events_pkey' })],
);

/**
 * Verified webhook deliveries as Meta sent them, appended before the 200 and read in order after
 * it (`webhook-inbox.ts`); a row leaves once every event in it is applied.
 */
export const webhookInbox = pgTable('webhook_inbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  /** The signed body, as text (it was checked to be JSON before the append). */
  body: text('body').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  /** Reads that failed to apply it; past the limit it stays for a person to look at. */
  attempts: integer('attempts').notNull().default(0),
  lastError: text('last_error'),
});

/** The one process reading the webhook inbox at a time, by a lease it renews while it reads. */
export const webhookInboxReader = pgTable('webhook_inbox_reader', {
  id: integer('id').primaryKey(),
  holder: text('holder').notNull(),
  until: timestamp('until', { withTimezone: true }).notNull(),
});
