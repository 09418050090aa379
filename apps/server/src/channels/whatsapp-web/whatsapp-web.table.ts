import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { whatsappWebStatuses } from '@charla/shared';
import { bots } from '../../modules/bots/bots.table.ts';
import { messages } from '../../modules/conversations/conversations.table.ts';

/**
 * A bot's WhatsApp Web session (QR pairing): the sealed credentials, where pairing stands, and
 * which process holds it (`owner`, renewed through `lease_until` while that process is alive).
 */
export const whatsappWebSessions = pgTable(
  'whatsapp_web_sessions',
  {
    botId: uuid('bot_id')
      .primaryKey()
      .references(() => bots.id, { onDelete: 'cascade' }),
    /** The Baileys credentials as BufferJSON text, sealed with the app's encryption key. */
    credsSealed: text('creds_sealed'),
    status: text('status', { enum: whatsappWebStatuses }).notNull().default('disconnected'),
    /** Why the session is not connected, in words for the owner. */
    pairError: text('pair_error'),
    lastQr: text('last_qr'),
    /** QR codes shown in the current pairing attempt. */
    qrCount: integer('qr_count').notNull().default(0),
    /** The linked number, once connected ("+5213312345678"). */
    phone: text('phone'),
    /** The process that runs the session, and until when its claim holds without a renewal. */
    owner: text('owner'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('whatsapp_web_sessions_wanted_idx').on(t.status).where(sql`status in ('waiting_qr', 'connecting', 'connected')`)],
);

/** The Signal keys of a session (pre-keys, sessions, sender keys, app-state keys…), each sealed. */
export const whatsappWebKeys = pgTable(
  'whatsapp_web_keys',
  {
    botId: uuid('bot_id')
      .notNull()
      .references(() => bots.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    id: text('id').notNull(),
    valueSealed: text('value_sealed').notNull(),
  },
  (t) => [primaryKey({ name: 'whatsapp_web_keys_pkey', columns: [t.botId, t.type, t.id] })],
);

/** Tries to send each outbound message on this channel: the last one marks the message failed. */
export const whatsappWebSends = pgTable('whatsapp_web_sends', {
  messageId: uuid('message_id')
    .primaryKey()
    .references(() => messages.id, { onDelete: 'cascade' }),
  attempts: integer('attempts').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
