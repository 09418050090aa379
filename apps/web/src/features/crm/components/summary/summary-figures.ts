import type { SummaryCounts, SummaryMetric } from '@charla/shared';
import { summaryMetrics } from '@charla/shared/constants';
import { dateFormat, intlLocale, numberFormat } from '../../../../lib/intl.ts';

export interface FunnelStep {
  metric: SummaryMetric;
  value: number;
  /** The share of the step before it, a fraction (null for the first step or after an empty one). */
  rate: number | null;
}

/** The funnel of a period: each step with the share of the step before it. */
export function funnelSteps(totals: SummaryCounts): FunnelStep[] {
  return summaryMetrics.map((metric, i) => {
    const before = i > 0 ? totals[summaryMetrics[i - 1]!] : 0;
    return { metric, value: totals[metric], rate: i > 0 && before > 0 ? totals[metric] / before : null };
  });
}

/** The share of conversations the bot handled alone, a fraction (null without conversations). */
export const solvedShare = (solved: number, conversations: number): number | null => (conversations > 0 ? solved / conversations : null);

/**
 * How a figure moved against the period before, a fraction (+0.12 is 12% more); null when the
 * period before had none, where no percentage means anything.
 */
export const periodChange = (current: number, previous: number): number | null => (previous > 0 ? (current - previous) / previous : null);

export interface BusyHour {
  /** 0 Monday … 6 Sunday. */
  weekday: number;
  hour: number;
  count: number;
}

/** The busiest hours of the week, most conversations first (hours without any left out). */
export function busiestHours(hours: number[][], limit = 3): BusyHour[] {
  const cells: BusyHour[] = [];
  hours.forEach((row, weekday) => row.forEach((count, hour) => count > 0 && cells.push({ weekday, hour, count })));
  return cells.sort((a, b) => b.count - a.count || a.weekday - b.weekday || a.hour - b.hour).slice(0, limit);
}

/** Conversations per hour of the day, the seven weekdays added up. */
export const perHour = (hours: number[][]): number[] => Array.from({ length: 24 }, (_, h) => hours.reduce((sum, row) => sum + (row[h] ?? 0), 0));

/** A day of the period as a short label ("25 nov"); the date is read as a calendar day, not an instant. */
export function dayLabel(date: string, language: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return dateFormat(intlLocale(language), { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(Date.UTC(y!, m! - 1, d!));
}

/** The weekday names, Monday first, in the reader's language ("lun", "lunes"). */
export function weekdayNames(language: string, width: 'short' | 'long'): string[] {
  // 2024-01-01 was a Monday.
  const format = dateFormat(intlLocale(language), { weekday: width, timeZone: 'UTC' });
  return Array.from({ length: 7 }, (_, i) => format.format(Date.UTC(2024, 0, 1 + i)));
}

/** An hour of the day as "14:00". */
export const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** A count in the reader's language ("1,234" / "1,234"). */
export const formatCount = (n: number, language: string) => numberFormat(intlLocale(language)).format(n);

/**
 * Every percentage of Resumen, one format: a fraction as "66.7%" (at most one decimal), and with
 * `signed` its sign too ("+12%", "−8.3%", "0%").
 */
export const formatPercent = (fraction: number, language: string, signed = false) =>
  numberFormat(intlLocale(language), { style: 'percent', maximumFractionDigits: 1, ...(signed && { signDisplay: 'exceptZero' as const }) }).format(fraction);
