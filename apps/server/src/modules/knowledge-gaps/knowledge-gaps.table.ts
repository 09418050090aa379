import { sql } from 'drizzle-orm';
import { knowledgeGapStatuses } from '@charla/shared';
import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { jsonb } from '../../lib/pg-types.ts';
import { users } from '../auth/auth.table.ts';
import { bots } from '../bots/bots.table.ts';
import { contacts } from '../conversations/conversations.table.ts';
import { documents } from '../training/training.table.ts';

/**
 * A question customers asked that the bot could not answer (its fallback, or a hand-off for lack
 * of information), with the similar questions of other customers grouped in it. Answered, it
 * becomes a text entry of the bot's knowledge (`document_id`).
 */
export const knowledgeGaps = pgTable(
  'knowledge_gaps',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    botId: uuid('bot_id').notNull().references(() => bots.id, { onDelete: 'cascade' }),
    /** The first wording customers used. */
    question: text('question').notNull(),
    /** Distinct wordings customers used, the first one first (a few at most). */
    examples: jsonb('examples').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** The question's content words in plain form: what a new question is compared with. */
    words: jsonb('words').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** How many customers asked it (the rows of `knowledge_gap_askers`; 1 for a question taught from a conversation). */
    askedCount: integer('asked_count').notNull().default(0),
    firstAskedAt: timestamp('first_asked_at', { withTimezone: true }).notNull().defaultNow(),
    lastAskedAt: timestamp('last_asked_at', { withTimezone: true }).notNull().defaultNow(),
    status: text('status', { enum: knowledgeGapStatuses }).notNull().default('open'),
    answer: text('answer'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    answeredBy: uuid('answered_by').references(() => users.id, { onDelete: 'set null' }),
    documentId: uuid('document_id').references(() => documents.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('knowledge_gaps_bot_idx').on(t.botId, t.status, t.lastAskedAt)],
);

/** Each customer who asked a gap's question once: a retried turn or a customer asking again counts once. */
export const knowledgeGapAskers = pgTable(
  'knowledge_gap_askers',
  {
    gapId: uuid('gap_id').notNull().references(() => knowledgeGaps.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id').notNull().references(() => contacts.id, { onDelete: 'cascade' }),
    askedAt: timestamp('asked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.gapId, t.contactId] })],
);
