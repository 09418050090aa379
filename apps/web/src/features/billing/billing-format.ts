import type { BillingSubscriptionResponse } from '@charla/shared';
import { fromMinorUnits } from '@charla/shared/constants';
import { dateFormat, numberFormat } from '../../lib/intl.ts';

/** How full a usage meter is: no limit, room left, 80 % or more, or at (or over) the limit. */
export type MeterLevel = 'unlimited' | 'ok' | 'near' | 'full';

export function meterLevel(used: number, limit: number | null): MeterLevel {
  if (limit === null) return 'unlimited';
  if (used >= limit) return 'full';
  return used / limit >= 0.8 ? 'near' : 'ok';
}

/** The bar's filled share, 0–100 (a limit of 0 is full from the start). */
export function meterPercent(used: number, limit: number | null): number {
  if (limit === null) return 0;
  if (limit <= 0) return 100;
  return Math.min(100, Math.max(0, Math.round((used / limit) * 100)));
}

/**
 * An amount in a currency's minor units as people read it (179_900 mxn → "$1,799", 17_900 clp →
 * "CLP 17,900"): no cents when there are none.
 */
export function formatPrice(amount: number, currency: string, locale: string): string {
  const value = fromMinorUnits(amount, currency);
  const digits = Number.isInteger(value) ? 0 : 2;
  try {
    return numberFormat(locale, { style: 'currency', currency: currency.toUpperCase(), minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
  } catch {
    // A code Intl does not know: the number and the code.
    return `${numberFormat(locale, { maximumFractionDigits: 2 }).format(value)} ${currency.toUpperCase()}`;
  }
}

export const formatCount = (value: number, locale: string): string => numberFormat(locale).format(value);

/** "5 de diciembre" this year, "5 de diciembre de 2027" in another. */
export function formatDay(iso: string, locale: string, now = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const year = date.getFullYear() === now.getFullYear() ? undefined : 'numeric';
  return dateFormat(locale, { day: 'numeric', month: 'long', year }).format(date);
}

/** A date with its year, for invoices ("5 dic 2026"). */
export function formatShortDate(iso: string | null, locale: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateFormat(locale, { dateStyle: 'medium' }).format(date);
}

export type StatusTone = 'success' | 'warning' | 'danger' | 'neutral';

/** What the current plan's state says: a key of `billing:status.*`, the date it names, and its colour. */
export interface StatusText {
  key: 'free' | 'active' | 'trialing' | 'graceUntil' | 'pastDue' | 'cancelsOn' | 'canceled' | 'incomplete';
  date: string | null;
  tone: StatusTone;
}

type StatusInput = Pick<BillingSubscriptionResponse, 'plan' | 'status' | 'cancelAtPeriodEnd' | 'currentPeriodEnd' | 'graceUntil'>;

/** The words for the subscription's state; a payment problem comes first, then a pending cancellation. */
export function statusText(s: StatusInput): StatusText {
  if (s.graceUntil) return { key: 'graceUntil', date: s.graceUntil, tone: 'danger' };
  if (s.status === 'past_due' || s.status === 'unpaid') return { key: 'pastDue', date: null, tone: 'danger' };
  if (s.status === 'incomplete') return { key: 'incomplete', date: null, tone: 'warning' };
  if (s.cancelAtPeriodEnd && s.currentPeriodEnd && (s.status === 'active' || s.status === 'trialing')) {
    return { key: 'cancelsOn', date: s.currentPeriodEnd, tone: 'warning' };
  }
  if (s.status === 'trialing') return { key: 'trialing', date: s.currentPeriodEnd, tone: 'success' };
  if (s.status === 'active') return { key: 'active', date: null, tone: 'success' };
  if (s.status === 'canceled') return { key: 'canceled', date: null, tone: 'neutral' };
  return { key: s.plan === 'Free' ? 'free' : 'active', date: null, tone: s.plan === 'Free' ? 'neutral' : 'success' };
}

/** Whether there is a paid subscription the owner can manage (cancel, resume, card). */
export const hasPaidSubscription = (s: Pick<BillingSubscriptionResponse, 'status'>): boolean =>
  s.status === 'active' || s.status === 'trialing' || s.status === 'past_due' || s.status === 'unpaid' || s.status === 'incomplete';

/** "Visa •••• 4242" */
export function cardText(method: { brand: string; last4: string } | null): string | null {
  if (!method) return null;
  const brand = method.brand ? method.brand.charAt(0).toUpperCase() + method.brand.slice(1) : '';
  return `${brand} •••• ${method.last4}`.trim();
}
