import { addDays, compareDates, isValidDate, weekdayOf, type CalendarDate } from '@charla/shared/dates';
import { alternatives, earliest, isRuledOut, type Span } from './span.ts';
import type { LocalParts } from '@charla/shared/dates';

export interface DateContext {
  today: LocalParts;
  /** Order of numeric dates: 'es' reads 5/12 as 5 December, 'en' as May 12. */
  locale: 'es' | 'en';
  /** False when the time or part of day the customer gave is already over on `date`. */
  notPassed(date: CalendarDate): boolean;
}

export interface DateMatch extends Span {
  date: CalendarDate;
}

type Resolve = (m: RegExpMatchArray, context: DateContext) => CalendarDate | undefined;

const WEEKDAYS: Record<string, number> = {
  domingo: 0, lunes: 1, martes: 2, miercoles: 3, jueves: 4, viernes: 5, sabado: 6,
  dom: 0, mie: 3, mier: 3, jue: 4, vie: 5, sab: 6,
  sunday: 0, monday: 1, tuesday: 2, wednesday: 3, thursday: 4, friday: 5, saturday: 6,
};
const MONTHS: Record<string, number> = {
  enero: 1, ene: 1, january: 1, jan: 1, febrero: 2, feb: 2, february: 2, marzo: 3, mar: 3, march: 3,
  abril: 4, abr: 4, april: 4, apr: 4, mayo: 5, may: 5, junio: 6, jun: 6, june: 6, julio: 7, jul: 7, july: 7,
  agosto: 8, ago: 8, august: 8, aug: 8, septiembre: 9, setiembre: 9, september: 9, sept: 9, sep: 9,
  octubre: 10, oct: 10, october: 10, noviembre: 11, nov: 11, november: 11, diciembre: 12, dic: 12, december: 12, dec: 12,
};
const COUNTS: Record<string, number> = {
  un: 1, una: 1, uno: 1, a: 1, an: 1, one: 1, dos: 2, two: 2, tres: 3, three: 3, cuatro: 4, four: 4, cinco: 5, five: 5,
  seis: 6, six: 6, siete: 7, seven: 7, ocho: 8, eight: 8, diez: 10, ten: 10, quince: 15,
};

const WEEKDAY = alternatives(Object.keys(WEEKDAYS));
const MONTH = alternatives(Object.keys(MONTHS));
/** Before a number, English "may" is more often the verb ("may 2 of us come"). */
const MONTH_FIRST = alternatives(Object.keys(MONTHS).filter((name) => name !== 'may'));
const NEXT_WEEK = String.raw`(?:la\s+)?(?:proxima|prox|siguiente)\s+semana|la\s+semana\s+que\s+(?:viene|entra)|next\s+week`;
/** "el jueves 20 de noviembre": a weekday or article before an explicit date belongs to it. */
const DATE_PREFIX = String.raw`(?:(?:el|this|on)\s+)?(?:(?:${WEEKDAY}),?\s+)?(?:(?:el|the)\s+)?(?:dia\s+)?`;
const YEAR = String.raw`(\d{4})(?!\d)`;

const number = (text: string | undefined) => (text === undefined ? undefined : Number(text));
const fullYear = (text: string | undefined) => {
  const year = number(text);
  return year !== undefined && year < 100 ? 2000 + year : year;
};

/** The given date, or without a year its next occurrence on or after today. */
function upcoming(today: CalendarDate, month: number | undefined, day: number, year?: number): CalendarDate | undefined {
  if (month === undefined) return undefined;
  if (year !== undefined) return isValidDate({ year, month, day }) ? { year, month, day } : undefined;
  for (let y = today.year; y <= today.year + 4; y++) {
    const date = { year: y, month, day };
    if (isValidDate(date) && compareDates(date, today) >= 0) return date;
  }
  return undefined;
}

/** "el 3": that day of this month, or of the next month that has it. */
function nextDayOfMonth(today: CalendarDate, day: number): CalendarDate | undefined {
  for (let k = 0; k < 12; k++) {
    const months = today.month - 1 + k;
    const date = { year: today.year + Math.floor(months / 12), month: (months % 12) + 1, day };
    if (isValidDate(date) && compareDates(date, today) >= 0) return date;
  }
  return undefined;
}

/**
 * A weekday ("el jueves", "jueves", "on thursday") is its next occurrence strictly after today:
 * on a Thursday, "el jueves" is a week away, since today would be "hoy". Only "este jueves" /
 * "this thursday" said on a Thursday means today, unless the time given has already passed.
 * "próximo"/"que viene"/"next" also skip today; "la próxima semana el martes" is the Tuesday of
 * next week (weeks start on Monday). "el viernes 6" is the first Friday the 6th within six weeks,
 * or else just the next Friday.
 */
const weekday: Resolve = (m, { today, notPassed }) => {
  const [, weekBefore, article, nextBefore, name = '', dayText, weekAfter, nextAfter] = m;
  const target = WEEKDAYS[name] ?? 0;
  if (weekBefore || weekAfter) return addDays(today, 7 - ((today.weekday + 6) % 7) + ((target + 6) % 7));
  for (let k = 0; dayText && k <= 42; k++) {
    const date = addDays(today, k);
    if (date.day === Number(dayText) && weekdayOf(date) === target) return date;
  }
  const delta = (target - today.weekday + 7) % 7;
  if (delta > 0) return addDays(today, delta);
  const thisOne = (article === 'este' || article === 'this') && !nextBefore && !nextAfter;
  return addDays(today, thisOne && notPassed(today) ? 0 : 7);
};

const relative =
  (days: number): Resolve =>
  (_m, { today }) =>
    addDays(today, days);

const RULES: [RegExp, Resolve][] = [
  [/\b(?:pasado\s?manana|(?:the\s+)?day\s+after\s+tomorrow)\b/g, relative(2)],
  [/\b(?:antier|anteayer|antes\s+de\s+ayer|(?:the\s+)?day\s+before\s+yesterday)\b/g, relative(-2)],
  [/\b(?:ayer|yesterday)\b/g, relative(-1)],
  [/\b(?:hoy|today|tonight|esta\s+(?:manana|tarde|noche)|this\s+(?:morning|afternoon|evening))\b/g, relative(0)],
  // "mañana" is tomorrow unless it is "la mañana" (the morning).
  [/(?<!\b(?:la|esta|pasado)\s)\b(?:manana|mnana|tomorrow|tmrw)\b/g, relative(1)],
  [
    new RegExp(String.raw`\b(?:en|dentro\s+de|in)\s+(\d{1,2}|${alternatives(Object.keys(COUNTS))})\s+(dias?|semanas?|days?|weeks?)\b`, 'g'),
    ([, count = '', unit = ''], { today }) =>
      addDays(today, (COUNTS[count] ?? Number(count)) * (/^[sw]/.test(unit) ? 7 : 1)),
  ],
  [/\b(?:(?:el|este|this)\s+)?(?:fin(?:\s+de)?\s+semana|finde|weekend)\b/g, (_m, { today }) => addDays(today, (6 - today.weekday + 7) % 7)],
  [
    new RegExp(
      String.raw`(?<!\b(?:los|un|cada|every)\s)\b(?:(${NEXT_WEEK}),?\s+)?(?:(el|este|on|this)\s+)?(?:(proximo|prox|siguiente|next)\s+)?(${WEEKDAY})\b` +
        String.raw`(?:\s+(\d{1,2})\b(?![:.]?\d|\s*(?:de\s+la|y|menos|am|pm|a\.|p\.|hrs?|horas?|h)\b))?` +
        String.raw`(?:\s+(?:de\s+)?(${NEXT_WEEK})|\s+((?:que|q)\s+(?:viene|entra)|proximo))?`,
      'g',
    ),
    weekday,
  ],
  [
    new RegExp(String.raw`\b${DATE_PREFIX}(\d{1,2})(?:st|nd|rd|th|ro)?\s+(?:de\s+|of\s+)?(${MONTH})\b(?:\s+(?:de\s+|del\s+)?${YEAR})?`, 'g'),
    ([, day, month = '', year], { today }) => upcoming(today, MONTHS[month], Number(day), number(year)),
  ],
  [
    new RegExp(String.raw`\b${DATE_PREFIX}(${MONTH_FIRST})\.?\s+(\d{1,2})(?:st|nd|rd|th)?\b(?:,?\s+${YEAR})?`, 'g'),
    ([, month = '', day, year], { today }) => upcoming(today, MONTHS[month], Number(day), number(year)),
  ],
  [
    new RegExp(String.raw`\b${DATE_PREFIX}(\d{1,2})([/-])(\d{1,2})(?:\2(\d{4}|\d{2}))?(?![\d/-])`, 'g'),
    ([, first, separator, second, year], { today, locale }) => {
      if (separator === '-' && !year) return undefined; // "10-12" is more often a range than a date
      let [day, month] = locale === 'en' ? [Number(second), Number(first)] : [Number(first), Number(second)];
      if (month > 12 && day <= 12) [day, month] = [month, day];
      return upcoming(today, month, day, fullYear(year));
    },
  ],
  [/\b(\d{4})-(\d{1,2})-(\d{1,2})\b/g, ([, year, month, day], { today }) => upcoming(today, Number(month), Number(day), Number(year))],
  [
    // Not "el 30 de febrero", which is no date at all rather than the 30th of this month.
    new RegExp(
      String.raw`\b(?:el\s+(?:dia\s+)?|dia\s+)(\d{1,2})\b(?![/:.-]?\d|\s?%|\s+(?:de|of)\s+(?:${MONTH})\b)|\b(?:(?:on\s+)?the\s+)?(\d{1,2})(?:st|nd|rd|th)\b`,
      'g',
    ),
    ([, es, en], { today }) => nextDayOfMonth(today, Number(es ?? en)),
  ],
];

/** The first calendar date mentioned in normalized text and not ruled out, resolved against today. */
export function parseDate(text: string, context: DateContext): DateMatch | undefined {
  const found: DateMatch[] = [];
  for (const [re, resolve] of RULES) {
    for (const m of text.matchAll(re)) {
      const date = resolve(m, context);
      const span = { start: m.index ?? 0, end: (m.index ?? 0) + m[0].length };
      if (date && !isRuledOut(text, span)) found.push({ ...span, date });
    }
  }
  return earliest(found);
}
