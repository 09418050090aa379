import type { Passage } from '../../ports.ts';
import { localParts, zonedTimeToUtc } from '@charla/shared/dates';
import type { ContactAppointment, EngineTools } from '../../types.ts';
import { wordsOf } from '../plain-text.ts';
import { STOPWORDS } from '../vocabulary.ts';
import { sameWord } from '../word-match.ts';

export type WeekdayKey = 'sun' | 'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat';
/** Opening hours per weekday, each a list of ["HH:MM", "HH:MM"] ranges. */
export type WeeklyHours = Partial<Record<WeekdayKey, [string, string][]>>;

const DAY_KEYS: WeekdayKey[] = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

let nextChunk = 1;

/** A passage as retrieval returns it. */
export function passage(text: string, heading = '', extra: Partial<Passage> = {}): Passage {
  return { chunkId: nextChunk++, documentId: 'doc', productId: null, heading, text, score: 0, matched: [], ...extra };
}

export interface MemoryToolsOptions {
  passages?: Passage[];
  hours?: WeeklyHours;
  timeZone?: string;
  /** Length of one appointment, minutes. */
  slotMinutes?: number;
  now: Date;
  /** Appointments of anyone: their slots are taken. */
  taken?: { start: Date; end: Date }[];
  /** The contact's own upcoming appointments. */
  upcoming?: ContactAppointment[] | (() => ContactAppointment[]);
  /** Another search (the real retrieval) instead of the word overlap over `passages`. */
  search?: EngineTools['search'];
  /** Pictures of catalog products, by product id. */
  images?: Record<string, string>;
}

/**
 * Engine tools over memory: search by shared words (a passage's score is the share of the
 * question's words it holds), availability from weekly hours and taken slots, stepping each
 * opening range by the appointment length.
 */
export function memoryTools(options: MemoryToolsOptions): EngineTools & { taken: { start: Date; end: Date }[] } {
  const tz = options.timeZone ?? 'America/Mexico_City';
  const length = options.slotMinutes ?? 60;
  const taken = [...(options.taken ?? [])];
  const passages = options.passages ?? [];

  const rangesOn = (weekday: number) => options.hours?.[DAY_KEYS[weekday]!] ?? [];
  const overlaps = (start: Date) => {
    const end = start.getTime() + length * 60_000;
    return taken.some((t) => t.start.getTime() < end && t.end.getTime() > start.getTime());
  };
  const withinHours = (start: Date) => {
    const local = localParts(start, tz);
    const from = local.hour * 60 + local.minute;
    return rangesOn(local.weekday).some(([a, b]) => from >= minutesOf(a) && from + length <= minutesOf(b));
  };

  return {
    taken,
    async search(question, k = 5, also) {
      if (options.search) return options.search(question, k, also);
      const words = [...new Set(wordsOf(also ? `${question} ${also}` : question).filter((w) => !STOPWORDS.has(w) && w.length > 1))];
      if (!words.length) return [];
      return passages
        .map((p) => {
          const text = wordsOf(`${p.heading} ${p.text}`);
          const matched = words.filter((w) => text.some((t) => sameWord(t, w)));
          return { ...p, matched, score: Math.round((matched.length / words.length) * 1000) / 1000 };
        })
        .filter((p) => p.matched.length > 0)
        .sort((a, b) => b.score - a.score)
        .slice(0, k);
    },
    async isFree(start) {
      if (start.getTime() <= options.now.getTime()) return 'past';
      if (!withinHours(start)) return 'closed';
      return overlaps(start) ? 'taken' : 'free';
    },
    async nextFree(from) {
      const begin = from.getTime() > options.now.getTime() ? from : options.now;
      for (let d = 0; d <= 14; d++) {
        const local = localParts(new Date(begin.getTime() + d * 86_400_000), tz);
        for (const [a, b] of rangesOn(local.weekday)) {
          for (let m = minutesOf(a); m + length <= minutesOf(b); m += length) {
            const start = zonedTimeToUtc({ year: local.year, month: local.month, day: local.day, hour: Math.floor(m / 60), minute: m % 60 }, tz);
            if (start.getTime() >= begin.getTime() && !overlaps(start)) return start;
          }
        }
      }
      return undefined;
    },
    async upcomingAppointments() {
      const upcoming = typeof options.upcoming === 'function' ? options.upcoming() : (options.upcoming ?? []);
      return upcoming.filter((a) => a.start.getTime() > options.now.getTime());
    },
    async productImage(productId) {
      return options.images?.[productId];
    },
  };
}
