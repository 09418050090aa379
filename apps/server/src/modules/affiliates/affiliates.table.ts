import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.table.ts';

/** An account's affiliate profile: its code, status and payment details (sealed at rest). */
export const affiliates = pgTable('affiliates', {
  userId: uuid('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  code: text('code').notNull().unique(),
  status: text('status').notNull().default('pending_review'),
  paypalEmailSealed: text('paypal_email_sealed'),
  bankInfoSealed: text('bank_info_sealed'),
  answers: jsonb('answers').$type<{ question: string; answer: string }[]>().notNull().default([]),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Who brought an account, fixed at its sign-up: one row per referred account (its one referrer).
 * Levels above are read by walking up these rows.
 */
export const affiliateReferrals = pgTable(
  'affiliate_referrals',
  {
    userId: uuid('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
    referrerId: uuid('referrer_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('affiliate_referrals_referrer_idx').on(t.referrerId)],
);

/**
 * The commission ledger: rows are only added. A paid invoice adds one `commission` per level; a
 * refund or a chargeback adds the matching `reversal` with negative amounts. The unique key makes
 * each entry happen once per invoice and level, whatever is replayed.
 */
export const affiliateCommissions = pgTable(
  'affiliate_commissions',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    affiliateId: uuid('affiliate_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    referredUserId: uuid('referred_user_id').notNull(),
    invoiceId: text('invoice_id').notNull(),
    level: integer('level').notNull(),
    kind: text('kind').notNull(),
    /** The invoice amount the commission is a share of (negative on a reversal). */
    base: integer('base').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    /** The billing event that wrote it. */
    eventId: text('event_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('affiliate_commissions_entry_key').on(t.invoiceId, t.level, t.kind),
    index('affiliate_commissions_affiliate_idx').on(t.affiliateId, t.createdAt),
  ],
);

/**
 * Monthly payouts: a statement's balance at or over the minimum, one per affiliate, month and
 * currency. Created `pending`; the main admin marks it `paid` with the transfer's reference.
 */
export const affiliatePayouts = pgTable(
  'affiliate_payouts',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    affiliateId: uuid('affiliate_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    month: text('month').notNull(),
    currency: text('currency').notNull(),
    amount: integer('amount').notNull(),
    status: text('status').notNull().default('pending'),
    reference: text('reference'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    paidBy: uuid('paid_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('affiliate_payouts_statement_key').on(t.affiliateId, t.month, t.currency)],
);
