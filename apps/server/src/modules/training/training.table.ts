import { sql } from 'drizzle-orm';
import { documentStatuses, trainingTypes } from '@charla/shared';
import { bigserial, boolean, customType, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { jsonb, tsvector } from '../../lib/pg-types.ts';
import { bots } from '../bots/bots.table.ts';
import { products } from '../products/products.table.ts';

/** A training document (spec section 3) and its processing state. */
export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    botId: uuid('bot_id').notNull().references(() => bots.id, { onDelete: 'cascade' }),
    documentName: text('document_name').notNull(),
    mimeType: text('mime_type').notNull(),
    trainingType: text('training_type', { enum: trainingTypes }).notNull(),
    /** What the bot learned: the pasted text, or the text extracted from the file or page. */
    content: text('content').notNull().default(''),
    /** Where the original came from: a URL, or the stored file's key. */
    source: text('source').notNull().default(''),
    specialRecipient: text('special_recipient'),
    sizeBytes: integer('size_bytes').notNull().default(0),
    status: text('status', { enum: documentStatuses }).notNull().default('processing'),
    errorCode: text('error_code'),
    /** The reason shown to the owner, in both languages. */
    errorReason: jsonb('error_reason').$type<{ es: string; en: string }>(),
    chunkCount: integer('chunk_count').notNull().default(0),
    isDeleted: boolean('is_deleted').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('documents_bot_idx').on(t.botId, t.createdAt)],
);

/**
 * Searchable passages of a bot's documents and catalog. `search_text` is the normalized text
 * (lower case, no accents, no thousands separators); `tsv` its full-text vector in the bot's language.
 */
export const chunks = pgTable(
  'chunks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    botId: uuid('bot_id').notNull().references(() => bots.id, { onDelete: 'cascade' }),
    documentId: uuid('document_id').references(() => documents.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'cascade' }),
    ordinal: integer('ordinal').notNull().default(0),
    heading: text('heading').notNull().default(''),
    content: text('content').notNull(),
    searchText: text('search_text').notNull(),
    tsv: tsvector('tsv').notNull(),
  },
  (t) => [
    index('chunks_document_idx').on(t.documentId),
    index('chunks_product_idx').on(t.productId),
    index('chunks_bot_idx').on(t.botId),
    // No pending list (fastupdate): PGlite never vacuums, so every search would scan it whole.
    // No bot_id inside (btree_gin): on PGlite such GIN indexes trap the database (migration 0011).
    index('chunks_tsv_idx').using('gin', t.tsv).with({ fastupdate: 'off' }),
  ],
);

/**
 * The words a bot's knowledge uses (normalized, 4 letters or more): a customer's misspelled word
 * is corrected against this short list (trigram similarity on its index) instead of against
 * every passage, so typo tolerance costs the same with 10 or 10,000 passages.
 */
export const botWords = pgTable(
  'bot_words',
  {
    botId: uuid('bot_id').notNull().references(() => bots.id, { onDelete: 'cascade' }),
    word: text('word').notNull(),
  },
  (t) => [
    // Unique by word and bot, with the bot as text: no b-tree here answers "all of a bot's words",
    // so the planner reads them through the trigram index instead of comparing every one.
    uniqueIndex('bot_words_word_bot_idx').on(t.word, sql`(${t.botId}::text)`),
    index('bot_words_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`).with({ fastupdate: 'off' }),
  ],
);

/** Text compared byte by byte, so a prefix is a range of the primary key ("tiend" ≤ x < "tiend" + U+10FFFF). */
const byteText = customType<{ data: string }>({ dataType: () => 'text collate "C"' });

/**
 * How many of a bot's passages hold each lexeme of its full-text vectors (document frequency).
 * Kept by statement triggers on `chunks` (insert, update, delete, cascades included), so it is
 * exact after every indexing or deletion. A question's words are looked up here first: the
 * rarest say most, and the common ones are not worth reading thousands of rows for.
 */
export const botTerms = pgTable(
  'bot_terms',
  {
    botId: uuid('bot_id').notNull().references(() => bots.id, { onDelete: 'cascade' }),
    lexeme: byteText('lexeme').notNull(),
    df: integer('df').notNull(),
  },
  (t) => [primaryKey({ columns: [t.botId, t.lexeme] })],
);
