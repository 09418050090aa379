import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { actionChips, formatWhen, type ActionTranslate } from './action-chips.ts';
import { MAX_MESSAGE_CHARS } from './message-text.ts';
import { messageLimits } from '@charla/shared/constants';

/** The real labels of a language, with i18next's {{name}} interpolation. */
function translator(locale: 'es' | 'en'): ActionTranslate {
  const file = JSON.parse(readFileSync(new URL(`../../../public/locales/${locale}/playground.json`, import.meta.url), 'utf8')) as {
    actions: Record<string, string>;
  };
  return (key, values = {}) =>
    file.actions[key]!.replace(/\{\{(\w+)\}\}/g, (_, name: string) => (values as Record<string, string | undefined>)[name] ?? `{{${name}}}`);
}

const es = { locale: 'es', timeZone: 'America/Mexico_City', t: translator('es') };
/** Normalizes the narrow spaces some ICU versions put in "p. m.". */
const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

describe('formatWhen', () => {
  it('says the date as people in Mexico do, in the bot time zone', () => {
    // 22:00 UTC is 4 p. m. in Mexico City (UTC-6, no daylight saving time).
    expect(plain(formatWhen('2026-03-05T22:00:00.000Z', 'es', 'America/Mexico_City')!)).toBe('jueves 5 de marzo, 4:00 p. m.');
    expect(plain(formatWhen('2026-03-05T22:00:00.000Z', 'es', 'America/Tijuana')!)).toBe('jueves 5 de marzo, 2:00 p. m.');
    expect(plain(formatWhen('2026-03-05T17:00:00.000Z', 'en', 'America/Mexico_City')!)).toBe('Thursday, March 5, 11:00 AM');
  });

  it('falls back to the viewer time zone for an unknown one, and refuses what is not a date', () => {
    expect(formatWhen('2026-03-05T22:00:00.000Z', 'es', 'Marte/Olympus')).toMatch(/de marzo/);
    expect(formatWhen('mañana', 'es', 'America/Mexico_City')).toBeNull();
    expect(formatWhen(undefined, 'es', null)).toBeNull();
  });
});

describe('actionChips', () => {
  it('describes a booking, a contact update and a hand-off', () => {
    const chips = actionChips(
      [
        { type: 'book', start: '2026-03-05T22:00:00.000Z', end: '2026-03-05T22:30:00.000Z', service: 'Cita' },
        { type: 'update_contact', name: 'Laura Gómez' },
        { type: 'handoff', reason: 'customer' },
      ],
      es,
    );
    expect(chips.map((chip) => [chip.kind, plain(chip.text)])).toEqual([
      ['book', expect.stringMatching(/^Cita agendada: jueves 5 de marzo, 4:00 p\. ?m\.$/)],
      ['contact', 'Contacto actualizado: Laura Gómez'],
      ['handoff', 'Derivado a una persona'],
    ]);
  });

  it('names a specific service, and joins the contact fields it got', () => {
    const chips = actionChips(
      [
        { type: 'book', start: '2026-03-05T17:00:00.000Z', service: 'Cita: Limpieza dental' },
        { type: 'book', start: '2026-03-05T17:00:00.000Z', service: 'Reserva' },
        { type: 'update_contact', name: ' Laura Gómez ', email: 'laura@correo.mx' },
        { type: 'capture', interest: 'Blanqueamiento', budget: 'hasta 3 mil' },
        { type: 'capture' },
      ],
      es,
    );
    expect(chips.map((chip) => plain(chip.text))).toEqual([
      expect.stringMatching(/^Cita agendada: jueves 5 de marzo, 11:00 a\. ?m\. · Limpieza dental$/),
      expect.stringMatching(/^Cita agendada: jueves 5 de marzo, 11:00 a\. ?m\.$/),
      'Contacto actualizado: Laura Gómez · laura@correo.mx',
      'Interés guardado: Blanqueamiento · hasta 3 mil',
    ]);
  });

  it('covers moves and cancellations, in English too', () => {
    const chips = actionChips(
      [
        { type: 'reschedule', appointmentId: 'a', start: '2026-03-06T17:00:00.000Z', end: '2026-03-06T17:30:00.000Z' },
        { type: 'cancel', appointmentId: 'a' },
      ],
      { locale: 'en', timeZone: 'America/Mexico_City', t: translator('en') },
    );
    expect(chips.map((chip) => chip.text)).toEqual(['Appointment moved: Friday, March 6, 11:00 AM', 'Appointment cancelled']);
  });

  it('leaves out unknown actions, empty updates, bad dates and repeated hand-offs', () => {
    expect(
      actionChips(
        [
          { type: 'send_invoice' },
          { type: 'update_contact' },
          { type: 'book', start: 'pronto' },
          { type: 'handoff', reason: 'a' },
          { type: 'handoff', reason: 'b' },
        ],
        es,
      ).map((chip) => chip.kind),
    ).toEqual(['handoff']);
    expect(actionChips(null, es)).toEqual([]);
  });
});

describe('message limit', () => {
  it('matches the shared contract', () => {
    expect(MAX_MESSAGE_CHARS).toBe(messageLimits.text);
  });
});
