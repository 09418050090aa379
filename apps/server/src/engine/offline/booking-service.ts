import type { Passage } from '../ports.ts';
import type { BookingNoun } from './offline-state.ts';
import { plainText, wordsOf } from './plain-text.ts';
import { parseRow } from './table-row.ts';
import { LIGHT_WORDS, STOPWORDS, WEEKDAY_WORDS } from './vocabulary.ts';
import { sameWord } from './word-match.ts';

/** "reservar una cancha" → reserva; "agendar una visita" → visita; anything else → cita. */
export function bookingNoun(message: string): BookingNoun | undefined {
  const plain = plainText(message);
  if (/\b(?:visita|visitar|recorrido|conocer|ver la|ver el|visit|tour)\b/.test(plain)) return 'visita';
  if (/\b(?:reserv|apart|book|booking|reservation)/.test(plain)) return 'reserva';
  if (/\b(?:cita|agendar|agenda|consulta|turno|appointment)\b/.test(plain)) return 'cita';
  return undefined;
}

const BOOKING_WORDS = new Set(
  (
    'agendar agenda agendo agende agendame reservar reserva reservo reservame reservacion apartar aparto apartame programar cita ' +
    'citas turno visita visitar book schedule appointment booking reservation hacer sacar pedir quiero quisiera necesito gustaria ' +
    'puedo podria deseo ocupo hoy pasado proximo proxima siguiente semana hora horas las los am pm'
  ).split(' '),
);

/** The words of a name that matter: not articles, and not what is in parentheses. */
const coreWords = (name: string) => wordsOf(name.replace(/\([^)]*\)/g, ' ')).filter((w) => !STOPWORDS.has(w) && w.length > 1);

/**
 * The service or item a booking is for: a row of the knowledge (a service, a property, a
 * product) whose name the message mostly says, or the words after the booking verb.
 */
export function serviceFrom(message: string, passages: Passage[], noun: BookingNoun): string | undefined {
  const words = wordsOf(message).filter((w) => !STOPWORDS.has(w) && !BOOKING_WORDS.has(w) && !LIGHT_WORDS.has(w));
  let best: { name: string; ratio: number } | undefined;
  for (const passage of passages) {
    const row = parseRow(passage.text.trim());
    const name = row?.name?.value;
    if (!name) continue;
    const core = coreWords(name);
    if (!core.length) continue;
    const hit = core.filter((w) => words.some((m) => sameWord(m, w))).length;
    const ratio = hit / core.length;
    if (hit >= 1 && ratio >= 0.5 && (!best || ratio > best.ratio)) best = { name: name.replace(/\s*\([^)]*\)\s*/g, ' ').trim(), ratio };
  }
  if (best) return noun === 'visita' ? `Visita: ${best.name}` : best.name;

  // "reservar una cancha mañana": the noun phrase after the verb, up to the day or time.
  const plain = plainText(message);
  const m = plain.match(/\b(?:agendar|reservar|apartar|programar|reserva|cita|turno)\s+(?:(?:de|para|por|un|una|el|la|mi)\s+){0,2}([\p{L}]+(?:\s+[\p{L}]+){0,2})/u);
  if (!m) return undefined;
  const phrase: string[] = [];
  for (const w of m[1]!.split(' ')) {
    if (STOPWORDS.has(w) || BOOKING_WORDS.has(w) || LIGHT_WORDS.has(w) || WEEKDAY_WORDS[w] !== undefined || /^(?:manana|tarde|noche|hoy)$/.test(w)) break;
    phrase.push(w);
  }
  if (!phrase.length) return undefined;
  const text = phrase.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
