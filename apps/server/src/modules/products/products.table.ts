import { sql } from 'drizzle-orm';
import { index, integer, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { jsonb } from '../../lib/pg-types.ts';
import { bots } from '../bots/bots.table.ts';

/** The catalog: prices are exact decimals with their currency. */
export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    botId: uuid('bot_id').notNull().references(() => bots.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    price: numeric('price', { precision: 14, scale: 2 }),
    currency: text('currency').notNull().default('MXN'),
    sku: text('sku').notNull().default(''),
    stock: integer('stock'),
    url: text('url').notNull().default(''),
    imageUrl: text('image_url').notNull().default(''),
    attributes: jsonb('attributes').$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('products_bot_idx').on(t.botId, t.name),
    uniqueIndex('products_bot_sku_idx').on(t.botId, t.sku).where(sql`sku <> ''`),
  ],
);
