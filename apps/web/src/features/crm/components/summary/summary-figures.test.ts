import { describe, expect, it } from 'vitest';
import { busiestHours, dayLabel, formatPercent, funnelSteps, hourLabel, perHour, periodChange, solvedShare, weekdayNames } from './summary-figures.ts';

describe('summary figures', () => {
  it('gives each funnel step the share of the step before it', () => {
    expect(funnelSteps({ conversations: 200, contacts: 150, leads: 60, appointments: 0, won: 0 })).toEqual([
      { metric: 'conversations', value: 200, rate: null },
      { metric: 'contacts', value: 150, rate: 0.75 },
      { metric: 'leads', value: 60, rate: 0.4 },
      { metric: 'appointments', value: 0, rate: 0 },
      // Nothing before it: no share rather than a division by zero.
      { metric: 'won', value: 0, rate: null },
    ]);
    expect(formatPercent(funnelSteps({ conversations: 3, contacts: 1, leads: 1, appointments: 1, won: 1 })[1]!.rate!, 'es')).toBe('33.3%');
  });

  it('tells the bot’s share, none without conversations, in the one percent format', () => {
    expect(formatPercent(solvedShare(2, 3)!, 'es')).toBe('66.7%');
    expect(formatPercent(solvedShare(3, 3)!, 'en')).toBe('100%');
    expect(solvedShare(0, 0)).toBeNull();
  });

  it('compares a figure with the period before, signed, and not at all when that period had none', () => {
    expect(formatPercent(periodChange(28, 25)!, 'es', true)).toBe('+12%');
    expect(formatPercent(periodChange(11, 12)!, 'en', true)).toMatch(/^[-−]8\.3%$/);
    expect(formatPercent(periodChange(5, 5)!, 'es', true)).toBe('0%');
    expect(periodChange(4, 0)).toBeNull();
  });

  it('finds the busiest hours, most first, and adds the weekdays up per hour', () => {
    const hours = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));
    hours[0]![9] = 4;
    hours[4]![18] = 7;
    hours[6]![9] = 4;
    expect(busiestHours(hours, 2)).toEqual([
      { weekday: 4, hour: 18, count: 7 },
      { weekday: 0, hour: 9, count: 4 },
    ]);
    expect(busiestHours(Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0)))).toEqual([]);
    expect(perHour(hours)[9]).toBe(8);
    expect(perHour(hours)).toHaveLength(24);
  });

  it('labels days as calendar days and weekdays Monday first, in Spanish or English', () => {
    expect(dayLabel('2026-11-25', 'es')).toMatch(/25 nov/);
    expect(dayLabel('2026-01-01', 'en')).toBe('Jan 1');
    expect(weekdayNames('es', 'long')[0]).toBe('lunes');
    expect(weekdayNames('en', 'short')[6]).toBe('Sun');
    expect(hourLabel(7)).toBe('07:00');
  });
});
