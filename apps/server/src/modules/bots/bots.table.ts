import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ReminderItem, SchedulingItem } from '@charla/shared';
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
  (t) => [
    index('bots_user_idx').on(t.userId, t.createdAt).where(sql`deleted_at is null`),
    // A webhook finds its bot by the phone number id, page id or Instagram account id it names.
    index('bots_meta_credentials_idx').using('gin', sql`${t.metaCredentials} jsonb_path_ops`).with({ fastupdate: false }),
    index('bots_messenger_credentials_idx').using('gin', sql`${t.messengerCredentials} jsonb_path_ops`).with({ fastupdate: false }),
  ],
);
