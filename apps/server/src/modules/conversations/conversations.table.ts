import { contactChannels, conversationStatuses, stageMovers, messageAuthors, messageDirections, messageStatuses, type ChosenOption, type NoticeParams, type ReplyChoices } from '@charla/shared';
import { sql } from 'drizzle-orm';
import { bigint, boolean, doublePrecision, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { jsonb } from '../../lib/pg-types.ts';
import { users } from '../auth/auth.table.ts';
import { bots } from '../bots/bots.table.ts';
import { pipelineStages } from '../crm/stages.table.ts';
import { contactSearchIndexText, messageSearchText } from './contact-search.ts';

/**
 * A file of a message. `id`: the channel's media id (WhatsApp); `url`: a link to it; `file`: the
 * copy kept under DATA_DIR/files/media/<botId>/ (a customer's photo, audio or document);
 * `latitude`/`longitude`: a shared location.
 */
export interface StoredMedia {
  type: string;
  id?: string;
  url?: string;
  caption?: string;
  file?: string;
  mime?: string;
  name?: string;
  size?: number;
  latitude?: number;
  longitude?: number;
  /** Why the file could not be kept (too large, the channel refused it). */
  unavailable?: string;
  /** WhatsApp by QR: where WhatsApp keeps the file (encrypted) until it is kept; dropped then. */
  source?: { directPath: string; mediaKey: string; fileLength?: number };
}

/** An approved WhatsApp template as a message carries it. */
export interface TemplateSend {
  name: string;
  language: string;
  /** The message's text fills the body's one {{1}}. */
  withText: boolean;
  /** The body's {{1}}, {{2}}… in order (a campaign's filled variables). */
  parameters?: string[];
  /** The header's file (image, video or document) by link. */
  header?: { type: 'image' | 'video' | 'document'; url: string; filename?: string };
}

export const channels = contactChannels;
export type Channel = (typeof channels)[number];

/** A customer of one bot. One contact may be known on several channels (see contact_identities). */
export const contacts = pgTable(
  'contacts',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    botId: uuid('bot_id').notNull().references(() => bots.id, { onDelete: 'cascade' }),
    name: text('name').notNull().default(''),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    /** The CRM pipeline's stage (null until the bot's stages exist; then the first stage). */
    stageId: uuid('stage_id').references(() => pipelineStages.id, { onDelete: 'set null' }),
    /** The contact's place in its stage's column, smaller first (fractions leave room between cards). */
    stagePosition: doublePrecision('stage_position').notNull().default(0),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    /** false once the contact opted out of marketing (the mass sender skips them). */
    marketingConsent: boolean('marketing_consent').notNull().default(true),
    /** Values of the owner's contact fields, by field id (contact_fields). */
    customFields: jsonb('custom_fields').$type<Record<string, string | number>>().notNull().default({}),
    /** What the bot learnt in the conversation: interest, product, budget. */
    captured: jsonb('captured').$type<{ interest?: string; product?: string; budget?: string }>().notNull().default({}),
    /**
     * What the deal with this contact is worth, in cents of the account's currency (exact
     * integers, summed per stage on the board); null when nobody set it.
     */
    dealValueCents: bigint('deal_value_cents', { mode: 'number' }),
    /** Who placed the contact in its stage last; once a person did, the bot never moves it. */
    stageSetBy: text('stage_set_by', { enum: stageMovers }),
    /**
     * The owner (or a seat) trying the bot in the playground, set when the contact is made: not a
     * customer, so the CRM's list, board, export, summary, the mass sender and the plan's count leave it out.
     */
    playground: boolean('playground').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('contacts_bot_idx').on(t.botId, t.updatedAt),
    index('contacts_crm_idx').on(t.botId, t.createdAt.desc(), t.id.desc()),
    index('contacts_stage_idx').on(t.stageId, t.stagePosition),
    index('contacts_unstaged_idx').on(t.botId).where(sql`stage_id is null`),
    // A bot's playground contacts (a handful), which the CRM summary leaves out of its counts.
    index('contacts_playground_idx').on(t.botId).where(sql`playground`),
    // The CRM's list by name: lower case, no accents, byte order (the expression of crm/contact-sort.ts).
    index('contacts_name_sort_idx').on(t.botId, sql`(translate(lower(${t.name}), 'áàâäãåéèêëíìîïóòôöõúùûüñç', 'aaaaaaeeeeiiiiooooouuuunc') collate "C")`, t.id),
    // The CRM's and the inbox's search (LIKE on name, phone and e-mail together, without accents or
    // case, and the phone's digits; contact-search.ts). A pending list of at most 64 kB:
    // the insert that fills it merges it in bulk (PGlite never vacuums), so an import of thousands
    // of contacts is not one trigram tree descent per word, and a search reads little of it.
    index('contacts_search_idx')
      .using('gin', sql`(${contactSearchIndexText(sql`${t.name}`, sql`${t.phone}`, sql`${t.email}`)}) gin_trgm_ops`)
      .with({ fastupdate: 'on', gin_pending_list_limit: 64 }),
  ],
);

/** How a contact is addressed on a channel: a phone number, a WhatsApp id, a page-scoped id… */
export const contactIdentities = pgTable(
  'contact_identities',
  {
    botId: uuid('bot_id').notNull().references(() => bots.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: channels }).notNull(),
    externalId: text('external_id').notNull(),
    contactId: uuid('contact_id').notNull().references(() => contacts.id, { onDelete: 'cascade' }),
  },
  (t) => [uniqueIndex('contact_identities_key').on(t.botId, t.channel, t.externalId), index('contact_identities_contact_idx').on(t.contactId)],
);

export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    botId: uuid('bot_id').notNull().references(() => bots.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id').notNull().references(() => contacts.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: channels }).notNull(),
    status: text('status', { enum: conversationStatuses }).notNull().default('bot'),
    /** When the customer last wrote: the 24-hour window of the WhatsApp API counts from here. */
    lastInboundAt: timestamp('last_inbound_at', { withTimezone: true }),
    /** The engine's memory between turns (pending booking, last topic). */
    engineState: jsonb('engine_state').$type<Record<string, unknown>>().notNull().default({}),
    /** The newest message of either side: the inbox lists conversations by it, newest first. */
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    /** The customer's messages since a person last read the conversation. */
    unreadCount: integer('unread_count').notNull().default(0),
    /** The person who took the conversation over (status human). */
    assignedTo: uuid('assigned_to').references(() => users.id, { onDelete: 'set null' }),
    /** When a person last took over or answered: the idle return to the bot counts from here. */
    humanAt: timestamp('human_at', { withTimezone: true }),
    /** Questions in a row the bot could not answer (two hand the conversation to a person). */
    unanswered: integer('unanswered').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One open conversation per contact and channel; a closed one gives way to a new one.
    uniqueIndex('conversations_open_key').on(t.botId, t.contactId, t.channel).where(sql`status <> 'closed'`),
    index('conversations_bot_idx').on(t.botId, t.updatedAt),
    index('conversations_inbox_idx').on(t.botId, t.lastMessageAt.desc(), t.id.desc()),
    // A contact's conversations (the CRM's first and last contact, the timeline).
    index('conversations_contact_idx').on(t.contactId, t.createdAt),
    // The CRM summary's conversations per day and hour.
    index('conversations_bot_created_idx').on(t.botId, t.createdAt),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    conversationId: uuid('conversation_id').notNull().references(() => conversations.id, { onDelete: 'cascade' }),
    botId: uuid('bot_id').notNull().references(() => bots.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: channels }).notNull(),
    direction: text('direction', { enum: messageDirections }).notNull(),
    text: text('text').notNull().default(''),
    /** Attachments; `id` is the channel's media id (WhatsApp), `url` a link to the file. */
    media: jsonb('media').$type<StoredMedia[]>(),
    /** in: received → processed; out: queued → sent → delivered → read, or failed. */
    status: text('status', { enum: messageStatuses }).notNull(),
    /** The channel's id of the message (unique per channel: a redelivery is a no-op). */
    externalId: text('external_id'),
    /** For outbound messages: makes a retried reply job insert nothing twice. */
    idempotencyKey: text('idempotency_key'),
    /** Who wrote an outbound message: the bot, or a person of the business. */
    author: text('author', { enum: messageAuthors }).notNull(),
    /** The person of the business who wrote it from the inbox (author `human`; null for the bot and the customer). */
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    sources: jsonb('sources').$type<{ chunkId: number; heading: string; text: string; score: number }[]>(),
    actions: jsonb('actions').$type<Record<string, unknown>[]>(),
    /** Outbound: options to tap offered with the text (buttons, a list, quick replies). */
    choices: jsonb('choices').$type<ReplyChoices>(),
    /** Inbound: the option the customer tapped; `text` holds its title. */
    chosen: jsonb('chosen').$type<ChosenOption>(),
    /**
     * Outbound: an approved WhatsApp template a person chose to send (the text fills its {{1}}), or
     * a campaign's (its body's variables in `parameters`, its header's file in `header`).
     */
    template: jsonb('template').$type<TemplateSend>(),
    /** Why an outbound message failed: a code of the notice catalogue (packages/shared notices.ts), never words. */
    error: text('error'),
    /** The values the code's words need (Meta's error number, a channel's own words). */
    errorParams: jsonb('error_params').$type<NoticeParams>(),
    /**
     * The order the messages were stored in: the inbox shows a conversation in it (channels give
     * times to the second, so a customer's message and a person's reply can share one).
     */
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('messages_external_key').on(t.channel, t.externalId).where(sql`external_id is not null`),
    uniqueIndex('messages_idempotency_key').on(t.idempotencyKey).where(sql`idempotency_key is not null`),
    index('messages_conversation_idx').on(t.conversationId, t.createdAt),
    index('messages_conversation_seq_idx').on(t.conversationId, t.seq),
    index('messages_pending_idx').on(t.conversationId).where(sql`status = 'received'`),
    // A person's messages (deleting the person clears their name from them).
    index('messages_author_idx').on(t.authorId).where(sql`author_id is not null`),
    // The CRM summary's conversations: those a customer wrote in, per day and hour (the playground's left out).
    index('messages_customer_idx').on(t.botId, t.createdAt, t.conversationId).where(sql`direction = 'in' and channel <> 'playground'`),
    // The inbox's search in what was written (LIKE without accents or case; contact-search.ts),
    // the playground's tries left out; a pending list of 64 kB, as contacts_search_idx.
    index('messages_search_idx')
      .using('gin', sql`(${messageSearchText(sql`${t.text}`)}) gin_trgm_ops`)
      .where(sql`channel <> 'playground'`)
      .with({ fastupdate: 'on', gin_pending_list_limit: 64 }),
  ],
);

/** Automatic replies per bot owner and month, for the plan's message quota. */
export const messageUsage = pgTable(
  'message_usage',
  {
    userId: uuid('user_id').notNull(),
    month: text('month').notNull(),
    count: integer('count').notNull().default(0),
    /** When the owner was told the month's quota was reached (once a month). */
    limitNotifiedAt: timestamp('limit_notified_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('message_usage_key').on(t.userId, t.month)],
);
