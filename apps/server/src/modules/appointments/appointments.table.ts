import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bots } from '../bots/bots.table.ts';
import { contacts, conversations } from '../conversations/conversations.table.ts';

/**
 * Appointments of a bot's business. Two confirmed appointments of one bot never overlap: an
 * exclusion constraint in the database (see the migration) refuses the second one.
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
    status: text('status', { enum: ['confirmed', 'cancelled'] }).notNull().default('confirmed'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('appointments_bot_idx').on(t.botId, t.startAt), index('appointments_contact_idx').on(t.contactId)],
);
