import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CrmSummary, PipelineStage } from '@charla/shared';
import { createTestApp, engines, type TestApp } from '../../test/harness.ts';
import { as, createBot, signUp } from '../../test/accounts.ts';
import { appointments } from '../appointments/appointments.table.ts';
import { contacts, conversations, messages } from '../conversations/conversations.table.ts';
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

    // Contacts made today: Ana (phone), Beto (nothing to reach him by), Gina (added by hand, never
    // wrote) and Hugo (only the business wrote to him); 2 days ago: Carla (e-mail); 10 days ago:
    // Diego (phone); 40 days ago: Eva (phone) and Fausto, who wrote again today. The other days
    // of the period are empty.
    const made = await db
      .insert(contacts)
      .values([
        { botId, name: 'Ana', phone: '+52 33 1111 1111', createdAt: at(0, 0) },
        { botId, name: 'Beto', createdAt: at(0, 1) },
        { botId, name: 'Carla', email: 'carla@example.mx', createdAt: at(2, 23) },
        { botId, name: 'Diego', phone: '+52 33 2222 2222', createdAt: at(10, 12) },
        { botId, name: 'Eva', phone: '+52 33 3333 3333', createdAt: at(40, 12) },
        { botId, name: 'Fausto', createdAt: at(40, 13) },
        { botId, name: 'Gina', createdAt: at(0, 2) },
        { botId, name: 'Hugo', createdAt: at(0, 3) },
      ])
      .returning();
    const [ana, beto, carla, diego, eva, fausto, , hugo] = made;
    // Conversations: Ana's (the bot alone) and Beto's (a person took it); Carla's handed to a
    // person; Diego's, on the demonstration channel (a customer of the demo, counted as any);
    // Eva's; Fausto's, started 40 days ago and still the bot's; Hugo's, where only the business wrote.
    const chats = await db
      .insert(conversations)
      .values([
        { botId, contactId: ana!.id, channel: 'whatsapp', createdAt: at(0, 0) },
        { botId, contactId: beto!.id, channel: 'whatsapp', createdAt: at(0, 1), status: 'closed', humanAt: at(0, 2) },
        { botId, contactId: carla!.id, channel: 'messenger', createdAt: at(2, 23), status: 'human' },
        { botId, contactId: diego!.id, channel: 'demo', createdAt: at(10, 12) },
        { botId, contactId: eva!.id, channel: 'instagram', createdAt: at(40, 12) },
        { botId, contactId: fausto!.id, channel: 'whatsapp', createdAt: at(40, 13) },
        { botId, contactId: hugo!.id, channel: 'whatsapp', createdAt: at(0, 3) },
      ])
      .returning();
    const [anaChat, betoChat, carlaChat, diegoChat, evaChat, faustoChat, hugoChat] = chats;
    const said = (chat: (typeof chats)[number] | undefined, createdAt: Date, direction: 'in' | 'out' = 'in') => ({
      conversationId: chat!.id,
      botId,
      channel: chat!.channel,
      direction,
      author: direction === 'in' ? ('customer' as const) : ('bot' as const),
      status: direction === 'in' ? ('processed' as const) : ('sent' as const),
      text: 'hola',
      createdAt,
    });
    // Customers' messages, at 00:15 and 01:15 today local time (still yesterday in UTC) and so on;
    // Ana writes twice in her quarter hour, Carla on two days, Fausto 40 days ago and today at 09:15.
    await db.insert(messages).values([
      said(anaChat, at(0, 0)),
      said(anaChat, at(0, 0)),
      said(anaChat, at(0, 0), 'out'),
      said(betoChat, at(0, 1)),
      said(carlaChat, at(2, 23)),
      said(carlaChat, at(1, 10)),
      said(diegoChat, at(10, 12)),
      said(evaChat, at(40, 12)),
      said(faustoChat, at(40, 13)),
      said(faustoChat, at(0, 9)),
      said(hugoChat, at(0, 3), 'out'),
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

    // The owner trying the bot today in the playground: a contact with a phone, its conversation
    // and message, a booking and a move to Ganado. None of it is a customer's, so no figure counts it.
    const [test] = await db.insert(contacts).values({ botId, name: 'Yo', phone: '+52 33 9999 9999', playground: true, createdAt: at(0, 0) }).returning();
    const [tried] = await db.insert(conversations).values({ botId, contactId: test!.id, channel: 'playground', createdAt: at(0, 0) }).returning();
    await db.insert(messages).values(said(tried, at(0, 5)));
    await db.insert(appointments).values({ botId, contactId: test!.id, conversationId: tried!.id, startAt: new Date(start.getTime() + 21_600_000), endAt: new Date(end.getTime() + 21_600_000), createdAt: at(0, 0) });
    await db.insert(contactStageChanges).values({ botId, contactId: test!.id, fromStage: 'Nuevo', toStage: 'Ganado', by: 'bot', createdAt: at(0, 0) });

    const summary = async (days: string) => {
      const res = await api({ method: 'GET', url: `/api/crm/summary?botId=${botId}&days=${days}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as CrmSummary;
    };

    const week = await summary('7');
    expect(week).toMatchObject({ days: 7, timeZone: 'America/Mexico_City', from: localDay(6), to: localDay(0), wonStage: stages[3]!.name });
    expect(week.daily.map((d) => d.date)).toEqual([6, 5, 4, 3, 2, 1, 0].map(localDay));
    // Today: Ana, Beto and Fausto wrote (Fausto is no new contact); Ana, Beto, Gina and Hugo are new.
    expect(week.daily.at(-1)).toEqual({ date: localDay(0), conversations: 3, contacts: 4, leads: 1, appointments: 1, won: 1 });
    expect(week.daily.at(-2)).toEqual({ date: localDay(1), conversations: 1, contacts: 0, leads: 0, appointments: 0, won: 0 });
    expect(week.daily.at(-3)).toEqual({ date: localDay(2), conversations: 1, contacts: 1, leads: 1, appointments: 0, won: 0 });
    for (const back of [3, 4, 5, 6]) expect(week.daily.find((d) => d.date === localDay(back))).toEqual({ date: localDay(back), conversations: 0, contacts: 0, leads: 0, appointments: 0, won: 0 });
    // Carla's conversation is counted once in the period, though she wrote on two days.
    expect(week.totals).toEqual({ conversations: 4, contacts: 5, leads: 2, appointments: 1, won: 1 });
    // Ana's and Fausto's the bot handled alone.
    expect(week.botSolved).toBe(2);
    // Busiest hours: today at 00, 01 and 09, yesterday at 10 and two days ago at 23, on their
    // local weekdays (0 Monday).
    const weekday = (back: number) => (new Date(`${localDay(back)}T12:00:00Z`).getUTCDay() + 6) % 7;
    expect(week.hours[weekday(0)]![0]).toBe(1);
    expect(week.hours[weekday(0)]![1]).toBe(1);
    expect(week.hours[weekday(0)]![9]).toBe(1);
    expect(week.hours[weekday(1)]![10]).toBe(1);
    expect(week.hours[weekday(2)]![23]).toBe(1);
    expect(week.hours.flat().reduce((a, b) => a + b, 0)).toBe(5);

    const month = await summary('30');
    expect(month.daily).toHaveLength(30);
    expect(month.totals).toEqual({ conversations: 5, contacts: 6, leads: 3, appointments: 2, won: 2 });
    expect(month.botSolved).toBe(3);
    expect(month.daily.find((d) => d.date === localDay(10))).toEqual({ date: localDay(10), conversations: 1, contacts: 1, leads: 1, appointments: 1, won: 1 });

    const quarter = await summary('90');
    expect(quarter.daily).toHaveLength(90);
    expect(quarter.from).toBe(localDay(89));
    expect(quarter.daily.find((d) => d.date === localDay(40))).toEqual({ date: localDay(40), conversations: 2, contacts: 2, leads: 1, appointments: 0, won: 0 });
    // Fausto wrote 40 days ago and today: one conversation of the period.
    expect(quarter.totals).toEqual({ conversations: 6, contacts: 8, leads: 4, appointments: 2, won: 2 });
    expect(quarter.botSolved).toBe(4);
    expect(quarter.hours.flat().reduce((a, b) => a + b, 0)).toBe(8);

    // The default period is 30 days.
    expect((await api({ method: 'GET', url: `/api/crm/summary?botId=${botId}` })).json().days).toBe(30);
  });

  it('reads a range of the owner’s own beside the period of as many days before it, each figure from its own rows', async () => {
    const owner = await signUp(t);
    const api = as(t, owner);
    const botId = await createBot(t, owner, { bot_objective: 'automobile' });
    const db = t.database.db;
    // Mexico City is UTC-6 all year; instants are written as local times.
    const local = (s: string) => new Date(`${s}-06:00`);
    // The range is 1–7 March 2026; the period before it, 22–28 February.
    // Contacts made in the range: Ana (phone), Beto (nothing), Carla (e-mail, the last evening of
    // the range, already 8 March in UTC); Dani a few minutes after it. Olga (January) and Pablo
    // (in the period before, with a phone) write during the range, and Rita made on the period
    // before's last evening.
    const made = await db
      .insert(contacts)
      .values([
        { botId, name: 'Ana', phone: '+52 33 1111 1111', createdAt: local('2026-03-02T10:00:00') },
        { botId, name: 'Beto', createdAt: local('2026-03-03T11:00:00') },
        { botId, name: 'Carla', email: 'carla@example.mx', createdAt: local('2026-03-07T23:30:00') },
        { botId, name: 'Dani', phone: '+52 33 4444 4444', createdAt: local('2026-03-08T00:10:00') },
        { botId, name: 'Olga', createdAt: local('2026-01-10T09:00:00') },
        { botId, name: 'Pablo', phone: '+52 33 5555 5555', createdAt: local('2026-02-25T12:00:00') },
        { botId, name: 'Rita', createdAt: local('2026-02-28T23:50:00') },
      ])
      .returning();
    const [ana, , , dani, olga, pablo] = made;
    const chats = await db
      .insert(conversations)
      .values([ana!, olga!, pablo!, dani!].map((c) => ({ botId, contactId: c.id, channel: 'whatsapp' as const, createdAt: c.createdAt })))
      .returning();
    const [anaChat, olgaChat, pabloChat, daniChat] = chats;
    const said = (chat: (typeof chats)[number] | undefined, createdAt: Date) => ({
      conversationId: chat!.id, botId, channel: chat!.channel, direction: 'in' as const, author: 'customer' as const, status: 'processed' as const, text: 'hola', createdAt,
    });
    // Conversations of the range: Ana's, Olga's (on two days, one conversation, the first one
    // minutes after the range starts) and Pablo's (his contact is of the period before). Dani
    // writes after the range; Pablo's first message is in the period before.
    await db.insert(messages).values([
      said(anaChat, local('2026-03-02T10:00:00')),
      said(olgaChat, local('2026-03-01T00:05:00')),
      said(olgaChat, local('2026-03-05T12:00:00')),
      said(pabloChat, local('2026-02-25T12:00:00')),
      said(pabloChat, local('2026-03-06T18:00:00')),
      said(daniChat, local('2026-03-08T00:10:00')),
    ]);
    const start = local('2026-03-20T10:00:00');
    const end = local('2026-03-20T11:00:00');
    await db.insert(appointments).values([
      { botId, contactId: ana!.id, startAt: start, endAt: end, createdAt: local('2026-03-02T10:05:00') },
      { botId, contactId: olga!.id, startAt: end, endAt: local('2026-03-20T12:00:00'), createdAt: local('2026-03-05T12:05:00'), status: 'cancelled' },
      { botId, contactId: pablo!.id, startAt: local('2026-03-21T10:00:00'), endAt: local('2026-03-21T11:00:00'), createdAt: local('2026-02-26T09:00:00') },
    ]);
    await db.insert(contactStageChanges).values([
      { botId, contactId: ana!.id, fromStage: 'Negociación', toStage: 'Ganado', by: 'person', createdAt: local('2026-03-04T09:00:00') },
      { botId, contactId: pablo!.id, fromStage: 'Negociación', toStage: 'Ganado', by: 'person', createdAt: local('2026-02-27T09:00:00') },
      { botId, contactId: olga!.id, fromStage: 'Negociación', toStage: 'Ganado', by: 'person', createdAt: local('2026-02-27T10:00:00') },
    ]);

    const res = await api({ method: 'GET', url: `/api/crm/summary?botId=${botId}&from=2026-03-01&to=2026-03-07&days=90` });
    expect(res.statusCode, res.body).toBe(200);
    const range = res.json() as CrmSummary;
    // The range wins over `days`.
    expect(range).toMatchObject({ days: 7, from: '2026-03-01', to: '2026-03-07' });
    expect(range.daily.map((d) => d.date)).toEqual(['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06', '2026-03-07']);
    // Conversations (Ana, Olga, Pablo) and new contacts (Ana, Beto, Carla) are different people.
    expect(range.totals).toEqual({ conversations: 3, contacts: 3, leads: 2, appointments: 1, won: 1 });
    expect(range.daily[0]).toEqual({ date: '2026-03-01', conversations: 1, contacts: 0, leads: 0, appointments: 0, won: 0 });
    expect(range.daily[6]).toEqual({ date: '2026-03-07', conversations: 0, contacts: 1, leads: 1, appointments: 0, won: 0 });
    expect(range.botSolved).toBe(3);
    // The period before: Pablo's conversation; Pablo and Rita new, Pablo a lead; his booking; Pablo and Olga won.
    expect(range.previous).toEqual({ from: '2026-02-22', to: '2026-02-28', totals: { conversations: 1, contacts: 2, leads: 1, appointments: 1, won: 2 }, botSolved: 1 });

    // One day: the period before is the day before.
    const day = (await api({ method: 'GET', url: `/api/crm/summary?botId=${botId}&from=2026-03-08&to=2026-03-08` })).json() as CrmSummary;
    expect(day).toMatchObject({ days: 1, from: '2026-03-08', to: '2026-03-08', totals: { conversations: 1, contacts: 1, leads: 1, appointments: 0, won: 0 } });
    expect(day.previous).toMatchObject({ from: '2026-03-07', to: '2026-03-07', totals: { conversations: 0, contacts: 1, leads: 1 } });
    // The last days up to today also carry the days before them.
    const week = (await api({ method: 'GET', url: `/api/crm/summary?botId=${botId}&days=7` })).json() as CrmSummary;
    expect(week.previous).toMatchObject({ from: localDay(13), to: localDay(7) });
  });

  it('refuses a range without both ends, backwards, longer than a year or of a day that does not exist', async () => {
    const owner = await signUp(t);
    const api = as(t, owner);
    const botId = await createBot(t, owner);
    const fields = async (query: string, language = 'es') => {
      const res = await api({ method: 'GET', url: `/api/crm/summary?botId=${botId}&${query}`, headers: { 'accept-language': language } });
      expect(res.statusCode, query).toBe(400);
      return res.json().error.fields as Record<string, string>;
    };
    expect(await fields('from=2026-03-01')).toEqual({ to: 'Elige la fecha de inicio y la de fin.' });
    expect(await fields('from=2026-03-07&to=2026-03-01')).toEqual({ to: 'La fecha de fin debe ser igual o posterior a la de inicio.' });
    expect(await fields('from=2025-01-01&to=2026-01-02')).toEqual({ from: 'Elige un rango de 366 días como máximo.' });
    expect(await fields('from=2026-02-30&to=2026-03-01')).toEqual({ from: 'Usa una fecha AAAA-MM-DD.' });
    expect(await fields('from=2026-3-1&to=2026-03-02', 'en')).toEqual({ from: 'Use a YYYY-MM-DD date.' });
    // A whole year, leap day included, is allowed.
    expect((await api({ method: 'GET', url: `/api/crm/summary?botId=${botId}&from=2028-01-01&to=2028-12-31` })).json().days).toBe(366);
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
