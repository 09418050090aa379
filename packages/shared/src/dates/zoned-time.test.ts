import { describe, expect, it } from 'vitest';
import { localParts, zonedTimeToUtc } from './zoned-time.ts';

const utc = (wall: { year: number; month: number; day: number; hour: number; minute: number }, timeZone: string) =>
  zonedTimeToUtc(wall, timeZone).toISOString();

describe('zonedTimeToUtc', () => {
  it('converts wall-clock times with fixed and half-hour offsets', () => {
    expect(utc({ year: 2026, month: 11, day: 20, hour: 16, minute: 0 }, 'America/Mexico_City')).toBe('2026-11-20T22:00:00.000Z');
    expect(utc({ year: 2026, month: 1, day: 1, hour: 0, minute: 0 }, 'Asia/Kolkata')).toBe('2025-12-31T18:30:00.000Z');
    expect(utc({ year: 2026, month: 6, day: 1, hour: 9, minute: 15 }, 'Asia/Kathmandu')).toBe('2026-06-01T03:30:00.000Z');
  });

  it('uses winter and summer offsets', () => {
    expect(utc({ year: 2026, month: 1, day: 15, hour: 10, minute: 0 }, 'Europe/Madrid')).toBe('2026-01-15T09:00:00.000Z');
    expect(utc({ year: 2026, month: 7, day: 1, hour: 10, minute: 0 }, 'Europe/Madrid')).toBe('2026-07-01T08:00:00.000Z');
  });

  it('moves a skipped time forward and takes the first of a repeated time', () => {
    expect(utc({ year: 2026, month: 3, day: 8, hour: 2, minute: 30 }, 'America/New_York')).toBe('2026-03-08T07:30:00.000Z');
    expect(utc({ year: 2026, month: 11, day: 1, hour: 1, minute: 30 }, 'America/New_York')).toBe('2026-11-01T05:30:00.000Z');
  });

  it('round-trips every hour of a daylight-saving day', () => {
    for (let hour = 0; hour < 24; hour++) {
      if (hour === 2) continue; // does not exist that day
      const wall = { year: 2026, month: 3, day: 8, hour, minute: 45 };
      const { weekday, ...back } = localParts(zonedTimeToUtc(wall, 'America/New_York'), 'America/New_York');
      expect(back).toEqual(wall);
      expect(weekday).toBe(0);
    }
  });
});

describe('localParts', () => {
  it('gives the local date, time and weekday', () => {
    expect(localParts(new Date('2026-11-20T04:30:00Z'), 'America/Mexico_City')).toEqual({
      year: 2026, month: 11, day: 19, hour: 22, minute: 30, weekday: 4,
    });
    expect(localParts(new Date('2026-11-20T00:05:00Z'), 'UTC')).toEqual({ year: 2026, month: 11, day: 20, hour: 0, minute: 5, weekday: 5 });
  });
});
