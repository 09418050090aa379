import { describe, expect, it } from 'vitest';
import { at, bookings, local, MONDAY } from './test-support/clock.ts';
import { conversation } from './test-support/conversation.ts';
import { passage } from './test-support/memory-tools.ts';


const services = [
  passage('Servicio: Limpieza dental; Precio mxn: 650; Duracion minutos: 45', 'precios.csv'),
  passage('Servicio: Endodoncia; Precio mxn: 4500; Duracion minutos: 90', 'precios.csv'),
];

describe('booking across turns', () => {
  it('asks the name, then the confirmation of the exact slot, then books', async () => {
    const c = conversation({ now: MONDAY, passages: services });
    const first = await c.send('Hola, quiero agendar una limpieza dental para el jueves a las 4 de la tarde');
    expect(first.text).toContain('jueves 5 de marzo a las 4:00 p. m.');
    expect(first.text).toMatch(/nombre/);
    expect(first.actions).toEqual([]);

    const second = await c.send('Me llamo Laura Gómez');
    expect(second.actions).toContainEqual({ type: 'update_contact', name: 'Laura Gómez' });
    expect(second.text).toMatch(/^¿Confirmo tu cita de limpieza dental a nombre de Laura Gómez para el jueves 5 de marzo a las 4:00 p\. m\.\?$/);

    const third = await c.send('Sí, confirmo');
    const [book] = bookings(third.actions);
    expect(local(book!.start)).toBe('2026-03-05T16:00');
    expect(book!.end.getTime() - book!.start.getTime()).toBe(45 * 60_000);
    expect(book!.service).toBe('Limpieza dental');
    expect(third.text).toContain('quedó agendada');
    expect(c.state.booking).toBeUndefined();
  });

  it('goes straight to the confirmation when the contact has a name', async () => {
    const c = conversation({ now: MONDAY, contact: { name: 'Ana Pérez' } });
    const reply = await c.send('Quiero una cita el miércoles a las 10');
    expect(reply.text).toContain('a nombre de Ana Pérez para el miércoles 4 de marzo a las 10:00 a. m.');
    expect(bookings((await c.send('va')).actions)).toHaveLength(1);
  });

  it('says a closed day is closed and proposes the next free slot', async () => {
    const c = conversation({ now: MONDAY, contact: { name: 'Pedro Salas' } });
    const reply = await c.send('Quiero una cita para el domingo a las 11');
    expect(reply.text).toContain('domingo 8 de marzo no tenemos horarios disponibles');
    expect(reply.text).toContain('lunes 9 de marzo a las 9:00 a. m.');
    const accepted = await c.send('Sí, ese me funciona');
    expect(local(bookings(accepted.actions)[0]!.start)).toBe('2026-03-09T09:00');
  });

  it('says when the hour is outside the opening hours that day', async () => {
    const c = conversation({ now: MONDAY, contact: { name: 'Pedro Salas' } });
    const reply = await c.send('¿Me agendas el martes a las 8 de la noche?');
    expect(reply.text).toContain('A esa hora no tenemos servicio');
    expect(reply.text).toContain('miércoles 4 de marzo a las 9:00 a. m.');
  });

  it('replaces the pending slot when the customer changes their mind', async () => {
    const c = conversation({ now: MONDAY });
    await c.send('Quiero una cita para el domingo a las 11');
    const changed = await c.send('Entonces el lunes a las 11 de la mañana');
    expect(changed.text).toContain('lunes 9 de marzo a las 11:00 a. m. está disponible');
    await c.send('Soy Pedro Salas');
    const again = await c.send('mejor el martes a las 12');
    expect(again.text).toContain('martes 3 de marzo a las 12:00 p. m.');
    const done = await c.send('Sí');
    expect(bookings(done.actions).map((b) => local(b.start))).toEqual(['2026-03-03T12:00']);
  });

  it('keeps the time when only the day changes', async () => {
    const c = conversation({ now: MONDAY, contact: { name: 'Ana' } });
    await c.send('Quiero agendar el jueves a las 5');
    const moved = await c.send('No, mejor el viernes');
    expect(moved.text).toContain('viernes 6 de marzo a las 5:00 p. m.');
  });

  it('refuses a date in the past and asks for another', async () => {
    const c = conversation({ now: MONDAY, contact: { name: 'Ana' } });
    const reply = await c.send('quiero una cita ayer a las 5');
    expect(reply.text).toContain('ya pasaron');
    expect(reply.actions).toEqual([]);
    const next = await c.send('el viernes a las 5 entonces');
    expect(next.text).toContain('viernes 6 de marzo a las 5:00 p. m.');
  });

  it('proposes the next free slot when the asked one is taken', async () => {
    const c = conversation({ now: MONDAY, contact: { name: 'Ana' }, taken: [{ start: at('2026-03-05T16:00'), end: at('2026-03-05T16:45') }] });
    const reply = await c.send('Quiero una cita el jueves a las 4 de la tarde');
    expect(reply.text).toContain('ya está ocupado');
    // Slots step by the appointment length from the opening: 16:30 overlaps, 17:15 is next.
    expect(reply.text).toContain('jueves 5 de marzo a las 5:15 p. m.');
  });

  it('asks the time when only the day is given, offering the first free one', async () => {
    const c = conversation({ now: MONDAY, contact: { name: 'Ana' } });
    const reply = await c.send('quiero agendar una cita el viernes');
    expect(reply.text).toContain('¿A qué hora te gustaría el viernes 6 de marzo? Hay lugar a las 9:00 a. m., 9:45 a. m. o 10:30 a. m.');
    const time = await c.send('a las 12');
    expect(time.text).toContain('viernes 6 de marzo a las 12:00 p. m.');
  });

  it('offers the first free time of the part of the day asked', async () => {
    const c = conversation({ now: MONDAY, contact: { name: 'Ana' }, taken: [{ start: at('2026-03-03T12:00'), end: at('2026-03-03T12:45') }] });
    const reply = await c.send('¿Tienen disponibilidad mañana en la tarde?');
    expect(reply.text).toContain('martes 3 de marzo a las 12:45 p. m.');
    expect(bookings((await c.send('sí')).actions).map((b) => local(b.start))).toEqual(['2026-03-03T12:45']);
  });

  it('books a wish with a day and a time even without the word "cita"', async () => {
    const c = conversation({ now: MONDAY, contact: { name: 'Ana' } });
    expect((await c.send('quiero una prueba de manejo el viernes a las 11')).text).toContain('viernes 6 de marzo a las 11:00 a. m.');
  });

  it('offers the free times of a day asked about', async () => {
    const c = conversation({ now: MONDAY, contact: { name: 'Ana' } });
    expect((await c.send('¿Tienen citas disponibles el viernes?')).text).toContain('Hay lugar a las 9:00 a. m., 9:45 a. m. o 10:30 a. m.');
  });

  it('asks the day when nothing is given', async () => {
    const c = conversation({ now: MONDAY });
    expect((await c.send('Quiero agendar una cita')).text).toContain('¿Qué día y a qué hora');
  });

  it('does not book on a "no" and asks for another time', async () => {
    const c = conversation({ now: MONDAY, contact: { name: 'Ana' } });
    await c.send('Quiero una cita el jueves a las 11');
    const no = await c.send('no');
    expect(no.actions).toEqual([]);
    expect(no.text).toContain('¿Qué otro día u horario prefieres?');
  });

  it('answers a question in the middle and asks again what it was waiting for', async () => {
    const c = conversation({ now: MONDAY, passages: services });
    await c.send('Quiero agendar una limpieza el jueves a las 4');
    const q = await c.send('¿Cuánto cuesta la endodoncia?');
    expect(q.text).toContain('$4,500');
    expect(q.text).toContain('nombre completo');
    await c.send('Laura Gómez');
    expect(bookings((await c.send('sí')).actions)).toHaveLength(1);
  });

  it('reserves "a las 8 de la noche" tomorrow with the name given as "a nombre de"', async () => {
    const c = conversation({ now: MONDAY, bot: { timezone: 'America/Monterrey', appointmentMinutes: 90 }, hours: { tue: [['07:00', '23:00']] } });
    await c.send('Quiero reservar una cancha mañana a las 8 de la noche');
    const named = await c.send('A nombre de Diego Treviño');
    expect(named.text).toContain('tu reserva de cancha a nombre de Diego Treviño');
    const done = await c.send('Sí');
    expect(bookings(done.actions)[0]!.service).toBe('Cancha');
  });

  it('offers the next slot when the booked one was taken a moment earlier, and books it on "sí"', async () => {
    const c = conversation({ now: MONDAY, contact: { name: 'Ana' } });
    await c.send('Quiero una cita el jueves a las 11');
    await c.send('Sí');
    const offer = c.conflict(at('2026-03-05T11:45'));
    expect(offer.replies.join(' ')).toContain('se acaba de ocupar');
    expect(offer.replies.join(' ')).toContain('jueves 5 de marzo a las 11:45 a. m.');
    const done = await c.send('sí');
    expect(bookings(done.actions).map((b) => local(b.start))).toEqual(['2026-03-05T11:45']);
  });

  it('says so when nothing is free after a conflict', () => {
    const c = conversation({ now: MONDAY });
    expect(c.conflict(undefined).replies.join(' ')).toContain('No encontré horarios libres');
  });
});

describe('moving and cancelling appointments', () => {
  const upcoming = [{ id: 'apt-1', start: at('2026-03-05T16:00'), end: at('2026-03-05T16:45'), service: 'Limpieza dental' }];

  it('moves the appointment after confirming the new slot', async () => {
    const c = conversation({ now: MONDAY, contact: { name: 'Laura' }, upcoming });
    const ask = await c.send('Quiero cambiar mi cita al viernes a las 10');
    expect(ask.text).toContain('jueves 5 de marzo a las 4:00 p. m.');
    expect(ask.text).toContain('del jueves 5 de marzo a las 4:00 p. m. al viernes 6 de marzo a las 10:00 a. m.');
    const done = await c.send('sí');
    expect(done.actions).toContainEqual({ type: 'reschedule', appointmentId: 'apt-1', start: at('2026-03-06T10:00'), end: at('2026-03-06T10:45') });
  });

  it('moves the appointment the customer names with a pronoun ("cambiarla")', async () => {
    const c = conversation({ now: MONDAY, contact: { name: 'Laura' }, upcoming });
    expect((await c.send('¿Puedo cambiarla al sábado a las 11?')).text).toContain('al sábado 7 de marzo a las 11:00 a. m.');
    const done = await c.send('sí');
    expect(done.actions).toContainEqual({ type: 'reschedule', appointmentId: 'apt-1', start: at('2026-03-07T11:00'), end: at('2026-03-07T11:45') });
    expect(done.actions.some((a) => a.type === 'book')).toBe(false);
  });

  it('asks the new day when none is given', async () => {
    const c = conversation({ now: MONDAY, contact: { name: 'Laura' }, upcoming });
    expect((await c.send('necesito reagendar mi cita')).text).toContain('¿Para qué día y hora la quieres cambiar?');
    const when = await c.send('el lunes a las 9');
    expect(when.text).toContain('lunes 9 de marzo a las 9:00 a. m.');
  });

  it('cancels after a confirmation, and keeps it on a "no"', async () => {
    const c = conversation({ now: MONDAY, contact: { name: 'Laura' }, upcoming });
    expect((await c.send('Quiero cancelar mi cita')).text).toContain('¿Confirmas que cancelo tu cita (Limpieza dental) del jueves 5 de marzo');
    expect((await c.send('sí')).actions).toContainEqual({ type: 'cancel', appointmentId: 'apt-1' });

    const d = conversation({ now: MONDAY, contact: { name: 'Laura' }, upcoming });
    await d.send('cancela mi cita por favor');
    const kept = await d.send('no, mejor no');
    expect(kept.actions).toEqual([]);
    expect(kept.text).toContain('sigue en pie');
  });

  it('says when there is nothing to move or cancel', async () => {
    const c = conversation({ now: MONDAY });
    expect((await c.send('quiero cancelar mi cita')).text).toContain('No encuentro citas próximas');
  });

  it('answers a question about the cancellation rules instead of cancelling', async () => {
    const c = conversation({
      now: MONDAY,
      upcoming,
      passages: [passage('Cancelaciones: pedimos avisar con al menos 24 horas de anticipación. Si la cita se cancela con menos de 24 horas, se cobra un cargo de $200.', 'Políticas')],
    });
    const reply = await c.send('¿Qué pasa si cancelo mi cita el mismo día?');
    expect(reply.text).toContain('$200');
    expect(reply.actions).toEqual([]);
  });
});
