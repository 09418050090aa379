import { describe, expect, it } from 'vitest';
import { cardText, formatDay, formatPrice, hasPaidSubscription, meterLevel, meterPercent, statusText } from './billing-format.ts';
import { invoiceTone } from './invoice-status.ts';

describe('usage meters', () => {
  it('tells unlimited, room left, near (80 % or more) and full', () => {
    expect(meterLevel(5, null)).toBe('unlimited');
    expect(meterLevel(0, 100)).toBe('ok');
    expect(meterLevel(79, 100)).toBe('ok');
    expect(meterLevel(80, 100)).toBe('near');
    expect(meterLevel(99, 100)).toBe('near');
    expect(meterLevel(100, 100)).toBe('full');
    expect(meterLevel(130, 100)).toBe('full');
    // No team members on the plan: nothing more fits.
    expect(meterLevel(0, 0)).toBe('full');
  });

  it('fills the bar to the share used, never past the end', () => {
    expect(meterPercent(1, 3)).toBe(33);
    expect(meterPercent(150, 100)).toBe(100);
    expect(meterPercent(0, 0)).toBe(100);
    expect(meterPercent(10, null)).toBe(0);
  });
});

describe('prices', () => {
  it('formats minor units in Mexican Spanish, without cents when there are none', () => {
    expect(formatPrice(179_900, 'mxn', 'es-MX')).toBe('$1,799');
    expect(formatPrice(1_950, 'mxn', 'es-MX')).toBe('$19.50');
    expect(formatPrice(1_900, 'usd', 'es-MX')).toBe('USD\u00a019');
    expect(formatPrice(1_900, 'usd', 'en-US')).toBe('$19');
  });

  it('counts CLP in whole pesos', () => {
    expect(formatPrice(17_900, 'clp', 'es-MX')).toBe('CLP\u00a017,900');
  });
});

describe('the plan state in words', () => {
  const base = { plan: 'Pro' as const, status: 'active' as const, cancelAtPeriodEnd: false, currentPeriodEnd: '2026-12-12T12:00:00Z', graceUntil: null };

  it('is active, or cancels on the period end', () => {
    expect(statusText(base)).toEqual({ key: 'active', date: null, tone: 'success' });
    expect(statusText({ ...base, cancelAtPeriodEnd: true })).toEqual({ key: 'cancelsOn', date: '2026-12-12T12:00:00Z', tone: 'warning' });
  });

  it('puts a failed payment first, with the last day of grace', () => {
    expect(statusText({ ...base, status: 'past_due', graceUntil: '2026-12-05T12:00:00Z', cancelAtPeriodEnd: true })).toEqual({ key: 'graceUntil', date: '2026-12-05T12:00:00Z', tone: 'danger' });
    expect(statusText({ ...base, status: 'unpaid' }).key).toBe('pastDue');
  });

  it('says Free for an account without a subscription', () => {
    expect(statusText({ ...base, plan: 'Free', status: 'none', currentPeriodEnd: null })).toEqual({ key: 'free', date: null, tone: 'neutral' });
    expect(statusText({ ...base, status: 'canceled' }).key).toBe('canceled');
    expect(statusText({ ...base, status: 'trialing' }).key).toBe('trialing');
  });

  it('knows when there is a subscription to manage', () => {
    expect(hasPaidSubscription({ status: 'active' })).toBe(true);
    expect(hasPaidSubscription({ status: 'past_due' })).toBe(true);
    expect(hasPaidSubscription({ status: 'none' })).toBe(false);
    expect(hasPaidSubscription({ status: 'canceled' })).toBe(false);
  });

  it('writes the day and month, and the year only when it is another one', () => {
    const now = new Date('2026-11-28T12:00:00Z');
    expect(formatDay('2026-12-05T12:00:00Z', 'es-MX', now)).toBe('5 de diciembre');
    expect(formatDay('2027-01-05T12:00:00Z', 'es-MX', now)).toBe('5 de enero de 2027');
    expect(formatDay('2026-12-05T12:00:00Z', 'en-US', now)).toBe('December 5');
    expect(formatDay('not a date', 'es-MX', now)).toBe('');
  });

  it('shows the card as brand and last four digits', () => {
    expect(cardText({ brand: 'visa', last4: '4242' })).toBe('Visa •••• 4242');
    expect(cardText(null)).toBeNull();
  });

  it('colours invoices by state', () => {
    expect(invoiceTone('paid')).toBe('success');
    expect(invoiceTone('open')).toBe('warning');
    expect(invoiceTone('uncollectible')).toBe('danger');
    expect(invoiceTone('void')).toBe('neutral');
  });
});
