import { and, desc, eq, isNotNull, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../auth/auth.table.ts';
import { billingEvents, invoices, subscriptions } from './plans.table.ts';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type SubscriptionPatch = Partial<Omit<typeof subscriptions.$inferInsert, 'userId'>>;
export type InvoiceRow = typeof invoices.$inferSelect;
export type NewInvoice = typeof invoices.$inferInsert;

/** The only code that reads and writes subscriptions, billing events and invoices. */
export function plansRepository(db: Db) {
  return {
    /** The account's subscription; `lock` keeps its row locked until the transaction `db` ends. */
    async subscription(accountId: string, lock = false): Promise<SubscriptionRow | undefined> {
      const query = db.select().from(subscriptions).where(eq(subscriptions.userId, accountId));
      const [row] = await (lock ? query.for('update') : query);
      return row;
    },

    async accountOfCustomer(customerId: string): Promise<string | undefined> {
      const [row] = await db.select({ id: subscriptions.userId }).from(subscriptions).where(eq(subscriptions.stripeCustomerId, customerId)).limit(1);
      return row?.id;
    },

    async accountExists(accountId: string): Promise<boolean> {
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, accountId)).limit(1);
      return Boolean(row);
    },

    /** Creates or changes the account's subscription row. */
    async saveSubscription(accountId: string, patch: SubscriptionPatch): Promise<SubscriptionRow> {
      const values = { ...patch, updatedAt: new Date() };
      const [row] = await db
        .insert(subscriptions)
        .values({ userId: accountId, ...values })
        .onConflictDoUpdate({ target: subscriptions.userId, set: values })
        .returning();
      return row!;
    },

    /** Records a Stripe event; false when it was recorded before (it has been applied already). */
    async recordEvent(id: string, type: string, accountId: string | null): Promise<boolean> {
      const rows = await db.insert(billingEvents).values({ id, type, userId: accountId }).onConflictDoNothing().returning({ id: billingEvents.id });
      return rows.length > 0;
    },

    /** Adds an invoice to the ledger, or follows its status (open → paid); never deletes one. */
    async saveInvoice(invoice: NewInvoice): Promise<void> {
      const { stripeInvoiceId: _id, userId: _user, createdAt: _created, ...changes } = invoice;
      await db.insert(invoices).values(invoice).onConflictDoUpdate({ target: invoices.stripeInvoiceId, set: changes });
    },

    /** The invoice a refund or a dispute is about: by its id, else by the payment that settled it. */
    async invoiceOfPayment(invoiceId: string | undefined, paymentIntentId: string | undefined): Promise<InvoiceRow | undefined> {
      if (invoiceId) {
        const [row] = await db.select().from(invoices).where(eq(invoices.stripeInvoiceId, invoiceId));
        if (row) return row;
      }
      if (!paymentIntentId) return undefined;
      const [row] = await db.select().from(invoices).where(eq(invoices.paymentIntentId, paymentIntentId)).limit(1);
      return row;
    },

    async invoices(accountId: string): Promise<InvoiceRow[]> {
      return db.select().from(invoices).where(eq(invoices.userId, accountId)).orderBy(desc(invoices.createdAt), desc(invoices.stripeInvoiceId)).limit(200);
    },

    /** Accounts whose grace period after a failed payment ended by `now`. */
    async graceEnded(now: Date): Promise<string[]> {
      const rows = await db
        .select({ id: subscriptions.userId })
        .from(subscriptions)
        .where(and(isNotNull(subscriptions.graceUntil), lte(subscriptions.graceUntil, now)))
        .limit(500);
      return rows.map((r) => r.id);
    },
  };
}

export type PlansRepository = ReturnType<typeof plansRepository>;
