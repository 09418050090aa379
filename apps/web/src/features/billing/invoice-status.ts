import type { BillingInvoice } from '@charla/shared';
import type { StatusTone } from './billing-format.ts';

/** The colour of an invoice's state: paid in green, still owed in amber, not collectible in red. */
export function invoiceTone(status: BillingInvoice['status']): StatusTone {
  switch (status) {
    case 'paid':
      return 'success';
    case 'open':
      return 'warning';
    case 'uncollectible':
      return 'danger';
    default:
      return 'neutral';
  }
}
