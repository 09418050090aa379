import { alternatives, earliest, isRuledOut, type Span } from './span.ts';

export type DayPart = 'morning' | 'afternoon' | 'evening';

export interface ClockTime {
  hour: number;
  minute: number;
}

export interface TimeOfDay {
  /** 24 h clock. */
  time?: ClockTime;
  /** Only a part of the day was given ("en la tarde"). */
  approximate?: DayPart;
  /** The time is past midnight of the day it was said for ("el viernes a medianoche"). */
  nextDay: boolean;
  /** An hour 8–11 without a.m./p.m. was read as morning. */
  morningGuess: boolean;
  spans: Span[];
}

type Marker = 'am' | 'pm' | DayPart;

interface Clock extends Span {
  hour: number;
  /** Added to the hour; negative for "menos cuarto". */
  minutes: number;
  marker?: Marker;
}

const ES_HOURS: Record<string, number> = {
  una: 1, uno: 1, dos: 2, tres: 3, cuatro: 4, cinco: 5, seis: 6, siete: 7, ocho: 8, nueve: 9, diez: 10, once: 11, doce: 12,
};
const EN_HOURS: Record<string, number> = {
  one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12,
};
const MINUTE_WORDS: Record<string, number> = {
  media: 30, cuarto: 15, cinco: 5, diez: 10, quince: 15, veinte: 20, veinticinco: 25, treinta: 30, cuarenta: 40,
};

/** "a las", "para las", "a eso de las"…; a bare "las 5" only opens a message or follows punctuation. */
const TRIGGERS = String.raw`(?:a|para|pa|tipo|como\s+a|como|sobre|a\s+eso\s+de|antes\s+de|despues\s+de|desde|hasta)\s+las?|(?<![a-z0-9]\s?)las?|at|around`;
const MARKS = String.raw`a\.?\s?m\.?|p\.?\s?m\.?|hrs?\.?|horas?|hs|h|(?:de|en|por|x)\s+la\s+(?:manana|tarde|noche|madrugada)|in\s+the\s+(?:morning|afternoon|evening)|at\s+night|tonight`;

/** "a las 4 y media de la tarde", "11:30 am", "5pm", "17 hrs", "at four" … */
const CLOCK_RE = new RegExp(
  String.raw`(?:\b(${TRIGGERS})\s+)?\b(\d{1,2}|${alternatives([...Object.keys(ES_HOURS), ...Object.keys(EN_HOURS)])})` +
    String.raw`(?:([:.])(\d{2})|\s+(y|menos)\s+(\d{1,2}|${alternatives(Object.keys(MINUTE_WORDS))}))?` +
    String.raw`(?:\s*(${MARKS}))?(?![a-z0-9/])`,
  'g',
);
const NOON_RE = /\b(?:(?:al|a|at|para\s+el)\s+)?(medio\s?dia|noon|media\s?noche|midnight)\b/g;
const DAY_PART_RE =
  /\b(?:(?:en|por|x|de|in)\s+)?(?:la|esta|this|the)\s+(manana|mananita|morning|tarde|afternoon|noche|night|evening)\b|\b(temprano|tempranito|tonight|at\s+night)\b/g;

function dayPartOf(words: string): DayPart {
  if (/manana|morning|tempran/.test(words)) return 'morning';
  return /tarde|afternoon/.test(words) ? 'afternoon' : 'evening';
}

function markerOf(mark: string): Marker | undefined {
  if (/manana|morning|tarde|afternoon|noche|night|evening/.test(mark)) return dayPartOf(mark);
  if (mark.includes('madrugada') || mark.startsWith('a')) return 'am';
  return mark.startsWith('p') ? 'pm' : undefined; // "hrs", "horas": a 24 h clock, read like no marker
}

function toClock(m: RegExpMatchArray): Clock | undefined {
  const [whole, trigger, hourText = '', separator, digits, joiner, minuteText = '', mark] = m;
  const marker = mark ? markerOf(mark) : undefined;
  const word = ES_HOURS[hourText] ?? EN_HOURS[hourText];
  const hour = word ?? Number(hourText);
  if (word !== undefined) {
    // Words need "a las"/"at" in the same language ("at once" is not 11:00) or a clear marker.
    if (trigger ? /^(?:at|around)$/.test(trigger) !== hourText in EN_HOURS : marker === undefined) return undefined;
  }
  // Without "a las", only a colon, a.m./p.m., "de la tarde" or a 24 h "17 hrs" makes a bare number a time.
  const clear = trigger || separator === ':' || (marker !== undefined && !/^(?:en|por|x)\s/.test(mark ?? '')) || (mark && hour >= 13);
  const offset = digits ?? minuteText;
  const minutes = offset ? (MINUTE_WORDS[offset] ?? Number(offset)) : 0;
  if (!clear || hour > 23 || minutes > 59) return undefined;
  const start = m.index ?? 0;
  return { start, end: start + whole.length, hour, minutes: joiner === 'menos' ? -minutes : minutes, marker };
}

function toNoon(m: RegExpMatchArray): Clock {
  const start = m.index ?? 0;
  const midnight = /noche|midnight/.test(m[1] ?? '');
  return { start, end: start + m[0].length, hour: 12, minutes: 0, marker: midnight ? 'evening' : 'pm' };
}

/**
 * The hour on a 24 h clock. Without a marker, 1–7 means p.m. (nobody books a business at
 * 4 in the morning) and 8–11 means a.m.; "12 de la noche" is 24, the next day's midnight.
 */
function toDayHour(hour: number, marker: Marker | undefined): number {
  if (hour > 12) return hour;
  switch (marker) {
    case 'am':
      return hour % 12;
    case 'morning':
      return hour;
    case 'pm':
    case 'afternoon':
      return (hour % 12) + 12;
    case 'evening':
      return hour === 12 ? 24 : hour >= 6 ? hour + 12 : hour;
    default:
      return hour >= 1 && hour <= 7 ? hour + 12 : hour;
  }
}

/** The time of day in normalized text: an exact time, or only a part of the day. */
export function parseTimeOfDay(text: string): TimeOfDay {
  const part = earliest(
    [...text.matchAll(DAY_PART_RE)].map((m) => ({
      start: m.index ?? 0,
      end: (m.index ?? 0) + m[0].length,
      dayPart: dayPartOf(m[1] ?? m[2] ?? ''),
    })),
  );
  const clocks = [...[...text.matchAll(CLOCK_RE)].map(toClock), ...[...text.matchAll(NOON_RE)].map(toNoon)];
  const clock = earliest(clocks.filter((c): c is Clock => c !== undefined && !isRuledOut(text, c)));
  if (!clock) {
    return part
      ? { approximate: part.dayPart, nextDay: false, morningGuess: false, spans: [part] }
      : { nextDay: false, morningGuess: false, spans: [] };
  }
  const marker = clock.marker ?? part?.dayPart;
  const total = toDayHour(clock.hour, marker) * 60 + clock.minutes;
  const minutes = (total + 1440) % 1440;
  return {
    time: { hour: Math.floor(minutes / 60), minute: minutes % 60 },
    nextDay: total >= 1440,
    morningGuess: marker === undefined && clock.hour >= 8 && clock.hour <= 11,
    spans: part && !clock.marker ? [clock, part] : [clock],
  };
}
