import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Contact, ContactList, ContactTimeline, PipelineStage } from '@charla/shared';
import { engines } from '../../test/harness.ts';
import { scriptedEngine } from '../../test/scripted-engine.ts';
import type { EngineAction } from '../../engine/types.ts';
import { metaTestApp, postWebhook, until, waTextPayload, whatsappBot, type MetaTestApp } from '../../channels/meta/test-support/meta-test-app.ts';
import type { as } from '../../test/accounts.ts';
import { automaticStages } from './crm.service.ts';

/** What the customer's words make the scripted bot do. */
function actionsFor(text: string, now: Date): EngineAction[] {
  if (text.includes('correo')) return [{ type: 'update_contact', email: 'cliente@example.mx' }];
  if (text.includes('busco')) return [{ type: 'capture', interest: 'Blanqueamiento', budget: 'hasta 3 mil' }];
  if (text.includes('agenda')) {
    const start = new Date(now.getTime() + 2 * 86_400_000 + Math.floor(Math.random() * 1e6) * 60_000);
    return [{ type: 'book', start, end: new Date(start.getTime() + 1_800_000), service: 'Consulta' }];
  }
  return [];
}

describe.each(engines)('the bot moves contacts along the pipeline on %s', (dbEngine) => {
  let m: MetaTestApp;
  const engine = scriptedEngine((ctx) => ({ replies: ['Listo'], actions: ctx.incoming.flatMap((t) => actionsFor(t, ctx.now)) }));

  beforeAll(async () => {
    m = await metaTestApp(dbEngine, {}, engine);
  }, 60_000);
  afterAll(() => m?.close());

  type Api = ReturnType<typeof as>;
  const contactOf = async (api: Api, botId: string, phone: string) => {
    const items = ((await api({ method: 'GET', url: `/api/contacts?botId=${botId}&q=${phone.slice(-8)}` })).json() as ContactList).items;
    return items[0];
  };
  const stagesOf = async (api: Api, botId: string) => ((await api({ method: 'GET', url: `/api/pipeline/${botId}/stages` })).json() as { stages: PipelineStage[] }).stages;
  const customer = () => `521${String(Math.floor(Math.random() * 1e10)).padStart(10, '0')}`;
  /** One message of the customer, answered (the bot's reply is stored after the turn's follow-up). */
  const say = async (api: Api, botId: string, phoneNumberId: string, from: string, text: string, check: (c: Contact) => boolean): Promise<Contact> => {
    await postWebhook(m.t, waTextPayload(phoneNumberId, from, text, { name: 'Cliente' }));
    return (await until(() => contactOf(api, botId, from), (c) => Boolean(c && check(c))))!;
  };

  it('a lead goes to the second stage and a booking to the appointment stage (sales pipeline)', async () => {
    const { botId, api, phoneNumberId } = await whatsappBot(m.t);
    await api({ method: 'PATCH', url: `/bot/${botId}`, payload: { purpose: 'sales' } });
    const stages = await stagesOf(api, botId);
    const { lead, appointment } = automaticStages(stages.map((s) => ({ ...s, createdAt: new Date() })), stages.length === 4 ? 'appointments' : 'sales');
    expect(lead && appointment).toBeTruthy();

    const from = customer();
    const first = await say(api, botId, phoneNumberId, from, 'hola', (c) => Boolean(c.lastContactAt));
    expect(first.stageId).toBe(stages[0]!.id);
    const asLead = await say(api, botId, phoneNumberId, from, 'mi correo es cliente@example.mx', (c) => c.stageId === lead!.id);
    expect(asLead).toMatchObject({ email: 'cliente@example.mx', stageSetBy: 'bot' });
    // Saving the contact's card with the stage it is in is not a placement by hand.
    const saved = await api({ method: 'PATCH', url: `/api/contacts/${asLead.id}`, payload: { stageId: lead!.id, tags: ['auto'] } });
    expect(saved.json().contact).toMatchObject({ stageId: lead!.id, stageSetBy: 'bot', tags: ['auto'] });
    const booked = await say(api, botId, phoneNumberId, from, 'agenda una cita', (c) => c.stageId === appointment!.id);
    expect(booked.stageSetBy).toBe('bot');
    // Never backwards: a lead again leaves it where it is.
    await say(api, botId, phoneNumberId, from, 'busco algo', (c) => c.captured.interest === 'Blanqueamiento');
    expect((await contactOf(api, botId, from))!.stageId).toBe(appointment!.id);
    const items = ((await api({ method: 'GET', url: `/api/contacts/${booked.id}/timeline` })).json() as ContactTimeline).items.filter((i) => i.kind === 'stage');
    expect(items).toMatchObject([
      { from: stages[0]!.name, to: lead!.name, by: 'bot' },
      { from: lead!.name, to: appointment!.name, by: 'bot' },
    ]);
  });

  it('keeps what the bot captured and books an appointments bot’s contact into “Cita agendada”', async () => {
    const { botId, api, phoneNumberId } = await whatsappBot(m.t);
    const stages = await stagesOf(api, botId);
    expect(stages.map((s) => s.name)).toEqual(['Nuevo', 'Cita agendada', 'Atendido', 'Perdido']);
    const from = customer();
    const captured = await say(api, botId, phoneNumberId, from, 'busco un blanqueamiento', (c) => Boolean(c.captured.interest));
    expect(captured.captured).toEqual({ interest: 'Blanqueamiento', budget: 'hasta 3 mil' });
    // A lead of an appointments bot waits for its booking: the second stage is the appointment's.
    expect(captured.stageId).toBe(stages[0]!.id);
    const booked = await say(api, botId, phoneNumberId, from, 'agenda mañana', (c) => c.stageId === stages[1]!.id);
    expect(booked.stageSetBy).toBe('bot');
  });

  it('never moves a contact the owner placed by hand', async () => {
    const { botId, api, phoneNumberId } = await whatsappBot(m.t);
    await api({ method: 'PATCH', url: `/bot/${botId}`, payload: { purpose: 'sales' } });
    const stages = await stagesOf(api, botId);
    const from = customer();
    const c = await say(api, botId, phoneNumberId, from, 'hola', (x) => Boolean(x.lastContactAt));
    // The owner keeps the contact in the first stage on purpose (a move to where it already is counts).
    const placed = await api({ method: 'PATCH', url: `/api/contacts/${c.id}`, payload: { stageId: stages[0]!.id, position: 0 } });
    expect(placed.json().contact.stageSetBy).toBe('person');
    await say(api, botId, phoneNumberId, from, 'mi correo es cliente@example.mx', (x) => x.email === 'cliente@example.mx');
    await say(api, botId, phoneNumberId, from, 'agenda una cita', () => true);
    await until(() => api({ method: 'GET', url: `/api/contacts/${c.id}/timeline` }).then((r) => (r.json() as ContactTimeline).items), (i) => i.some((x) => x.kind === 'appointment'));
    const after = (await api({ method: 'GET', url: `/api/contacts/${c.id}` })).json().contact as Contact;
    expect(after).toMatchObject({ stageId: stages[0]!.id, stageSetBy: 'person' });
  });

  it('picks the stages by name and purpose, never the last one', () => {
    const stage = (name: string, position: number) => ({ id: `s${position}`, botId: 'b', name, color: '#000000', position, createdAt: new Date() });
    const sales = ['Nuevo', 'Interesado', 'Negociación', 'Ganado', 'Perdido'].map(stage);
    expect(automaticStages(sales, 'sales')).toMatchObject({ lead: { name: 'Interesado' }, appointment: { name: 'Negociación' } });
    const withVisit = ['Nuevo', 'Contactado', 'Cita agendada', 'Ganado', 'Perdido'].map(stage);
    expect(automaticStages(withVisit, 'sales')).toMatchObject({ lead: { name: 'Contactado' }, appointment: { name: 'Cita agendada' } });
    const appts = ['Nuevo', 'Cita agendada', 'Atendido', 'Perdido'].map(stage);
    expect(automaticStages(appts, 'appointments')).toEqual({ lead: undefined, appointment: expect.objectContaining({ name: 'Cita agendada' }) });
    expect(automaticStages(['Nuevo', 'Perdido'].map(stage), 'sales')).toEqual({ lead: undefined, appointment: undefined });
  });
});
