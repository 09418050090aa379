import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { jsonb } from '../../lib/pg-types.ts';
import { bots } from '../bots/bots.table.ts';

/**
 * The owner's saved tests of a bot ("Pruebas del asistente"): a customer's question and the facts
 * its reply must hold (`expect`: every group, any alternative) and must not (`expect_not`), as the
 * conversation evaluation scores them; with the outcome of the latest run.
 */
export const botTests = pgTable(
  'bot_tests',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    botId: uuid('bot_id').notNull().references(() => bots.id, { onDelete: 'cascade' }),
    question: text('question').notNull(),
    expect: jsonb('expect').$type<string[][]>().notNull(),
    expectNot: jsonb('expect_not').$type<string[][]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The latest run: passed or not, the reply it was scored on, and when (null until run). */
    lastPassed: boolean('last_passed'),
    lastReply: text('last_reply'),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
  },
  (t) => [
    index('bot_tests_bot_idx').on(t.botId, t.createdAt),
    // One test per question: the same test sent twice is stored once.
    uniqueIndex('bot_tests_bot_question_idx').on(t.botId, t.question),
  ],
);
