import { sql } from 'drizzle-orm';
import { billingCurrencies, clientPaymentStatuses } from '@charla/shared';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.table.ts';

/**
 * A partner: the account that resells Charla under `<slug>.APP_BASE_DOMAIN`, with its colours and
 * logo (null colours show the defaults). The logo and its favicon are stored files, named by key.
 */
export const partners = pgTable(
  'partners',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    ownerId: uuid('owner_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    bgColor: text('bg_color'),
    fontColor: text('font_color'),
    unfocusedColor: text('unfocused_color'),
    highlightColor: text('highlight_color'),
    logoKey: text('logo_key'),
    faviconKey: text('favicon_key'),
    /** The currency the partner is billed in for their clients' bots. */
    currency: text('currency', { enum: billingCurrencies }).notNull().default('usd'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('partners_slug_idx').on(t.slug), uniqueIndex('partners_owner_idx').on(t.ownerId)],
);

/** A partner's client: an account that signs in only on the partner's subdomain. One partner per account. */
export const partnerClients = pgTable(
  'partner_clients',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    partnerId: uuid('partner_id').notNull().references(() => partners.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('partner_clients_user_idx').on(t.userId), index('partner_clients_partner_idx').on(t.partnerId)],
);

/** What a client paid the partner, recorded by the partner: append-only, amounts in minor units. */
export const partnerClientPayments = pgTable(
  'partner_client_payments',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    partnerId: uuid('partner_id').notNull().references(() => partners.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id').notNull().references(() => partnerClients.id, { onDelete: 'cascade' }),
    month: text('month').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency', { enum: billingCurrencies }).notNull(),
    status: text('status', { enum: clientPaymentStatuses }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('partner_client_payments_partner_idx').on(t.partnerId, t.month)],
);
