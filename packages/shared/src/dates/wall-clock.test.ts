import { describe, expect, it } from 'vitest';
import { wallClock, zonedInstant } from './zoned-time.ts';

describe('times in the bot zone', () => {
  it('reads an instant as the wall clock of the zone', () => {
    expect(wallClock(new Date('2026-11-29T15:05:00Z'), 'America/Mexico_City')).toEqual({ date: '2026-11-29', time: '09:05' });
    expect(wallClock(new Date('2026-11-29T23:30:00Z'), 'Europe/Madrid')).toEqual({ date: '2026-11-30', time: '00:30' });
  });

  it('turns a day and time of the zone into the instant', () => {
    expect(zonedInstant('2026-12-01', '10:00', 'America/Mexico_City')).toBe('2026-12-01T16:00:00.000Z');
    expect(zonedInstant('2026-07-01', '10:00', 'Europe/Madrid')).toBe('2026-07-01T08:00:00.000Z');
    expect(zonedInstant('2026-01-15', '10:00', 'Europe/Madrid')).toBe('2026-01-15T09:00:00.000Z');
  });

  it('moves a time skipped by the spring jump past it, and round-trips with wallClock', () => {
    // Madrid jumps from 02:00 to 03:00 on 2026-03-29.
    expect(zonedInstant('2026-03-29', '02:30', 'Europe/Madrid')).toBe('2026-03-29T01:30:00.000Z');
    const iso = zonedInstant('2026-11-29', '18:45', 'America/Bogota')!;
    expect(wallClock(new Date(iso), 'America/Bogota')).toEqual({ date: '2026-11-29', time: '18:45' });
  });

  it('refuses a malformed date or time', () => {
    expect(zonedInstant('2026-1-5', '10:00', 'UTC')).toBeNull();
    expect(zonedInstant('2026-01-05', '24:00', 'UTC')).toBeNull();
    expect(zonedInstant('', '', 'UTC')).toBeNull();
  });
});

describe('a day and time next to a daylight-saving change', () => {
  it('keeps the wall time on both sides of the change', () => {
    // New York moves to summer time on 8 March 2026.
    expect(zonedInstant('2026-03-09', '10:00', 'America/New_York')).toBe('2026-03-09T14:00:00.000Z');
    expect(zonedInstant('2026-03-07', '10:00', 'America/New_York')).toBe('2026-03-07T15:00:00.000Z');
  });
});
