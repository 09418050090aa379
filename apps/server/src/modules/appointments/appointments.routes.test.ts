import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import { createTestApp, engines, type TestApp } from '../../test/harness.ts';
import { as, createBot, signUp, type Account } from '../../test/accounts.ts';
import { REMINDER_JOB } from './reminders.ts';

// Monday 4 March 2030 in Mexico City (UTC-6): open 09:00–18:00, appointments of 30 minutes.
const at = (local: string) => new Date(`2030-03-04T${local}:00-06:00`).toISOString();
const tuesday = (local: string) => new Date(`2030-03-05T${local}:00-06:00`).toISOString();

describe.each(engines)('appointments routes on %s', (engine) => {
  let t: TestApp;
  let owner: Account;
  let other: Account;
  let botId: string;

  beforeAll(async () => {
    t = await createTestApp(engine);
    owner = await signUp(t);
    other = await signUp(t);
    botId = await createBot(t, owner);
  });
  afterAll(() => t?.close());

  const asOwner = (opts: Parameters<ReturnType<typeof as>>[0]) => as(t, owner)(opts);
  const book = (body: Record<string, unknown>) => asOwner({ method: 'POST', url: '/api/appointments', payload: { botId, ...body } });
  const reminderJobs = async (appointmentId: string) => {
    return queryRows<{ state: string; start_after: Date; data: { startAt: string } }>(
      t.database.db,
      sql`select state, start_after, data from pgboss.job where name = ${REMINDER_JOB} and data->>'appointmentId' = ${appointmentId}`,
    );
  };

  it('books for a new contact, lists the range and refuses a range over 92 days', async () => {
    const res = await book({ contact: { name: 'Lucía Pérez', phone: '+52 33 5555 0101' }, start: at('10:00'), service: 'Limpieza', notes: 'Primera visita' });
    expect(res.statusCode).toBe(201);
    const a = res.json().appointment;
    expect(a).toMatchObject({ status: 'booked', source: 'owner', service: 'Limpieza', notes: 'Primera visita', start: at('10:00'), end: at('10:30'), contact: { name: 'Lucía Pérez' } });
    const list = await asOwner({ method: 'GET', url: `/api/appointments?botId=${botId}&from=${encodeURIComponent(at('00:00'))}&to=${encodeURIComponent(at('23:59'))}` });
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((i: { id: string }) => i.id)).toEqual([a.id]);
    const none = await asOwner({ method: 'GET', url: `/api/appointments?botId=${botId}&from=${encodeURIComponent(at('00:00'))}&to=${encodeURIComponent(at('23:59'))}&status=cancelled` });
    expect(none.json().items).toEqual([]);
    const wide = await asOwner({ method: 'GET', url: `/api/appointments?botId=${botId}&from=2030-01-01T00:00:00Z&to=2030-04-05T00:00:00Z`, headers: { 'accept-language': 'es' } });
    expect(wide.statusCode).toBe(400);
    expect(wide.json().error.fields.to).toMatch(/92 días/);
    const bad = await asOwner({ method: 'GET', url: `/api/appointments?botId=${botId}&from=mañana&to=2030-04-03T00:00:00Z` });
    expect(bad.statusCode).toBe(400);
    expect((await book({ contact: { name: 'Sin hora' } })).statusCode).toBe(400);
    expect((await book({ start: at('12:00') })).statusCode).toBe(400);
  });

  it('answers 409 SLOT_TAKEN with the next free slots, and needs force outside the opening hours', async () => {
    const first = (await book({ contact: { name: 'Marco' }, start: at('11:00') })).json().appointment;
    const clash = await book({ contactId: first.contact.id, start: at('11:15') });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error.code).toBe('SLOT_TAKEN');
    expect(clash.json().error.nextSlots.slice(0, 2)).toEqual([at('11:30'), at('12:00')]);
    const late = await book({ contactId: first.contact.id, start: at('19:00') });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('OUTSIDE_HOURS');
    const forced = await book({ contactId: first.contact.id, start: at('19:00'), force: true });
    expect(forced.statusCode).toBe(201);
    // A move onto a taken time is refused the same way; the appointment stays where it was.
    const move = await asOwner({ method: 'PATCH', url: `/api/appointments/${forced.json().appointment.id}`, payload: { start: at('11:00') } });
    expect(move.statusCode).toBe(409);
    expect(move.json().error.code).toBe('SLOT_TAKEN');
  });

  it('never offers a moved appointment the time it already has', async () => {
    await book({ contact: { name: 'Ana' }, start: tuesday('13:00') });
    const b = (await book({ contact: { name: 'Beto' }, start: tuesday('14:00') })).json().appointment;
    const move = await asOwner({ method: 'PATCH', url: `/api/appointments/${b.id}`, payload: { start: tuesday('13:00') } });
    expect(move.statusCode).toBe(409);
    const slots: string[] = move.json().error.nextSlots;
    expect(slots[0]).toBe(tuesday('13:30'));
    expect(slots).not.toContain(tuesday('14:00'));
    expect(slots[1]).toBe(tuesday('14:30'));
  });

  it('marks an appointment completed or no-show only once it has started, and says whether the customer was told', async () => {
    const future = (await book({ contact: { name: 'Futura' }, start: tuesday('09:00') })).json().appointment;
    const early = await asOwner({ method: 'PATCH', url: `/api/appointments/${future.id}`, payload: { status: 'completed' }, headers: { 'accept-language': 'es' } });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('APPOINTMENT_NOT_STARTED');
    expect(early.json().error.message).toMatch(/todavía no ocurre/);
    expect((await asOwner({ method: 'PATCH', url: `/api/appointments/${future.id}`, payload: { status: 'no_show' } })).statusCode).toBe(409);
    expect((await asOwner({ method: 'PATCH', url: `/api/appointments/${future.id}`, payload: { status: 'confirmed' } })).statusCode).toBe(200);

    const past = (await book({ contact: { name: 'Pasada' }, start: '2020-03-02T16:00:00.000Z', force: true })).json().appointment;
    const done = await asOwner({ method: 'PATCH', url: `/api/appointments/${past.id}`, payload: { status: 'completed' } });
    expect(done.statusCode).toBe(200);
    expect(done.json().appointment.status).toBe('completed');

    // No conversation with the contact: nobody could be told.
    const cancelled = await asOwner({ method: 'DELETE', url: `/api/appointments/${future.id}` });
    expect(cancelled.json()).toMatchObject({ appointment: { status: 'cancelled' }, customerNotified: false });
  });

  it('moves an appointment with one reminder job per offset, and cancelling drops it', async () => {
    const toRoom = vi.spyOn(t.app.realtime, 'toRoom');
    const a = (await book({ contact: { name: 'Rosa' }, start: at('15:00') })).json().appointment;
    expect(toRoom).toHaveBeenCalledWith(`bot:${botId}`, 'appointmentChanged', expect.objectContaining({ change: 'created', by: 'owner' }));
    let jobs = await reminderJobs(a.id);
    expect(jobs.filter((j) => j.state === 'created').map((j) => [j.data.startAt, new Date(j.start_after).toISOString()])).toEqual([[at('15:00'), new Date(Date.parse(at('15:00')) - 86_400_000).toISOString()]]);

    const moved = await asOwner({ method: 'PATCH', url: `/api/appointments/${a.id}`, payload: { start: at('16:00'), notes: 'Trae estudios' } });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().appointment).toMatchObject({ start: at('16:00'), end: at('16:30'), notes: 'Trae estudios', status: 'booked' });
    jobs = await reminderJobs(a.id);
    expect(jobs.filter((j) => j.state === 'created').map((j) => j.data.startAt)).toEqual([at('16:00')]);
    expect(jobs.filter((j) => j.state === 'cancelled').map((j) => j.data.startAt)).toEqual([at('15:00')]);
    // Setting it again (a retried request) queues nothing twice.
    await asOwner({ method: 'PATCH', url: `/api/appointments/${a.id}`, payload: { start: at('16:00') } });
    expect((await reminderJobs(a.id)).filter((j) => j.state === 'created')).toHaveLength(1);

    const confirmed = await asOwner({ method: 'PATCH', url: `/api/appointments/${a.id}`, payload: { status: 'confirmed' } });
    expect(confirmed.json().appointment.status).toBe('confirmed');
    const cancelled = await asOwner({ method: 'DELETE', url: `/api/appointments/${a.id}` });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().appointment.status).toBe('cancelled');
    expect((await reminderJobs(a.id)).filter((j) => j.state === 'created')).toEqual([]);
    expect(toRoom).toHaveBeenCalledWith(`bot:${botId}`, 'appointmentChanged', expect.objectContaining({ change: 'cancelled' }));
    const list = await asOwner({ method: 'GET', url: `/api/appointments?botId=${botId}&from=${encodeURIComponent(at('00:00'))}&to=${encodeURIComponent(at('23:59'))}&status=cancelled` });
    expect(list.json().items.map((i: { id: string }) => i.id)).toEqual([a.id]);
    // Its time is free again.
    expect((await book({ contactId: a.contact.id, start: at('16:00') })).statusCode).toBe(201);
    toRoom.mockRestore();
  });

  it("sets the reminders again when the bot's reminder settings change: one job per appointment and offset; the sweep reads only marked rows", async () => {
    const a = (await book({ contact: { name: 'Elena' }, start: at('17:00') })).json().appointment;
    const b = (await book({ contact: { name: 'Tomás' }, start: at('17:30') })).json().appointment;
    const created = async (id: string) => (await reminderJobs(id)).filter((j) => j.state === 'created').map((j) => (Date.parse(j.data.startAt) - new Date(j.start_after).getTime()) / 60_000);
    expect(await created(a.id)).toEqual([1440]);
    const rowsOf = () => queryRows<{ id: string; updated_at: string; reminders_synced_at: string }>(t.database.db, sql`select id, updated_at::text, reminders_synced_at::text from appointments where bot_id = ${botId} order by id`);
    const before = await rowsOf();

    const res = await asOwner({ method: 'PATCH', url: `/bot/${botId}/reminders`, payload: { enabled: true, minutes_before: 120, message: 'Hola {nombre}, te esperamos a las {hora}.' } });
    expect(res.statusCode).toBe(200);
    // Set by the change itself, once per appointment and offset; the appointments themselves did not change.
    expect(await created(a.id)).toEqual([120]);
    expect(await created(b.id)).toEqual([120]);
    expect((await rowsOf()).map((r) => r.updated_at)).toEqual(before.map((r) => r.updated_at));
    // The same settings again queue nothing twice.
    await asOwner({ method: 'PATCH', url: `/bot/${botId}/reminders`, payload: { enabled: true, minutes_before: 120, message: 'Hola {nombre}, te esperamos a las {hora}.' } });
    expect(await created(a.id)).toEqual([120]);

    // The sweep reads only rows marked as needing reminders: none now, so it sets no job.
    const send = vi.spyOn(t.app.jobs, 'send');
    await t.modules.appointments.afterBotTurn();
    expect(send).not.toHaveBeenCalled();
    // Other settings of the bot do not set reminders again.
    expect((await asOwner({ method: 'PATCH', url: `/bot/${botId}`, payload: { bot_name: 'Sofía Luz' } })).statusCode).toBe(200);
    await t.modules.appointments.afterBotTurn();
    expect(send).not.toHaveBeenCalled();
    // A change of the settings that died before its follow-up: the marked rows are swept, once each.
    await asOwner({ method: 'PATCH', url: `/bot/${botId}/reminders`, payload: { enabled: true, minutes_before: 60, message: 'Hola {nombre}.' } });
    send.mockClear();
    await t.database.db.execute(sql`update appointments set reminders_outdated = true where id = ${a.id}`);
    await t.modules.appointments.afterBotTurn();
    expect(send.mock.calls.map(([, data]) => (data as { appointmentId: string }).appointmentId)).toEqual([a.id]);
    expect(await created(a.id)).toEqual([60]);
    send.mockRestore();
  });

  it("leaves the owner's tries in the playground out of the list, the feed and the contact search", async () => {
    const wed = (local: string) => new Date(`2030-03-06T${local}:00-06:00`).toISOString();
    const real = (await book({ contact: { name: 'Clienta Real' }, start: wed('10:00') })).json().appointment;
    const tried = (await book({ contact: { name: 'Prueba Playground' }, start: wed('11:00') })).json().appointment;
    // The playground's contact is flagged when it is made; here it is flagged after the booking.
    await t.database.db.execute(sql`update contacts set playground = true where id = ${tried.contact.id}`);
    const range = `from=${encodeURIComponent(wed('00:00'))}&to=${encodeURIComponent(wed('23:59'))}`;
    const listed = await asOwner({ method: 'GET', url: `/api/appointments?botId=${botId}&${range}` });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().items.map((i: { id: string }) => i.id)).toEqual([real.id]);
    expect((await asOwner({ method: 'GET', url: `/api/appointments?botId=${botId}&${range}&status=booked` })).json().items).toHaveLength(1);
    expect((await asOwner({ method: 'GET', url: `/api/appointments/contacts?botId=${botId}&q=prueba` })).json().items).toEqual([]);
    expect((await asOwner({ method: 'GET', url: `/api/appointments/contacts?botId=${botId}&q=real` })).json().items.map((c: { name: string }) => c.name)).toEqual(['Clienta Real']);
  });

  it('refuses another owner and unknown appointments', async () => {
    const a = (await book({ contact: { name: 'Iván' }, start: at('13:00') })).json().appointment;
    const intruder = as(t, other);
    const range = `from=${encodeURIComponent(at('00:00'))}&to=${encodeURIComponent(at('23:59'))}`;
    expect((await intruder({ method: 'GET', url: `/api/appointments?botId=${botId}&${range}` })).statusCode).toBe(403);
    expect((await intruder({ method: 'POST', url: '/api/appointments', payload: { botId, contact: { name: 'X' }, start: at('14:00') } })).statusCode).toBe(403);
    expect((await intruder({ method: 'PATCH', url: `/api/appointments/${a.id}`, payload: { notes: 'mío' } })).statusCode).toBe(403);
    expect((await intruder({ method: 'DELETE', url: `/api/appointments/${a.id}` })).statusCode).toBe(403);
    expect((await intruder({ method: 'GET', url: `/api/appointments/feed?botId=${botId}` })).statusCode).toBe(403);
    expect((await intruder({ method: 'GET', url: `/api/appointments/contacts?botId=${botId}&q=iv` })).statusCode).toBe(403);
    // Another owner's contact cannot be booked on this bot either.
    const theirBot = await createBot(t, other);
    const theirs = (await intruder({ method: 'POST', url: '/api/appointments', payload: { botId: theirBot, contact: { name: 'Z' }, start: at('14:00') } })).json().appointment;
    expect((await book({ contactId: theirs.contact.id, start: at('14:00') })).statusCode).toBe(404);
    expect((await asOwner({ method: 'PATCH', url: '/api/appointments/00000000-0000-4000-8000-000000000000', payload: { notes: 'x' } })).statusCode).toBe(404);
    expect((await as(t, owner)({ method: 'GET', url: `/api/appointments/contacts?botId=${botId}&q=iv` })).json().items.map((c: { name: string }) => c.name)).toEqual(['Iván']);
  });

  it('serves an iCalendar feed behind a secret link the owner can change', async () => {
    // The feed covers the last 60 days and the next year.
    const soon = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 2 * 86_400_000);
    await book({ contact: { name: 'Lucía Pérez' }, start: soon.toISOString(), service: 'Limpieza', force: true });
    // The owner's try in the playground stays out of the feed.
    const tried = (await book({ contact: { name: 'Prueba Feed' }, start: new Date(soon.getTime() + 3_600_000).toISOString(), force: true })).json().appointment;
    await t.database.db.execute(sql`update contacts set playground = true where id = ${tried.contact.id}`);
    const first = await asOwner({ method: 'GET', url: `/api/appointments/feed?botId=${botId}` });
    expect(first.statusCode).toBe(200);
    const url = new URL(first.json().url);
    expect(url.pathname).toMatch(/^\/api\/appointments\/feed\/[\w-]{20,}\.ics$/);
    expect((await asOwner({ method: 'GET', url: `/api/appointments/feed?botId=${botId}` })).json().url).toBe(first.json().url);
    const ics = await t.app.inject({ method: 'GET', url: url.pathname });
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toMatch(/^text\/calendar/);
    expect(ics.body).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(ics.body).toContain(`DTSTART:${soon.toISOString().replace(/[-:]/g, '').replace('.000', '')}`);
    expect(ics.body).toContain('SUMMARY:Limpieza — Lucía Pérez');
    expect(ics.body).not.toContain('Prueba Feed');
    const renewed = await asOwner({ method: 'POST', url: `/api/appointments/feed?botId=${botId}` });
    expect(renewed.json().url).not.toBe(first.json().url);
    expect((await t.app.inject({ method: 'GET', url: url.pathname })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: new URL(renewed.json().url).pathname })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/appointments/feed/not-a-token.ics' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/appointments/feed/${'x'.repeat(90)}` })).statusCode).toBe(404);
  });
});
