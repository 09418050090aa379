import { localParts } from '@charla/shared/dates';
import type { EngineAction } from '../../types.ts';

/** The test bot's time zone. */
export const TZ = 'America/Mexico_City';
/** Monday 2 March 2026, 10:00 in Mexico City. */
export const MONDAY = new Date('2026-03-02T10:00:00-06:00');
/** "2026-03-05T16:00" in Mexico City. */
export const at = (iso: string) => new Date(`${iso}:00-06:00`);
const pad = (n: number) => String(n).padStart(2, '0');
/** A moment as "YYYY-MM-DDTHH:MM" in Mexico City. */
export const local = (d: Date) => {
  const l = localParts(d, TZ);
  return `${l.year}-${pad(l.month)}-${pad(l.day)}T${pad(l.hour)}:${pad(l.minute)}`;
};
/** The bookings among a reply's actions. */
export const bookings = (actions: EngineAction[]) => actions.filter((a): a is Extract<EngineAction, { type: 'book' }> => a.type === 'book');
