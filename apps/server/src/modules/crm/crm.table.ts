import { sql } from 'drizzle-orm';
import { stageMovers } from '@charla/shared';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.table.ts';
import { bots } from '../bots/bots.table.ts';
import { contacts } from '../conversations/conversations.table.ts';

/** A person's notes on a contact. */
export const contactNotes = pgTable(
  'contact_notes',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    botId: uuid('bot_id').notNull().references(() => bots.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id').notNull().references(() => contacts.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contact_notes_contact_idx').on(t.contactId, t.createdAt)],
);

/**
 * Each move of a contact between stages, for its timeline. Stage names are kept as they were
 * (a stage renamed or deleted later does not rewrite the history).
 */
export const contactStageChanges = pgTable(
  'contact_stage_changes',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    botId: uuid('bot_id').notNull().references(() => bots.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id').notNull().references(() => contacts.id, { onDelete: 'cascade' }),
    fromStage: text('from_stage'),
    toStage: text('to_stage').notNull(),
    by: text('by', { enum: stageMovers }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('contact_stage_changes_contact_idx').on(t.contactId, t.createdAt),
    // The CRM summary's contacts won per day.
    index('contact_stage_changes_bot_idx').on(t.botId, t.createdAt),
  ],
);
