import { replyChoices } from '@charla/shared';
import { describe, expect, it } from 'vitest';
import { chosenSlot } from './choices.ts';
import { at, bookings, local, MONDAY } from './test-support/clock.ts';
import { conversation } from './test-support/conversation.ts';
import { passage } from './test-support/memory-tools.ts';


describe('options to tap offered by the offline engine', () => {
  it('offers the free times of the day asked as a list, the text still naming the first ones', async () => {
    const c = conversation({ now: MONDAY, contact: { name: 'Ana López' }, taken: [{ start: at('2026-03-06T09:45'), end: at('2026-03-06T10:30') }] });
    const reply = await c.send('Quiero agendar una cita el viernes');
    expect(reply.text).toContain('Hay lugar a las 9:00 a. m., 10:30 a. m. o 11:15 a. m.');
    expect(replyChoices.safeParse(reply.choices).success).toBe(true);
    expect(reply.choices!.label).toBe('Ver horarios');
    expect(reply.choices!.options).toHaveLength(10);
    expect(reply.choices!.options.slice(0, 3)).toEqual([
      { id: `slot:${at('2026-03-06T09:00').toISOString()}`, title: '9:00 a. m.', description: 'viernes 6 de marzo' },
      { id: `slot:${at('2026-03-06T10:30').toISOString()}`, title: '10:30 a. m.', description: 'viernes 6 de marzo' },
      { id: `slot:${at('2026-03-06T11:15').toISOString()}`, title: '11:15 a. m.', description: 'viernes 6 de marzo' },
    ]);
    // Only free times of that day: the taken one is not offered.
    expect(reply.choices!.options.map((o) => o.title)).not.toContain('9:45 a. m.');
  });

  it('books the free time tapped at once when the name is known (the tap is the confirmation)', async () => {
    const c = conversation({ now: MONDAY, contact: { name: 'Ana López' } });
    const list = await c.send('Quiero agendar una cita el viernes');
    const row = list.choices!.options[4]!;
    expect(row.title).toBe('12:00 p. m.');
    const booked = await c.tap(row);
    expect(bookings(booked.actions).map((b) => local(b.start))).toEqual(['2026-03-06T12:00']);
    expect(booked.text).toContain('quedó agendada para el viernes 6 de marzo a las 12:00 p. m.');
    expect(booked.choices).toBeUndefined();
  });

  it('asks the name after a tap when it is unknown, then confirms with yes / no options', async () => {
    const c = conversation({ now: MONDAY });
    const list = await c.send('Quiero una cita el viernes');
    const named = await c.tap(list.choices!.options[1]!);
    expect(named.text).toContain('viernes 6 de marzo a las 9:45 a. m. está disponible');
    expect(named.actions).toEqual([]);
    const confirm = await c.send('Laura Gómez');
    expect(confirm.text).toMatch(/^¿Confirmo tu cita a nombre de Laura Gómez para el viernes 6 de marzo a las 9:45 a\. m\.\?$/);
    expect(confirm.choices).toEqual({ label: 'Responder', options: [{ id: 'yes', title: 'Sí, confirmo' }, { id: 'no', title: 'No' }] });
    const done = await c.tap(confirm.choices!.options[0]!);
    expect(bookings(done.actions).map((b) => local(b.start))).toEqual(['2026-03-06T09:45']);
  });

  it('a typed time from the list goes the same way as before: read from the words, then confirmed', async () => {
    const c = conversation({ now: MONDAY, contact: { name: 'Ana' } });
    await c.send('Quiero una cita el viernes');
    const typed = await c.send('10:30 a. m.');
    expect(typed.text).toContain('¿Confirmo tu cita a nombre de Ana para el viernes 6 de marzo a las 10:30 a. m.?');
    expect(typed.actions).toEqual([]);
  });

  it('a tapped time taken meanwhile is not booked: the next free one is offered with yes / no', async () => {
    const c = conversation({ now: MONDAY, contact: { name: 'Ana' }, taken: [] });
    const list = await c.send('Quiero una cita el viernes');
    const other = conversation({ now: MONDAY, contact: { name: 'Beto' }, taken: [{ start: at('2026-03-06T09:00'), end: at('2026-03-06T09:45') }] });
    await other.send('Quiero una cita el viernes');
    const late = await other.tap(list.choices!.options[0]!);
    expect(late.actions).toEqual([]);
    expect(late.text).toContain('ya está ocupado');
    expect(late.choices!.options.map((o) => o.title)).toEqual(['Sí, me funciona', 'No, otro horario']);
    const no = await other.tap(late.choices!.options[1]!);
    expect(no.text).toContain('¿Qué otro día u horario prefieres?');
  });

  it('takes a tapped time even when the booking was left aside (an old list)', async () => {
    const c = conversation({ now: MONDAY, contact: { name: 'Ana' } });
    const list = await c.send('Quiero una cita el viernes');
    await c.send('¿Dónde están ubicados?');
    await c.send('gracias');
    const booked = await c.tap(list.choices!.options[2]!);
    expect(bookings(booked.actions).map((b) => local(b.start))).toEqual(['2026-03-06T10:30']);
  });

  it('offers yes / no to cancel, to take an offered time and to an offer of help; English too', async () => {
    const start = at('2026-03-05T16:00');
    const c = conversation({ now: MONDAY, contact: { name: 'Ana' }, upcoming: [{ id: 'a1', start, end: at('2026-03-05T16:45'), service: 'Limpieza' }] });
    const cancel = await c.send('Quiero cancelar mi cita');
    expect(cancel.choices!.options).toEqual([
      { id: 'yes', title: 'Sí, cancelar' },
      { id: 'no', title: 'No, mantenerla' },
    ]);
    const kept = await c.tap(cancel.choices!.options[1]!);
    expect(kept.text).toContain('sigue en pie');
    expect(kept.actions).toEqual([]);

    const part = await conversation({ now: MONDAY, contact: { name: 'Ana' } }).send('¿Tienen disponibilidad mañana en la tarde?');
    expect(part.choices!.options.map((o) => o.id)).toEqual(['yes', 'no']);

    const persuasive = conversation({ now: MONDAY, bot: { personality: 'Persuasivo' }, passages: [passage('Servicio: Limpieza dental; Precio mxn: 650', 'precios.csv')] });
    const offer = await persuasive.send('¿Cuánto cuesta la limpieza dental?');
    expect(offer.text).toContain('¿Te gustaría agendar una cita?');
    expect(offer.choices!.options.map((o) => o.title)).toEqual(['Sí, por favor', 'No, gracias']);
    // A reply that does not end with the offer carries no options, even while a "sí" would still take it.
    const who = await persuasive.send('¿Eres un bot?');
    expect(who.choices).toBeUndefined();

    const en = conversation({ now: MONDAY, bot: { language: 'en' }, contact: { name: 'Ann' } });
    const times = await en.send('I want to book an appointment on Friday');
    expect(times.choices!.label).toBe('See times');
    expect(times.choices!.options[0]).toEqual({ id: `slot:${at('2026-03-06T09:00').toISOString()}`, title: '9:00 AM', description: 'Friday, March 6' });
  });

  it('offers the next free time with yes / no when the tapped one was booked by someone else a moment earlier', async () => {
    const c = conversation({ now: MONDAY, contact: { name: 'Ana' } });
    const list = await c.send('Quiero una cita el viernes');
    expect(bookings((await c.tap(list.choices!.options[0]!)).actions)).toHaveLength(1);
    const conflict = c.conflict(at('2026-03-06T09:45'));
    expect(conflict.replies[0]).toContain('se acaba de ocupar');
    expect(conflict.choices!.options.map((o) => o.title)).toEqual(['Sí, me funciona', 'No, otro horario']);
    const yes = await c.tap(conflict.choices!.options[0]!);
    expect(bookings(yes.actions).map((b) => local(b.start))).toEqual(['2026-03-06T09:45']);
  });

  it('offers nothing to tap where a typed answer is wanted', async () => {
    const c = conversation({ now: MONDAY });
    expect((await c.send('Hola')).choices).toBeUndefined();
    expect((await c.send('Quiero agendar una cita')).choices).toBeUndefined();
  });

  it('reads the start of a tapped time only from an id it wrote', () => {
    expect(chosenSlot({ id: 'slot:2026-03-06T15:00:00.000Z', title: '9:00 a. m.' })).toEqual(new Date('2026-03-06T15:00:00.000Z'));
    expect(chosenSlot({ id: 'slot:mañana', title: 'x' })).toBeUndefined();
    expect(chosenSlot({ id: 'yes', title: 'Sí' })).toBeUndefined();
    expect(chosenSlot(undefined)).toBeUndefined();
  });
});
