import { describe, expect, it } from 'vitest';
import { formatWhen } from '@charla/shared/dates';
import { parseWhen } from './parse-when.ts';

const MEXICO = 'America/Mexico_City';

describe('formatWhen', () => {
  it('writes a start in Spanish and English in the bot time zone', () => {
    const start = new Date('2026-11-20T22:00:00Z');
    expect(formatWhen(start, MEXICO, 'es')).toBe('el viernes 20 de noviembre a las 4:00 p. m.');
    expect(formatWhen(start, MEXICO, 'en')).toBe('Friday, November 20 at 4:00 PM');
    expect(formatWhen(start, 'Europe/Madrid', 'es')).toBe('el viernes 20 de noviembre a las 11:00 p. m.');
    expect(formatWhen(start, 'Asia/Tokyo', 'en')).toBe('Saturday, November 21 at 7:00 AM');
  });

  it('says "a la 1", noon and the minutes after midnight plainly', () => {
    expect(formatWhen(new Date('2026-03-05T19:05:00Z'), MEXICO, 'es')).toBe('el jueves 5 de marzo a la 1:05 p. m.');
    expect(formatWhen(new Date('2026-03-05T18:00:00Z'), MEXICO, 'es')).toBe('el jueves 5 de marzo a las 12:00 p. m.');
    expect(formatWhen(new Date('2026-03-05T06:30:00Z'), MEXICO, 'es')).toBe('el jueves 5 de marzo a las 12:30 a. m.');
    expect(formatWhen(new Date('2026-03-05T18:00:00Z'), MEXICO, 'en')).toBe('Thursday, March 5 at 12:00 PM');
  });

  it('reads back what parseWhen understood', () => {
    const { start } = parseWhen('mañana a las 8 de la noche', new Date('2026-03-02T10:00:00-06:00'), 'America/Monterrey') ?? {};
    expect(start && formatWhen(start, 'America/Monterrey', 'es')).toBe('el martes 3 de marzo a las 8:00 p. m.');
  });
});
