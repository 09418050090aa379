import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CrmSummary, PipelineStage } from '@charla/shared';
import { createTestApp, engines, type TestApp } from '../../test/harness.ts';
import { as, createBot, signUp } from '../../test/accounts.ts';
import { appointments } from '../appointments/appointments.table.ts';
import { contacts, conversations } from '../conversations/conversations.table.ts';
import { contactStageChanges } from './crm.table.ts';

/** A day `back` days before today in Mexico City (UTC-6 all year), as YYYY-MM-DD. */
const localDay = (back: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City' }).format(new Date(Date.now() - back * 86_400_000));
/** An instant of that day at a local hour. */
const at = (back: number, hour: number) => new Date(`${localDay(back)}T${String(hour).padStart(2, '0')}:15:00-06:00`);

describe.each(engines)('crm summary on %s', (dbEngine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dbEngine);
  }, 60_000);
  afterAll(() => t?.close());

  it('counts each day of the period in the bot’s time zone, with empty days, the funnel, busiest hours and the bot’s share', async () => {
    const owner = await signUp(t);
    const api = as(t, owner);
    const botId = await createBot(t, owner, { bot_objective: 'automobile', business_name: 'Autos León' });
    const stages = (await api({ method: 'GET', url: `/api/pipeline/${botId}/stages` })).json().stages as PipelineStage[];
    const db = t.database.db;

    // Today: Ana (phone) and Beto (nothing to reach him by); 2 days ago: Carla (e-mail); 10 days
    // ago: Diego (phone); 40 days ago: Eva (phone). The other days of the period are empty.
    const made = await db
      .insert(contacts)
      .values([
        { botId, name: 'Ana', phone: '+52 33 1111 1111', createdAt: at(0, 0) },
        { botId, name: 'Beto', createdAt: at(0, 1) },
        { botId, name: 'Carla', email: 'carla@example.mx', createdAt: at(2, 23) },
        { botId, name: 'Diego', phone: '+52 33 2222 2222', createdAt: at(10, 12) },
        { botId, name: 'Eva', phone: '+52 33 3333 3333', createdAt: at(40, 12) },
      ])
      .returning();
    const [ana, beto, carla, diego, eva] = made;
    // Conversations: Ana's (the bot alone) and Beto's (a person took it) today at 00:15 and 01:15
    // local time, which is still yesterday in UTC; Carla's handed to a person; Diego's; Eva's.
    await db.insert(conversations).values([
      { botId, contactId: ana!.id, channel: 'whatsapp', createdAt: at(0, 0) },
      { botId, contactId: beto!.id, channel: 'whatsapp', createdAt: at(0, 1), status: 'closed', humanAt: at(0, 2) },
      { botId, contactId: carla!.id, channel: 'messenger', createdAt: at(2, 23), status: 'human' },
      { botId, contactId: diego!.id, channel: 'whatsapp', createdAt: at(10, 12) },
      { botId, contactId: eva!.id, channel: 'instagram', createdAt: at(40, 12) },
    ]);
    const start = new Date(Date.now() + 86_400_000);
    const end = new Date(start.getTime() + 3_600_000);
    await db.insert(appointments).values([
      { botId, contactId: ana!.id, startAt: start, endAt: end, createdAt: at(0, 0) },
      { botId, contactId: carla!.id, startAt: new Date(start.getTime() + 7_200_000), endAt: new Date(end.getTime() + 7_200_000), createdAt: at(2, 23), status: 'cancelled' },
      { botId, contactId: diego!.id, startAt: new Date(start.getTime() + 14_400_000), endAt: new Date(end.getTime() + 14_400_000), createdAt: at(10, 13) },
    ]);
    // Won: Ana today (moved there twice, counted once); Diego 10 days ago. A move within Ganado or
    // to another stage does not count.
    await db.insert(contactStageChanges).values([
      { botId, contactId: ana!.id, fromStage: 'Nuevo', toStage: 'Ganado', by: 'person', createdAt: at(0, 0) },
      { botId, contactId: ana!.id, fromStage: 'Perdido', toStage: 'Ganado', by: 'person', createdAt: at(0, 1) },
      { botId, contactId: beto!.id, fromStage: 'Nuevo', toStage: 'Interesado', by: 'bot', createdAt: at(0, 1) },
      { botId, contactId: diego!.id, fromStage: 'Negociación', toStage: 'Ganado', by: 'bot', createdAt: at(10, 14) },
    ]);

    const summary = async (days: string) => {
      const res = await api({ method: 'GET', url: `/api/crm/summary?botId=${botId}&days=${days}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as CrmSummary;
    };

    const week = await summary('7');
    expect(week).toMatchObject({ days: 7, timeZone: 'America/Mexico_City', from: localDay(6), to: localDay(0), wonStage: stages[3]!.name });
    expect(week.daily.map((d) => d.date)).toEqual([6, 5, 4, 3, 2, 1, 0].map(localDay));
    expect(week.daily.at(-1)).toEqual({ date: localDay(0), conversations: 2, contacts: 2, leads: 1, appointments: 1, won: 1 });
    expect(week.daily.at(-3)).toEqual({ date: localDay(2), conversations: 1, contacts: 1, leads: 1, appointments: 0, won: 0 });
    for (const back of [1, 3, 4, 5, 6]) expect(week.daily.find((d) => d.date === localDay(back))).toEqual({ date: localDay(back), conversations: 0, contacts: 0, leads: 0, appointments: 0, won: 0 });
    expect(week.totals).toEqual({ conversations: 3, contacts: 3, leads: 2, appointments: 1, won: 1 });
    expect(week.botSolved).toBe(1);
    // Busiest hours: 00:15 and 01:15 today, 23:15 two days ago, on their local weekdays (0 Monday).
    const weekday = (back: number) => (new Date(`${localDay(back)}T12:00:00Z`).getUTCDay() + 6) % 7;
    expect(week.hours[weekday(0)]![0]).toBe(1);
    expect(week.hours[weekday(0)]![1]).toBe(1);
    expect(week.hours[weekday(2)]![23]).toBe(1);
    expect(week.hours.flat().reduce((a, b) => a + b, 0)).toBe(3);

    const month = await summary('30');
    expect(month.daily).toHaveLength(30);
    expect(month.totals).toEqual({ conversations: 4, contacts: 4, leads: 3, appointments: 2, won: 2 });
    expect(month.botSolved).toBe(2);
    expect(month.daily.find((d) => d.date === localDay(10))).toEqual({ date: localDay(10), conversations: 1, contacts: 1, leads: 1, appointments: 1, won: 1 });

    const quarter = await summary('90');
    expect(quarter.daily).toHaveLength(90);
    expect(quarter.from).toBe(localDay(89));
    expect(quarter.totals).toEqual({ conversations: 5, contacts: 5, leads: 4, appointments: 2, won: 2 });
    expect(quarter.hours.flat().reduce((a, b) => a + b, 0)).toBe(5);

    // The default period is 30 days.
    expect((await api({ method: 'GET', url: `/api/crm/summary?botId=${botId}` })).json().days).toBe(30);
  });

  it('refuses a period other than 7, 30 or 90 days in the reader’s language, and another owner’s bot', async () => {
    const owner = await signUp(t);
    const api = as(t, owner);
    const botId = await createBot(t, owner);
    const es = await api({ method: 'GET', url: `/api/crm/summary?botId=${botId}&days=14` });
    expect(es.statusCode).toBe(400);
    expect(es.json().error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { days: 'Elige un periodo de 7, 30 o 90 días.' } });
    const en = await api({ method: 'GET', url: `/api/crm/summary?botId=${botId}&days=abc`, headers: { 'accept-language': 'en' } });
    expect(en.statusCode).toBe(400);
    expect(en.json().error.fields).toEqual({ days: 'Choose a period of 7, 30 or 90 days.' });
    expect((await api({ method: 'GET', url: `/api/crm/summary?botId=${botId}&days=7&x=1` })).statusCode).toBe(400);
    expect((await api({ method: 'GET', url: '/api/crm/summary?days=7' })).statusCode).toBe(400);

    const other = as(t, await signUp(t));
    expect((await other({ method: 'GET', url: `/api/crm/summary?botId=${botId}&days=7` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/crm/summary?botId=${botId}&days=7` })).statusCode).toBe(401);
    // An appointments bot counts its Atendido stage as won.
    expect((await api({ method: 'GET', url: `/api/crm/summary?botId=${botId}&days=7` })).json().wonStage).toBe('Atendido');
  });
});
