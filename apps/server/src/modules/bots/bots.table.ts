import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { jsonb } from '../../lib/pg-types.ts';
import { metaChannels, type ReminderItem, type SchedulingItem } from '@charla/shared';
import { users } from '../auth/auth.table.ts';

/** A stored credential: the access token sealed with the app's key, the ids in clear. */
export interface StoredCredential {
  access_token_sealed?: string;
  phone_number_id?: string;
  waba_id?: string;
  page_id?: string;
  instagram_account_id?: string;
}

export const bots = pgTable(
  'bots',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    botEnabled: boolean('bot_enabled').notNull().default(true),
    locked: boolean('locked').notNull().default(false),
    lockedReason: text('locked_reason'),
    /** Set while the account's plan allows fewer bots than it has: the bot stays silent and comes back when the plan allows it. */
    switchedOffForPlanAt: timestamp('switched_off_for_plan_at', { withTimezone: true }),
    redirectionEnabled: boolean('redirection_enabled').notNull().default(false),
    redirectionPhone: text('redirection_phone').notNull().default(''),
    /** Minutes a conversation with a person may go unanswered before it returns to the bot (0: never). */
    handoffIdleMinutes: integer('handoff_idle_minutes').notNull().default(30),
    botName: text('bot_name').notNull(),
    botObjective: text('bot_objective').notNull(),
    businessName: text('business_name').notNull(),
    businessDesc: text('business_desc').notNull().default(''),
    businessUrl: text('business_url').notNull().default(''),
    businessPhone: text('business_phone').notNull().default(''),
    welcomeMessage: text('welcome_message').notNull().default(''),
    aboutBot: text('about_bot').notNull().default(''),
    language: text('language').notNull().default('es'),
    purpose: text('purpose').notNull(),
    tone: text('tone').notNull().default('Semiformal'),
    personality: text('personality').notNull().default('Amigable'),
    identity: text('identity').notNull().default('Inteligencia Artificial'),
    responseLength: text('response_length').notNull().default('normal'),
    timezone: text('timezone').notNull().default('America/Mexico_City'),
    scheduling: jsonb('scheduling').$type<SchedulingItem[]>().notNull().default([]),
    reminders: jsonb('reminders').$type<ReminderItem[]>().notNull().default([]),
    metaCredentials: jsonb('meta_credentials').$type<StoredCredential[]>().notNull().default([]),
    messengerCredentials: jsonb('messenger_credentials').$type<StoredCredential[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('bots_user_idx').on(t.userId, t.createdAt).where(sql`deleted_at is null`)],
);

/** The channels whose accounts a bot holds: Meta's three, and WhatsApp by QR (the paired number). */
export const accountChannels = [...metaChannels, 'whatsmeow'] as const;
export type AccountChannel = (typeof accountChannels)[number];

/**
 * Which bot holds each channel account: a WhatsApp phone number id, a Facebook page id, an
 * Instagram account id, or a number paired by QR ("+5213312345678"). The primary key decides who
 * holds an account, so two bots can never both take one; a webhook finds its bot here. A bot
 * holds at most one account per channel (its credentials name one).
 */
export const channelAccounts = pgTable(
  'channel_accounts',
  {
    channel: text('channel', { enum: accountChannels }).notNull(),
    accountId: text('account_id').notNull(),
    botId: uuid('bot_id')
      .notNull()
      .references(() => bots.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.channel, t.accountId], name: 'channel_accounts_pkey' }), uniqueIndex('channel_accounts_bot_key').on(t.botId, t.channel)],
);
