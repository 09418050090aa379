import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.table.ts';

/**
 * An account's paid subscription as Stripe last told it: one row per account. `eventCreatedAt` is
 * the creation time of the last subscription event applied, so an older event that arrives late
 * never overwrites a newer state.
 */
export const subscriptions = pgTable('subscriptions', {
  userId: uuid('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  stripeCustomerId: text('stripe_customer_id').unique(),
  stripeSubscriptionId: text('stripe_subscription_id'),
  plan: text('plan').notNull().default('Free'),
  interval: text('interval'),
  currency: text('currency'),
  status: text('status').notNull().default('none'),
  currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  /** While a failed payment is retried: after it the account falls to Free. */
  graceUntil: timestamp('grace_until', { withTimezone: true }),
  cardBrand: text('card_brand'),
  cardLast4: text('card_last4'),
  eventCreatedAt: timestamp('event_created_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every Stripe event applied, once: a redelivery finds its id here and changes nothing. */
export const billingEvents = pgTable(
  'billing_events',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    userId: uuid('user_id'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('billing_events_user_idx').on(t.userId)],
);

/** The ledger of Stripe invoices: rows are added and their status follows Stripe's; none is deleted. */
export const invoices = pgTable(
  'invoices',
  {
    stripeInvoiceId: text('stripe_invoice_id').primaryKey(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    number: text('number'),
    status: text('status').notNull(),
    plan: text('plan'),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    pdfUrl: text('pdf_url'),
    hostedUrl: text('hosted_url'),
    /** The payment that settled it: a refund or a dispute names the payment, not the invoice. */
    paymentIntentId: text('payment_intent_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('invoices_user_idx').on(t.userId, t.createdAt), index('invoices_payment_intent_idx').on(t.paymentIntentId)],
);
