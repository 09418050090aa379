import type { Db } from '../../db/client.ts';

/** An invoice Stripe reports paid, as billing recorded it (amount in minor units). */
export interface InvoicePaid {
  eventId: string;
  invoiceId: string;
  accountId: string;
  amount: number;
  currency: string;
  paidAt: Date;
}

/** A paid invoice's money taken back: refunded by the business or disputed by the card holder. */
export interface PaymentReversed {
  eventId: string;
  invoiceId: string;
  accountId: string;
  reason: 'refund' | 'chargeback';
  at: Date;
}

/**
 * What billing tells other modules, inside the transaction that applies the Stripe event (so their
 * effect is applied once with it, and rolled back with it).
 */
export interface BillingListener {
  invoicePaid?(event: InvoicePaid, tx: Db): Promise<void>;
  paymentReversed?(event: PaymentReversed, tx: Db): Promise<void>;
}
