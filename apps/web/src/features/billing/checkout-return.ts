import type { BillingCurrency } from '@charla/shared/constants';
import { billingCurrencies } from '@charla/shared/constants';
import { readStorage, storageKeys, writeStorage, type KeyValueStorage } from '../../lib/storage-keys.ts';

/** How Stripe Checkout sent the owner back (`?checkout=success|cancel`), if it did. */
export type CheckoutReturn = 'success' | 'cancel';

export function checkoutReturnOf(params: URLSearchParams): CheckoutReturn | null {
  const value = params.get('checkout');
  return value === 'success' || value === 'cancel' ? value : null;
}

/**
 * The address's parameters without the checkout mark, so a reload does not greet again; the plan
 * tab stays open (`?tab=plan`, as in `paths.plan`) when the mark was what opened it.
 */
export function withoutCheckout(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete('checkout');
  next.delete('session_id');
  if (!next.has('tab')) next.set('tab', 'plan');
  return next;
}

/** How long the subscription is asked for again after a successful checkout, and how often. */
export const checkoutPollMs = 30_000;
export const checkoutPollEveryMs = 2_000;

/** A wait for the plan to change: until `deadline`, while the plan is still `fromPlan` (null: not read yet). */
export interface PlanWatch {
  deadline: number;
  fromPlan: string | null;
}

/** The refetch interval while watching: ask again every two seconds until the plan changes or time is up. */
export function pollInterval(watch: PlanWatch | null, plan: string | undefined, now: number): number | false {
  if (!watch || now >= watch.deadline) return false;
  if (watch.fromPlan !== null && plan !== undefined && plan !== watch.fromPlan) return false;
  return checkoutPollEveryMs;
}

const isCurrency = (value: string | null): value is BillingCurrency => (billingCurrencies as readonly string[]).includes(value ?? '');

/** The currency the owner picked before, if any. */
export function storedCurrency(storage?: KeyValueStorage): BillingCurrency | null {
  const value = readStorage(storageKeys.billingCurrency, storage);
  return isCurrency(value) ? value : null;
}

export function storeCurrency(currency: BillingCurrency, storage?: KeyValueStorage): void {
  writeStorage(storageKeys.billingCurrency, currency, storage);
}
