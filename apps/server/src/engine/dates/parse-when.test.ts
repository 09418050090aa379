import { describe, expect, it } from 'vitest';
import { parseWhen, type WhenResult } from './parse-when.ts';

const MEXICO = 'America/Mexico_City';
/** Thursday 19 November 2026, 10:00 in Mexico City. */
const THURSDAY = new Date('2026-11-19T10:00:00-06:00');
/** The clock of the booking cases in the eval datasets: Monday 2 March 2026, 10:00. */
const EVAL_MONDAY = new Date('2026-03-02T10:00:00-06:00');

const pad = (n: number) => String(n).padStart(2, '0');

/** A result as short strings: date "2026-11-20", time "16:00". */
function summary(result: WhenResult | undefined) {
  if (!result) return undefined;
  const { date, time, approximate, past } = result;
  return {
    date: date && `${date.year}-${pad(date.month)}-${pad(date.day)}`,
    time: time && `${pad(time.hour)}:${pad(time.minute)}`,
    approximate,
    past,
  };
}

type Expected = { date?: string; time?: string; approximate?: 'morning' | 'afternoon' | 'evening'; past?: boolean };
const expectWhen = (text: string, expected: Expected) =>
  expect(summary(parseWhen(text, THURSDAY, MEXICO))).toEqual({ past: false, ...expected });

describe('parseWhen: days in Spanish (Thursday 2026-11-19 10:00, Mexico City)', () => {
  it.each<[string, Expected]>([
    ['hoy', { date: '2026-11-19' }],
    ['mañana', { date: '2026-11-20' }],
    ['manana', { date: '2026-11-20' }],
    ['pasado mañana', { date: '2026-11-21' }],
    ['pasado manana a las 5', { date: '2026-11-21', time: '17:00' }],
    ['ayer', { date: '2026-11-18', past: true }],
    ['antier', { date: '2026-11-17', past: true }],
    ['lunes', { date: '2026-11-23' }],
    ['el lunes', { date: '2026-11-23' }],
    ['el viernes', { date: '2026-11-20' }],
    ['este sábado', { date: '2026-11-21' }],
    ['el miercoles', { date: '2026-11-25' }],
    ['el Miércoles', { date: '2026-11-25' }],
    ['el jueves', { date: '2026-11-26' }],
    ['el jueves a las 11', { date: '2026-11-26', time: '11:00' }],
    ['este jueves', { date: '2026-11-19' }],
    ['este jueves a las 11', { date: '2026-11-19', time: '11:00' }],
    ['este jueves a las 9', { date: '2026-11-26', time: '09:00' }],
    ['este jueves en la tarde', { date: '2026-11-19', approximate: 'afternoon' }],
    ['el próximo martes', { date: '2026-11-24' }],
    ['el proximo jueves', { date: '2026-11-26' }],
    ['el martes que viene', { date: '2026-11-24' }],
    ['el martes q viene', { date: '2026-11-24' }],
    ['la próxima semana el martes', { date: '2026-11-24' }],
    ['la proxima semana el viernes', { date: '2026-11-27' }],
    ['el viernes de la semana que viene', { date: '2026-11-27' }],
    ['el 15 de diciembre', { date: '2026-12-15' }],
    ['el 15 de diciembre de 2027', { date: '2027-12-15' }],
    ['el 2 de noviembre', { date: '2027-11-02' }],
    ['el jueves 26 a las 5', { date: '2026-11-26', time: '17:00' }],
    ['el viernes 27 de noviembre', { date: '2026-11-27' }],
    ['15/12', { date: '2026-12-15' }],
    ['15/12/2026', { date: '2026-12-15' }],
    ['15-12-2026', { date: '2026-12-15' }],
    ['el 3', { date: '2026-12-03' }],
    ['el 25 a las 5', { date: '2026-11-25', time: '17:00' }],
    ['el día 19', { date: '2026-11-19' }],
    ['dentro de 2 días', { date: '2026-11-21' }],
    ['en 3 dias', { date: '2026-11-22' }],
    ['en una semana', { date: '2026-11-26' }],
    ['en dos semanas', { date: '2026-12-03' }],
    ['el fin de semana', { date: '2026-11-21' }],
  ])('%s', (text, expected) => expectWhen(text, expected));
});

describe('parseWhen: times in Spanish', () => {
  it.each<[string, Expected]>([
    ['a las 4', { time: '16:00' }],
    ['a las 4 de la tarde', { time: '16:00' }],
    ['a las 8 de la noche', { time: '20:00' }],
    ['a las 11 de la mañana', { time: '11:00' }],
    ['a las 11:30', { time: '11:30' }],
    ['a las 10.30', { time: '10:30' }],
    ['11:30 am', { time: '11:30' }],
    ['5pm', { time: '17:00' }],
    ['5 p.m.', { time: '17:00' }],
    ['5 p. m.', { time: '17:00' }],
    ['17 hrs', { time: '17:00' }],
    ['17:00 horas', { time: '17:00' }],
    ['a las 4 y media', { time: '16:30' }],
    ['a las 5 y cuarto', { time: '17:15' }],
    ['a las 6 menos cuarto', { time: '17:45' }],
    ['a las 8 menos cuarto', { time: '07:45' }],
    ['al mediodía', { time: '12:00' }],
    ['a medianoche', { time: '00:00' }],
    ['a las cuatro', { time: '16:00' }],
    ['a las once y media', { time: '11:30' }],
    ['a las doce', { time: '12:00' }],
    ['a la una', { time: '13:00' }],
    ['para las 7', { time: '19:00' }],
    ['temprano', { approximate: 'morning' }],
    ['en la tarde', { approximate: 'afternoon' }],
    ['por la tarde', { approximate: 'afternoon' }],
    ['x la noche', { approximate: 'evening' }],
    ['a eso de las 6', { time: '18:00' }],
    ['Sí, las 5 de la tarde', { time: '17:00' }],
  ])('%s', (text, expected) => expectWhen(text, expected));
});

describe('parseWhen: day and time together', () => {
  it.each<[string, Expected]>([
    ['MAÑANA A LAS 4 DE LA TARDE porfa', { date: '2026-11-20', time: '16:00' }],
    ['mañana temprano', { date: '2026-11-20', approximate: 'morning' }],
    ['mañana por la mañana', { date: '2026-11-20', approximate: 'morning' }],
    ['mañana en la noche a las 9', { date: '2026-11-20', time: '21:00' }],
    ['esta noche', { date: '2026-11-19', approximate: 'evening' }],
    ['hoy a las 8', { date: '2026-11-19', time: '20:00' }],
    ['hoy a las 9 de la mañana', { date: '2026-11-19', time: '09:00', past: true }],
    ['hoy a medianoche', { date: '2026-11-20', time: '00:00' }],
    ['el jueves 4 de la tarde', { date: '2026-11-26', time: '16:00' }],
    ['ayer a las 5', { date: '2026-11-18', time: '17:00', past: true }],
    ['el sab a las 10', { date: '2026-11-21', time: '10:00' }],
    ['el lunes no puedo, mejor el martes a las 10', { date: '2026-11-24', time: '10:00' }],
    ['no el lunes, el martes', { date: '2026-11-24' }],
    ['a las 4 no puedo, a las 5 sí', { time: '17:00' }],
  ])('%s', (text, expected) => expectWhen(text, expected));

  it('reports the instant and the words it understood, in the original spelling', () => {
    const result = parseWhen('Oye, ¿me das cita el Miércoles a las 5 y media? gracias', THURSDAY, MEXICO);
    expect(result?.start?.toISOString()).toBe('2026-11-25T23:30:00.000Z');
    expect(result?.matched).toBe('el Miércoles a las 5 y media');
  });
});

describe('parseWhen: English', () => {
  it.each<[string, Expected]>([
    ['today', { date: '2026-11-19' }],
    ['tomorrow at 4pm', { date: '2026-11-20', time: '16:00' }],
    ['the day after tomorrow', { date: '2026-11-21' }],
    ['yesterday at 3pm', { date: '2026-11-18', time: '15:00', past: true }],
    ['next monday', { date: '2026-11-23' }],
    ['on friday at 11:30', { date: '2026-11-20', time: '11:30' }],
    ['december 15', { date: '2026-12-15' }],
    ['Thursday, December 3rd at noon', { date: '2026-12-03', time: '12:00' }],
    ['at four', { time: '16:00' }],
    ['tonight', { date: '2026-11-19', approximate: 'evening' }],
  ])('%s', (text, expected) => expectWhen(text, expected));

  it('reads numeric dates in the order of the locale', () => {
    expect(summary(parseWhen('5/12', THURSDAY, MEXICO, 'es'))?.date).toBe('2026-12-05');
    expect(summary(parseWhen('5/12', THURSDAY, MEXICO, 'en'))?.date).toBe('2027-05-12');
    expect(summary(parseWhen('12/15', THURSDAY, MEXICO, 'es'))?.date).toBe('2026-12-15');
  });
});

describe('parseWhen: text that names no day or time', () => {
  it.each([
    'hola',
    '¿cuánto cuesta?',
    'tengo 4 hijos',
    'la limpieza cuesta 650',
    'cancela con 24 horas de anticipación',
    'el blanqueamiento dura 2 horas',
    '¿A qué hora abren los sábados?',
    'hay 20% de descuento el 10% de los días',
    'mi número es 55 1234 5678',
    'buenas tardes',
    'más tarde te escribo',
    'do it at once',
    'may 2 of us come?',
    'el 30 de febrero',
    'tengo las 5 fotos',
    'Me llamo Laura Gómez',
    'Sí, confirmo',
  ])('%s', (text) => expect(parseWhen(text, THURSDAY, MEXICO)).toBeUndefined());

  it('keeps a generic weekday ("un martes") out of the date', () => {
    expect(summary(parseWhen('¿Cuánto cuesta rentar una cancha un martes en la noche?', EVAL_MONDAY, 'America/Monterrey'))).toEqual({
      approximate: 'evening',
      past: false,
    });
  });
});

describe('parseWhen: booking phrasing from the eval datasets (Monday 2026-03-02 10:00)', () => {
  it.each<[string, string, string]>([
    ['Hola, quiero agendar una limpieza dental para el jueves a las 4 de la tarde', MEXICO, '2026-03-05T16:00'],
    ['Quiero una cita para el domingo a las 11', MEXICO, '2026-03-08T11:00'],
    ['Entonces el lunes a las 11 de la mañana', MEXICO, '2026-03-09T11:00'],
    ['Quiero agendar una visita al loft de Roma Norte el viernes a las 12', MEXICO, '2026-03-06T12:00'],
    ['Quiero reservar una cancha mañana a las 8 de la noche', 'America/Monterrey', '2026-03-03T20:00'],
    ['el próximo martes a las 5', MEXICO, '2026-03-03T17:00'],
  ])('%s', (text, timeZone, local) => {
    const result = parseWhen(text, EVAL_MONDAY, timeZone);
    expect(`${summary(result)?.date}T${summary(result)?.time}`).toBe(local);
    expect(result?.start?.toISOString()).toBe(new Date(`${local}:00-06:00`).toISOString());
    expect(result?.past).toBe(false);
  });
});

describe('parseWhen: time zones', () => {
  it('takes "mañana" from the local date, not the UTC date', () => {
    const lateEvening = new Date('2026-11-20T04:30:00Z'); // still Thursday 19, 22:30 in Mexico City
    expect(summary(parseWhen('hoy', lateEvening, MEXICO))?.date).toBe('2026-11-19');
    expect(parseWhen('mañana a las 10', lateEvening, MEXICO)?.start?.toISOString()).toBe('2026-11-20T16:00:00.000Z');
    expect(summary(parseWhen('mañana', lateEvening, 'UTC'))?.date).toBe('2026-11-21');
  });

  it('uses the offset of the day of the appointment in Madrid across the switch to summer time', () => {
    const saturday = new Date('2026-03-28T12:00:00+01:00');
    expect(parseWhen('hoy a las 10 de la noche', saturday, 'Europe/Madrid')?.start?.toISOString()).toBe('2026-03-28T21:00:00.000Z');
    expect(parseWhen('mañana a las 10', saturday, 'Europe/Madrid')?.start?.toISOString()).toBe('2026-03-29T08:00:00.000Z');
  });

  it('handles the skipped and the repeated hour in New York', () => {
    const beforeSpring = new Date('2026-03-07T10:00:00-05:00');
    expect(parseWhen('tomorrow at 10am', beforeSpring, 'America/New_York')?.start?.toISOString()).toBe('2026-03-08T14:00:00.000Z');
    expect(parseWhen('mañana a las 2:30 am', beforeSpring, 'America/New_York')?.start?.toISOString()).toBe('2026-03-08T07:30:00.000Z');
    const beforeFall = new Date('2026-10-31T12:00:00-04:00');
    expect(parseWhen('tomorrow at 1:30 am', beforeFall, 'America/New_York')?.start?.toISOString()).toBe('2026-11-01T05:30:00.000Z');
    expect(parseWhen('tomorrow at 3pm', beforeFall, 'America/New_York')?.start?.toISOString()).toBe('2026-11-01T20:00:00.000Z');
  });
});
