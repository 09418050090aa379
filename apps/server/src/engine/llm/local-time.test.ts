import { describe, expect, it } from 'vitest';
import { fromLocalIso, readLocalWhen, toLocalIso } from './local-time.ts';

const tz = 'America/Mexico_City';
// Thursday 20 November 2025, 4:00 p.m. local.
const now = new Date('2025-11-20T22:00:00Z');

describe('local time for tools', () => {
  it('reads ISO dates and times as the bot wall clock', () => {
    expect(readLocalWhen('2025-11-21', '11:00', now, tz, 'es').start).toEqual(new Date('2025-11-21T17:00:00Z'));
    expect(readLocalWhen('2025-11-21T11:00:00-05:00', undefined, now, tz, 'es').start).toEqual(new Date('2025-11-21T17:00:00Z'));
    expect(readLocalWhen('2025-11-21', null, now, tz, 'es')).toEqual({ date: { year: 2025, month: 11, day: 21 } });
  });

  it('reads words when a model passes them instead', () => {
    expect(readLocalWhen('mañana', '4 de la tarde', now, tz, 'es').start).toEqual(new Date('2025-11-21T22:00:00Z'));
    expect(readLocalWhen('2025-11-24', '11 am', now, tz, 'es').start).toEqual(new Date('2025-11-24T17:00:00Z'));
  });

  it('rejects impossible dates and times', () => {
    expect(readLocalWhen('2025-02-30', '10:00', now, tz, 'es').start).toBeUndefined();
    expect(readLocalWhen('2025-11-21', '25:00', now, tz, 'es').time).toBeUndefined();
  });

  it('round-trips a stored slot', () => {
    const start = new Date('2025-11-21T17:30:00Z');
    expect(toLocalIso(start, tz)).toBe('2025-11-21T11:30');
    expect(fromLocalIso('2025-11-21T11:30', tz)).toEqual(start);
    expect(fromLocalIso(42, tz)).toBeUndefined();
  });
});
