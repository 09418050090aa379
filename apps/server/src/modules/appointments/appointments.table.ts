import { sql } from 'drizzle-orm';
import { appointmentSources, appointmentStatuses } from '@charla/shared';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { jsonb } from '../../lib/pg-types.ts';
import { bots } from '../bots/bots.table.ts';
import { contacts, conversations, messages } from '../conversations/conversations.table.ts';

/**
 * Appointments of a bot's business. Two booked or confirmed appointments of one bot's customers
 * never overlap: an exclusion constraint in the database (see the migrations) refuses the second
 * one. The owner's tries in the playground (`playground`) are left out of it: they hold no time a
 * customer could book.
 */
export const appointments = pgTable(
  'appointments',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    botId: uuid('bot_id').notNull().references(() => bots.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id').notNull().references(() => contacts.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id').references(() => conversations.id, { onDelete: 'set null' }),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    service: text('service').notNull().default(''),
    notes: text('notes').notNull().default(''),
    status: text('status', { enum: appointmentStatuses }).notNull().default('booked'),
    /** Who booked it: the bot in a conversation, or the owner from the calendar. */
    source: text('source', { enum: appointmentSources }).notNull().default('bot'),
    /** Booked by the owner trying the bot in the playground (its contact's `playground`, set when made). */
    playground: boolean('playground').notNull().default(false),
    /** The `updated_at` its reminder jobs were last set for: when they differ, the jobs are set again. */
    remindersSyncedAt: timestamp('reminders_synced_at', { withTimezone: true }),
    /** The ids of its reminder jobs waiting in the queue. */
    reminderJobs: jsonb('reminder_jobs').$type<string[]>().notNull().default([]),
    /** The bot's reminder settings changed after its jobs were set: they are set again. */
    remindersOutdated: boolean('reminders_outdated').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('appointments_bot_idx').on(t.botId, t.startAt),
    index('appointments_contact_idx').on(t.contactId),
    // The CRM summary's appointments booked per day.
    index('appointments_bot_created_idx').on(t.botId, t.createdAt),
    // The appointments whose reminder jobs are to be set (changed, or the bot's reminders changed): all a sweep reads.
    index('appointments_reminders_due_idx').on(t.updatedAt).where(sql`reminders_synced_at is distinct from updated_at or reminders_outdated`),
  ],
);

/**
 * One row per reminder sent (appointment, offset and the start it announced): the unique key
 * makes a retried reminder job store no second message.
 */
export const appointmentReminders = pgTable(
  'appointment_reminders',
  {
    appointmentId: uuid('appointment_id').notNull().references(() => appointments.id, { onDelete: 'cascade' }),
    minutesBefore: integer('minutes_before').notNull(),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    messageId: uuid('message_id').references(() => messages.id, { onDelete: 'set null' }),
    /** Why nothing was sent (no conversation to send it in), when nothing was. */
    skipped: text('skipped'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('appointment_reminders_key').on(t.appointmentId, t.minutesBefore, t.startAt)],
);

/** The secret of a bot's calendar feed: its SHA-256 to find it, sealed to show the link again. */
export const appointmentFeeds = pgTable('appointment_feeds', {
  botId: uuid('bot_id').primaryKey().references(() => bots.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  tokenSealed: text('token_sealed').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
