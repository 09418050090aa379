import type { Money } from '@charla/shared/constants';
import { formatPrice } from '../billing/index.ts';
import { dateFormat } from '../../lib/intl.ts';

/** Sums in several currencies as one line ("$1,250 · US$40"); nothing yet reads as zero pesos. */
export function formatSums(list: readonly Money[], locale: string, empty = 'mxn'): string {
  if (!list.length) return formatPrice(0, empty, locale);
  return list.map((m) => formatPrice(m.amount, m.currency, locale)).join(' · ');
}

/** "nov 2026" (short) or "Noviembre de 2026" (long) for a "2026-11" month key, in the interface's language. */
export function formatMonth(month: string, locale: string, style: 'short' | 'long' = 'short'): string {
  const [year, m] = month.split('-').map(Number);
  if (!year || !m) return month;
  const text = dateFormat(locale, { month: style, year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(year, m - 1, 1)));
  return style === 'long' ? text.charAt(0).toLocaleUpperCase(locale) + text.slice(1) : text;
}

/** The last twelve month keys up to `now`'s, oldest first. */
export function lastMonths(now: Date, count = 12): string[] {
  return Array.from({ length: count }, (_, i) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (count - 1 - i), 1)).toISOString().slice(0, 7));
}

/** The chart's series: the currency with the most earned, month by month (zero when nothing). */
export function monthlySeries(monthly: readonly { month: string; currency: string; amount: number }[], now: Date): { currency: string; points: { month: string; amount: number }[] } {
  const totals = new Map<string, number>();
  for (const m of monthly) totals.set(m.currency, (totals.get(m.currency) ?? 0) + Math.abs(m.amount));
  const currency = [...totals].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'mxn';
  return {
    currency,
    points: lastMonths(now).map((month) => ({ month, amount: monthly.filter((m) => m.month === month && m.currency === currency).reduce((s, m) => s + m.amount, 0) })),
  };
}
