import { describe, expect, it } from 'vitest';
import { MemoryStorage } from '../../lib/memory-storage.ts';
import { checkoutPollEveryMs, checkoutReturnOf, pollInterval, storeCurrency, storedCurrency, withoutCheckout } from './checkout-return.ts';

describe('coming back from Checkout', () => {
  it('reads ?checkout= and drops it afterwards', () => {
    expect(checkoutReturnOf(new URLSearchParams('tab=plan&checkout=success'))).toBe('success');
    expect(checkoutReturnOf(new URLSearchParams('checkout=cancel'))).toBe('cancel');
    expect(checkoutReturnOf(new URLSearchParams('checkout=other'))).toBeNull();
    expect(withoutCheckout(new URLSearchParams('tab=plan&checkout=success&session_id=cs_1')).toString()).toBe('tab=plan');
    expect(withoutCheckout(new URLSearchParams('checkout=cancel')).toString()).toBe('tab=plan');
  });

  it('asks again until the plan changes or the wait is over', () => {
    const watch = { deadline: 30_000, fromPlan: 'Free' };
    expect(pollInterval(null, 'Free', 0)).toBe(false);
    expect(pollInterval(watch, 'Free', 1_000)).toBe(checkoutPollEveryMs);
    expect(pollInterval(watch, 'Pro', 1_000)).toBe(false);
    expect(pollInterval(watch, 'Free', 30_000)).toBe(false);
    // The plan before the payment is not read yet: keep asking.
    expect(pollInterval({ deadline: 30_000, fromPlan: null }, undefined, 0)).toBe(checkoutPollEveryMs);
  });
});

describe('the chosen currency', () => {
  it('is remembered, and anything unknown is ignored', () => {
    const storage = new MemoryStorage();
    expect(storedCurrency(storage)).toBeNull();
    storeCurrency('clp', storage);
    expect(storedCurrency(storage)).toBe('clp');
    storage.setItem('billingCurrency', 'xyz');
    expect(storedCurrency(storage)).toBeNull();
  });
});
