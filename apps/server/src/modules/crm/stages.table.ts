import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bots } from '../bots/bots.table.ts';

/** A bot's pipeline stages, in `position` order (the CRM board's columns). */
export const pipelineStages = pgTable(
  'pipeline_stages',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    botId: uuid('bot_id').notNull().references(() => bots.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    color: text('color').notNull(),
    position: integer('position').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('pipeline_stages_bot_idx').on(t.botId, t.position)],
);
