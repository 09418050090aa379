import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '../../test/harness.ts';
import { offlineEngine } from '../../engine/offline/offline-engine.ts';
import { localParts } from '@charla/shared/dates';
import { bots } from '../../modules/bots/bots.table.ts';
import { appointments } from '../../modules/appointments/appointments.table.ts';
import type { messages } from '../../modules/conversations/conversations.table.ts';
import { botMessages, messagingPayload, metaId, metaTestApp, pageBot, postWebhook, until, waMessagePayload, waTextPayload, wamid, whatsappBot, type MetaTestApp } from './test-support/meta-test-app.ts';

type Row = typeof messages.$inferSelect;
const outbound = (rows: Row[]) => rows.filter((r) => r.direction === 'out');
const MONTHS = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];

/** "el 3 de diciembre": a weekday about ten days ahead in the bot's time zone, open all day. */
function aWeekdayAhead(timeZone: string): string {
  for (let d = 10; ; d++) {
    const day = localParts(new Date(Date.now() + d * 86_400_000), timeZone);
    if (day.weekday >= 1 && day.weekday <= 5) return `el ${day.day} de ${MONTHS[day.month - 1]}`;
  }
}

type ListBody = { type: string; interactive: { type: string; body: { text: string }; action: { button: string; sections: { rows: { id: string; title: string; description?: string }[] }[] } } };
type ButtonsBody = { interactive: { type: string; action: { buttons: { reply: { id: string; title: string } }[] } } };
type QuickBody = { message: { text: string; quick_replies?: { content_type: string; title: string; payload: string }[] } };

/** A customer's tap on a row of a list we sent, in Meta's webhook shape. */
function waListReply(phoneNumberId: string, from: string, replyTo: string, row: { id: string; title: string; description?: string }) {
  return waMessagePayload(phoneNumberId, from, {
    context: { from: '15550783881', id: replyTo },
    id: wamid(),
    timestamp: String(Math.floor(Date.now() / 1000)),
    type: 'interactive',
    interactive: { type: 'list_reply', list_reply: row },
  });
}

describe.each(engines)('options to tap on Meta channels, with the offline engine, on %s', (dbEngine) => {
  let m: MetaTestApp;

  beforeAll(async () => {
    m = await metaTestApp(dbEngine, {}, offlineEngine());
  });
  afterAll(() => m?.close());

  const booked = (botId: string) => m.t.database.db.select().from(appointments).where(eq(appointments.botId, botId));

  it('WhatsApp: the free times go out as a list checked against Meta\'s schema, and the row tapped is booked', async () => {
    const { botId, phoneNumberId } = await whatsappBot(m.t);
    const [bot] = await m.t.database.db.select().from(bots).where(eq(bots.id, botId));
    const customer = '5213312345678';
    const day = aWeekdayAhead(bot!.timezone);

    await postWebhook(m.t, waTextPayload(phoneNumberId, customer, `Hola, quiero agendar una cita ${day}`, { name: 'Lucía Gómez' }));
    const first = await until(() => botMessages(m.t, botId), (r) => outbound(r).some((o) => o.status === 'sent'));
    const list = m.graph.sends(phoneNumberId).at(-1)!.body as ListBody;
    expect(m.graph.violations).toEqual([]);
    expect(list.type).toBe('interactive');
    expect(list.interactive.type).toBe('list');
    expect(list.interactive.body.text).toContain('Hay lugar a las 9:00 a. m.');
    expect(list.interactive.action.button).toBe('Ver horarios');
    const rows = list.interactive.action.sections[0]!.rows;
    expect(rows).toHaveLength(10);
    expect(rows[0]).toMatchObject({ id: expect.stringMatching(/^slot:/), title: '9:00 a. m.' });
    // The dashboard keeps the text and the options of the reply.
    const reply = outbound(first).at(-1)!;
    expect(reply.text).toBe(list.interactive.body.text);
    expect(reply.choices?.options.map((o) => o.id)).toEqual(rows.map((r) => r.id));

    const row = rows[3]!;
    expect((await postWebhook(m.t, waListReply(phoneNumberId, customer, reply.externalId!, row))).statusCode).toBe(200);
    const [appointment] = await until(() => booked(botId), (a) => a.length === 1);
    expect(`slot:${appointment!.startAt.toISOString()}`).toBe(row.id);

    const rows2 = await until(() => botMessages(m.t, botId), (r) => outbound(r).length === 2 && outbound(r).every((o) => o.status === 'sent'));
    const tap = rows2.find((r) => r.direction === 'in' && r.chosen);
    expect(tap).toMatchObject({ text: row.title, chosen: { id: row.id, title: row.title } });
    const done = m.graph.sends(phoneNumberId).at(-1)!.body as { type: string; text: { body: string } };
    expect(done.type).toBe('text');
    expect(done.text.body).toContain(`quedó agendada para`);
    expect(done.text.body).toContain(row.title);
    expect(m.graph.violations).toEqual([]);
  });

  it('Messenger: the free times go out as quick replies; the one tapped, the name and a tapped "Sí, confirmo" book it', async () => {
    const { botId, pageId } = await pageBot(m.t);
    const [bot] = await m.t.database.db.select().from(bots).where(eq(bots.id, botId));
    const psid = metaId();
    let clock = Date.now();
    const say = (message: Record<string, unknown>) =>
      postWebhook(m.t, messagingPayload('page', pageId, [{ sender: { id: psid }, recipient: { id: pageId }, timestamp: ++clock, message: { mid: `m_${wamid()}`, ...message } }]));
    const sentCount = async (n: number) => until(() => botMessages(m.t, botId), (r) => outbound(r).length === n && outbound(r).every((o) => o.status === 'sent'));

    await say({ text: `Quiero una cita ${aWeekdayAhead(bot!.timezone)}` });
    await sentCount(1);
    const times = m.graph.sends(pageId).at(-1)!.body as QuickBody;
    expect(times.message.text).toContain('Hay lugar a las');
    expect(times.message.quick_replies).toHaveLength(10);
    const pick = times.message.quick_replies![1]!;
    expect(pick).toMatchObject({ content_type: 'text', title: '9:30 a. m.', payload: expect.stringMatching(/^slot:/) });

    await say({ text: pick.title, quick_reply: { payload: pick.payload } });
    await sentCount(2);
    expect((m.graph.sends(pageId).at(-1)!.body as QuickBody).message.text).toMatch(/está disponible\. ¿A nombre de quién/);

    await say({ text: 'Marta Ruiz' });
    await sentCount(3);
    const confirm = m.graph.sends(pageId).at(-1)!.body as QuickBody;
    expect(confirm.message.text).toMatch(/^¿Confirmo tu cita a nombre de Marta Ruiz para /);
    expect(confirm.message.quick_replies).toEqual([
      { content_type: 'text', title: 'Sí, confirmo', payload: 'yes' },
      { content_type: 'text', title: 'No', payload: 'no' },
    ]);
    expect(await booked(botId)).toEqual([]);

    await say({ text: 'Sí, confirmo', quick_reply: { payload: 'yes' } });
    const [appointment] = await until(() => booked(botId), (a) => a.length === 1);
    expect(`slot:${appointment!.startAt.toISOString()}`).toBe(pick.payload);
    await sentCount(4);
    expect((m.graph.sends(pageId).at(-1)!.body as QuickBody).message).toEqual({ text: expect.stringContaining('quedó agendada') });
  });

  it('WhatsApp: a yes / no question goes out as two reply buttons', async () => {
    const { botId, phoneNumberId } = await whatsappBot(m.t);
    const [bot] = await m.t.database.db.select().from(bots).where(eq(bots.id, botId));
    await postWebhook(m.t, waTextPayload(phoneNumberId, '5213399887766', `Quiero una cita ${aWeekdayAhead(bot!.timezone)} a las 11 de la mañana`, { name: 'Pedro Salas' }));
    await until(() => botMessages(m.t, botId), (r) => outbound(r).some((o) => o.status === 'sent'));
    const body = m.graph.sends(phoneNumberId).at(-1)!.body as ButtonsBody;
    expect(m.graph.violations).toEqual([]);
    expect(body.interactive.type).toBe('button');
    expect(body.interactive.action.buttons.map((b) => b.reply)).toEqual([
      { id: 'yes', title: 'Sí, confirmo' },
      { id: 'no', title: 'No' },
    ]);
  });
});
