import { describe, expect, it, vi } from 'vitest';

// The billing feature's face loads the app; its number formats are all this needs.
vi.mock('../billing/index.ts', () => import('../billing/billing-format.ts'));
import { formatMonth, formatSums, lastMonths, monthlySeries } from './money.ts';

describe('affiliate money on screen', () => {
  it('joins sums per currency and shows zero pesos when there is none', () => {
    expect(formatSums([], 'es-MX')).toBe('$0');
    expect(formatSums([{ currency: 'mxn', amount: 125_000 }, { currency: 'usd', amount: 4_000 }], 'es-MX')).toBe(`$1,250 · USD\u00a040`);
  });

  it('names a month short for the chart and in full, capitalized, for a payout', () => {
    expect(formatMonth('2026-10', 'es-MX')).toBe('oct 2026');
    expect(formatMonth('2026-09', 'es-MX', 'long')).toBe('Septiembre de 2026');
    expect(formatMonth('2026-09', 'en-US', 'long')).toBe('September 2026');
  });

  it('charts the main currency over the last twelve months, gaps as zero', () => {
    const now = new Date('2026-11-20T12:00:00Z');
    expect(lastMonths(now, 3)).toEqual(['2026-09', '2026-10', '2026-11']);
    const series = monthlySeries([
      { month: '2026-10', currency: 'mxn', amount: 35_980 },
      { month: '2026-11', currency: 'mxn', amount: 17_990 },
      { month: '2026-11', currency: 'usd', amount: 500 },
    ], now);
    expect(series.currency).toBe('mxn');
    expect(series.points).toHaveLength(12);
    expect(series.points.slice(-3)).toEqual([
      { month: '2026-09', amount: 0 },
      { month: '2026-10', amount: 35_980 },
      { month: '2026-11', amount: 17_990 },
    ]);
  });
});
