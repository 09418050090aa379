import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Contact, ContactList, ContactTimeline, PipelineStage } from '@charla/shared';
import { engines } from '../../test/harness.ts';
import { as, createBot, signUp } from '../../test/accounts.ts';
import { scriptedEngine } from '../../test/scripted-engine.ts';
import { metaTestApp, postWebhook, until, waTextPayload, whatsappBot, type MetaTestApp } from '../../channels/meta/test-support/meta-test-app.ts';
import { appointments } from '../appointments/appointments.table.ts';
import { contacts, conversations, messages } from '../conversations/conversations.table.ts';
import { seats } from '../seats/seats.table.ts';

describe.each(engines)('crm routes on %s', (dbEngine) => {
  let m: MetaTestApp;
  const engine = scriptedEngine((ctx) => ({ replies: [`Bot: ${ctx.incoming.join(' | ')}`] }));

  beforeAll(async () => {
    m = await metaTestApp(dbEngine, {}, engine);
  }, 60_000);
  afterAll(() => m?.close());

  type Api = ReturnType<typeof as>;
  const customer = () => `521${String(Math.floor(Math.random() * 1e10)).padStart(10, '0')}`;
  const list = async (api: Api, query: string) => {
    const res = await api({ method: 'GET', url: `/api/contacts?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ContactList;
  };
  const stagesOf = async (api: Api, botId: string) => {
    const res = await api({ method: 'GET', url: `/api/pipeline/${botId}/stages` });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { stages: PipelineStage[] }).stages;
  };
  const create = async (api: Api, body: Record<string, unknown>) => {
    const res = await api({ method: 'POST', url: '/api/contacts', payload: body });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { contact: Contact }).contact;
  };
  const timeline = async (api: Api, id: string) => ((await api({ method: 'GET', url: `/api/contacts/${id}/timeline` })).json() as ContactTimeline).items;

  it('lists the contacts the bot met on its channels, in the contract’s shape, searchable and paged', async () => {
    const { botId, api, phoneNumberId } = await whatsappBot(m.t);
    const ana = customer();
    const res = await postWebhook(m.t, waTextPayload(phoneNumberId, ana, 'Hola, quiero una cita', { name: 'Ana Ruiz' }));
    expect(res.statusCode).toBe(200);
    expect((await postWebhook(m.t, waTextPayload(phoneNumberId, customer(), 'Buenas tardes', { name: 'Bruno Gil' }))).statusCode).toBe(200);

    // An appointments bot gets the appointments pipeline on first read.
    const stages = await stagesOf(api, botId);
    expect(stages.map((s) => s.name)).toEqual(['Nuevo', 'Cita agendada', 'Atendido', 'Perdido']);
    expect(stages.map((s) => s.position)).toEqual([0, 1, 2, 3]);

    const all = await until(() => list(api, `botId=${botId}`), (l) => l.items.length === 2 && l.items.every((c) => c.lastContactAt));
    const whatsapp = all.items.find((c) => c.name === 'Ana Ruiz')!;
    expect(whatsapp).toEqual({
      id: expect.any(String),
      botId,
      name: 'Ana Ruiz',
      phone: `+${ana}`,
      email: '',
      tags: [],
      stageId: stages[0]!.id,
      position: expect.any(Number),
      sourceChannel: 'whatsapp',
      channels: ['whatsapp'],
      firstContactAt: expect.any(String),
      lastContactAt: expect.any(String),
      marketingConsent: true,
      customFields: {},
      captured: {},
      stageSetBy: null,
      dealValueCents: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(all.items.map((c) => c.name).sort()).toEqual(['Ana Ruiz', 'Bruno Gil']);
    expect((await list(api, `botId=${botId}&channel=whatsapp`)).items).toHaveLength(2);
    expect((await list(api, `botId=${botId}&channel=messenger`)).items).toEqual([]);
    expect((await list(api, `botId=${botId}&q=ruiz`)).items.map((c) => c.id)).toEqual([whatsapp.id]);
    expect((await list(api, `botId=${botId}&q=${ana.slice(-6)}`)).items.map((c) => c.id)).toEqual([whatsapp.id]);
    expect((await list(api, `botId=${botId}&q=${encodeURIComponent('%')}`)).items).toEqual([]);

    // Keyset pages: newest first, nothing repeated.
    const made = [];
    for (const name of ['Beto', 'Carla', 'Diego']) made.push(await create(api, { botId, name, tags: ['vip'] }));
    const first = await list(api, `botId=${botId}&limit=2`);
    expect(first.items.map((c) => c.name)).toEqual(['Diego', 'Carla']);
    const second = await list(api, `botId=${botId}&limit=2&cursor=${first.nextCursor}`);
    expect(second.items.map((c) => c.name)).toContain('Beto');
    const third = await list(api, `botId=${botId}&limit=2&cursor=${second.nextCursor}`);
    expect(third.nextCursor).toBeNull();
    expect(new Set([...first.items, ...second.items, ...third.items].map((c) => c.id)).size).toBe(5);
    expect((await list(api, `botId=${botId}&tag=vip`)).items).toHaveLength(3);
    expect((await api({ method: 'GET', url: `/api/contacts?botId=${botId}&cursor=nope` })).statusCode).toBe(400);

    // Contacts from the channels are in the first stage until someone moves them.
    expect((await list(api, `botId=${botId}&stageId=${stages[0]!.id}`)).items).toHaveLength(5);
    // A stage's first page tells the column's exact count, also when more pages follow.
    const firstOfStage = await list(api, `botId=${botId}&stageId=${stages[0]!.id}&sort=position&limit=2`);
    expect(firstOfStage).toMatchObject({ total: 5, nextCursor: expect.any(String) });
    expect(firstOfStage.items).toHaveLength(2);
    expect((await list(api, `botId=${botId}&stageId=${stages[0]!.id}&sort=position&limit=2&cursor=${firstOfStage.nextCursor}`)).total).toBeUndefined();
    expect((await list(api, `botId=${botId}&stageId=${stages[3]!.id}`)).total).toBe(0);
    expect((await list(api, `botId=${botId}&limit=2`)).total).toBeUndefined();
    const moved = await api({ method: 'PATCH', url: `/api/contacts/${whatsapp.id}`, payload: { stageId: stages[1]!.id, position: 0 } });
    expect(moved.json().contact.stageId).toBe(stages[1]!.id);
    expect((await list(api, `botId=${botId}&stageId=${stages[0]!.id}`)).items).toHaveLength(4);
    expect((await list(api, `botId=${botId}&stageId=${stages[1]!.id}`)).items.map((c) => c.id)).toEqual([whatsapp.id]);
    expect((await list(api, `botId=${botId}&stageId=${stages[0]!.id}&limit=2`)).total).toBe(4);
    expect((await timeline(api, whatsapp.id)).at(-1)).toMatchObject({ kind: 'stage', from: 'Nuevo', to: 'Cita agendada' });
    // Deleting the first stage takes the contacts without a stage along.
    expect((await api({ method: 'DELETE', url: `/api/pipeline/stages/${stages[0]!.id}?moveTo=${stages[2]!.id}` })).statusCode).toBe(204);
    expect((await list(api, `botId=${botId}&stageId=${stages[2]!.id}`)).items).toHaveLength(4);
  });

  it('edits a contact, moves it between stages at a position, keeps notes, and tells its history in order', async () => {
    const owner = await signUp(m.t);
    const api = as(m.t, owner);
    const botId = await createBot(m.t, owner, { bot_objective: 'automobile', business_name: 'Autos León' });
    const stages = await stagesOf(api, botId);
    expect(stages.map((s) => s.name)).toEqual(['Nuevo', 'Interesado', 'Negociación', 'Ganado', 'Perdido']);
    const [nuevo, interesado] = stages;

    const luis = await create(api, { botId, name: 'Luis Peña', phone: '+52 55 1234 5678', email: 'luis@example.mx', tags: ['sedán', 'sedán'] });
    // Consent to marketing is never assumed for a contact added by hand: it is stored as given.
    expect(luis).toMatchObject({ stageId: nuevo!.id, sourceChannel: null, channels: [], tags: ['sedán'], marketingConsent: false, lastContactAt: null });
    expect(await create(api, { botId, name: 'Sara Vidal', marketingConsent: true })).toMatchObject({ marketingConsent: true });

    const bad = await api({ method: 'PATCH', url: `/api/contacts/${luis.id}`, payload: { email: 'no-es-correo', stageId: randomUUID(), extra: 1 } });
    expect(bad.statusCode).toBe(400);
    const wrongStage = await api({ method: 'PATCH', url: `/api/contacts/${luis.id}`, payload: { stageId: randomUUID() } });
    expect(wrongStage.statusCode).toBe(400);
    expect(wrongStage.json().error.fields).toEqual({ stageId: expect.any(String) });
    const english = await api({ method: 'POST', url: '/api/contacts', headers: { 'accept-language': 'en' }, payload: { botId, name: '' } });
    expect(english.statusCode).toBe(400);
    expect(english.json().error.fields.name).toMatch(/[a-z]/i);

    const edited = await api({ method: 'PATCH', url: `/api/contacts/${luis.id}`, payload: { name: 'Luis Peña Gómez', tags: ['sedán', 'crédito'], marketingConsent: false } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().contact).toMatchObject({ name: 'Luis Peña Gómez', tags: ['sedán', 'crédito'], marketingConsent: false });
    expect((await list(api, `botId=${botId}&optedOut=true`)).items.map((c) => c.id)).toEqual([luis.id]);

    // The board: two contacts in Interesado, Luis dropped between… at the top, then between them.
    const a = await create(api, { botId, name: 'A', stageId: interesado!.id });
    const b = await create(api, { botId, name: 'B', stageId: interesado!.id });
    const column = async () => (await list(api, `botId=${botId}&stageId=${interesado!.id}`)).items.sort((x, y) => x.position - y.position).map((c) => c.name);
    expect(await column()).toEqual(['A', 'B']);
    const moved = await api({ method: 'PATCH', url: `/api/contacts/${luis.id}`, payload: { stageId: interesado!.id, position: 1 } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().contact.stageId).toBe(interesado!.id);
    expect(await column()).toEqual(['A', 'Luis Peña Gómez', 'B']);
    await api({ method: 'PATCH', url: `/api/contacts/${luis.id}`, payload: { stageId: interesado!.id, position: 0 } });
    expect(await column()).toEqual(['Luis Peña Gómez', 'A', 'B']);
    await api({ method: 'PATCH', url: `/api/contacts/${b.id}`, payload: { stageId: interesado!.id, position: 0 } });
    expect(await column()).toEqual(['B', 'Luis Peña Gómez', 'A']);
    expect(a.id).toBeTruthy();

    const note = await api({ method: 'POST', url: `/api/contacts/${luis.id}/notes`, payload: { text: 'Quiere prueba de manejo el sábado' } });
    expect(note.statusCode, note.body).toBe(201);
    expect(note.json().note).toMatchObject({ contactId: luis.id, text: 'Quiere prueba de manejo el sábado', authorId: owner.userId });
    expect((await api({ method: 'POST', url: `/api/contacts/${luis.id}/notes`, payload: { text: '   ' } })).statusCode).toBe(400);

    const items = await timeline(api, luis.id);
    expect(items.map((i) => i.kind)).toEqual(['stage', 'note']);
    expect(items[0]).toMatchObject({ kind: 'stage', from: 'Nuevo', to: 'Interesado', by: 'person' });
    expect(items[1]).toMatchObject({ kind: 'note', text: 'Quiere prueba de manejo el sábado' });
    const got = await api({ method: 'GET', url: `/api/contacts/${luis.id}` });
    expect(got.json().contact).toMatchObject({ id: luis.id, name: 'Luis Peña Gómez' });
  });

  it('erases a contact with their messages and appointments, and keeps the timeline in time order', async () => {
    const { botId, api, phoneNumberId } = await whatsappBot(m.t);
    const from = customer();
    await postWebhook(m.t, waTextPayload(phoneNumberId, from, 'Hola', { name: 'Eva' }));
    const eva = (await until(() => list(api, `botId=${botId}`), (l) => l.items.length === 1)).items[0]!;
    const [conversation] = await m.t.database.db.select().from(conversations).where(eq(conversations.contactId, eva.id));
    const start = new Date(Date.now() + 86_400_000);
    await m.t.database.db.insert(appointments).values({ botId, contactId: eva.id, conversationId: conversation!.id, startAt: start, endAt: new Date(start.getTime() + 3_600_000), service: 'Limpieza' });
    await api({ method: 'POST', url: `/api/contacts/${eva.id}/notes`, payload: { text: 'Prefiere mañanas' } });

    const items = await until(() => timeline(api, eva.id), (i) => i.filter((x) => x.kind === 'message').length === 2);
    expect(items.map((i) => i.kind)).toEqual(['message', 'message', 'appointment', 'note']);
    expect(items[0]).toMatchObject({ kind: 'message', direction: 'in', author: 'customer', text: 'Hola', channel: 'whatsapp' });
    expect(items[2]).toMatchObject({ kind: 'appointment', service: 'Limpieza', status: 'booked', startAt: start.toISOString() });
    const times = items.map((i) => Date.parse(i.at));
    expect([...times].sort((x, y) => x - y)).toEqual(times);

    const gone = await api({ method: 'DELETE', url: `/api/contacts/${eva.id}` });
    expect(gone.statusCode, gone.body).toBe(204);
    const db = m.t.database.db;
    expect(await db.select().from(contacts).where(eq(contacts.id, eva.id))).toEqual([]);
    expect(await db.select().from(messages).where(eq(messages.conversationId, conversation!.id))).toEqual([]);
    expect(await db.select().from(appointments).where(eq(appointments.contactId, eva.id))).toEqual([]);
    expect((await api({ method: 'GET', url: `/api/contacts/${eva.id}` })).statusCode).toBe(404);
  });

  it('adds, renames, reorders and deletes stages; a deleted stage’s contacts move to another', async () => {
    const owner = await signUp(m.t);
    const api = as(m.t, owner);
    const botId = await createBot(m.t, owner, { bot_objective: 'automobile' });
    const [nuevo, interesado] = await stagesOf(api, botId);
    const added = await api({ method: 'POST', url: `/api/pipeline/${botId}/stages`, payload: { name: 'Seguimiento', color: '#123456' } });
    expect(added.statusCode, added.body).toBe(201);
    const seguimiento = added.json().stage as PipelineStage;
    expect(seguimiento).toMatchObject({ name: 'Seguimiento', color: '#123456', position: 5 });
    expect((await api({ method: 'POST', url: `/api/pipeline/${botId}/stages`, payload: { name: 'x', color: 'red' } })).statusCode).toBe(400);

    const patched = await api({ method: 'PATCH', url: `/api/pipeline/stages/${seguimiento.id}`, payload: { name: 'En seguimiento', position: 1 } });
    expect(patched.statusCode, patched.body).toBe(200);
    expect((await stagesOf(api, botId)).map((s) => s.name)).toEqual(['Nuevo', 'En seguimiento', 'Interesado', 'Negociación', 'Ganado', 'Perdido']);

    const ana = await create(api, { botId, name: 'Ana', stageId: seguimiento.id });
    const beto = await create(api, { botId, name: 'Beto', stageId: seguimiento.id });
    await create(api, { botId, name: 'Ciro', stageId: interesado!.id });
    const del = await api({ method: 'DELETE', url: `/api/pipeline/stages/${seguimiento.id}?moveTo=${interesado!.id}` });
    expect(del.statusCode, del.body).toBe(204);
    const column = (await list(api, `botId=${botId}&stageId=${interesado!.id}`)).items.sort((x, y) => x.position - y.position);
    expect(column.map((c) => c.name)).toEqual(['Ciro', 'Ana', 'Beto']);
    expect((await timeline(api, ana.id)).at(-1)).toMatchObject({ kind: 'stage', from: 'En seguimiento', to: 'Interesado' });
    expect(beto.stageId).toBe(seguimiento.id);

    // Without moveTo the first other stage takes them; the last stage cannot go.
    const del2 = await api({ method: 'DELETE', url: `/api/pipeline/stages/${interesado!.id}` });
    expect(del2.statusCode).toBe(204);
    expect((await list(api, `botId=${botId}&stageId=${nuevo!.id}`)).items.map((c) => c.name).sort()).toEqual(['Ana', 'Beto', 'Ciro']);
    for (const s of (await stagesOf(api, botId)).slice(1)) expect((await api({ method: 'DELETE', url: `/api/pipeline/stages/${s.id}` })).statusCode).toBe(204);
    expect((await api({ method: 'DELETE', url: `/api/pipeline/stages/${nuevo!.id}` })).statusCode).toBe(400);
  });

  it('keeps a deal value per contact in exact cents, and sums a stage’s values over the whole stage for the board', async () => {
    const owner = await signUp(m.t);
    const api = as(m.t, owner);
    const botId = await createBot(m.t, owner, { bot_objective: 'automobile' });
    const [nuevo, interesado] = await stagesOf(api, botId);
    const ana = await create(api, { botId, name: 'Ana', stageId: interesado!.id, dealValueCents: 1_850_050 });
    expect(ana.dealValueCents).toBe(1_850_050);
    const beto = await create(api, { botId, name: 'Beto', stageId: interesado!.id });
    expect(beto.dealValueCents).toBeNull();
    // 0.10 + 0.20 added as cents is exactly 0.30 (never a float's 0.30000000000000004).
    const set = await api({ method: 'PATCH', url: `/api/contacts/${beto.id}`, payload: { dealValueCents: 10 } });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().contact.dealValueCents).toBe(10);
    await create(api, { botId, name: 'Ciro', stageId: interesado!.id, dealValueCents: 20 });
    // The largest value allowed, in another stage.
    await create(api, { botId, name: 'Dora', stageId: nuevo!.id, dealValueCents: 10_000_000_000 });

    // The whole stage in one page: its count and its sum.
    const column = await list(api, `botId=${botId}&stageId=${interesado!.id}&sort=position`);
    expect(column).toMatchObject({ total: 3, totalValueCents: 1_850_080 });
    // A page of one card still carries the sum of the whole stage, counted by the server.
    const first = await list(api, `botId=${botId}&stageId=${interesado!.id}&sort=position&limit=1`);
    expect(first.items).toHaveLength(1);
    expect(first).toMatchObject({ total: 3, totalValueCents: 1_850_080 });
    const next = await list(api, `botId=${botId}&stageId=${interesado!.id}&sort=position&limit=1&cursor=${encodeURIComponent(first.nextCursor!)}`);
    expect(next.total).toBeUndefined();
    expect(next.totalValueCents).toBeUndefined();
    expect(await list(api, `botId=${botId}&stageId=${nuevo!.id}&limit=1`)).toMatchObject({ total: 1, totalValueCents: 10_000_000_000 });
    // A contact moved away takes its value with it; a value cleared counts nothing.
    expect((await api({ method: 'PATCH', url: `/api/contacts/${ana.id}`, payload: { stageId: nuevo!.id } })).statusCode).toBe(200);
    expect((await api({ method: 'PATCH', url: `/api/contacts/${beto.id}`, payload: { dealValueCents: null } })).json().contact.dealValueCents).toBeNull();
    expect(await list(api, `botId=${botId}&stageId=${interesado!.id}&limit=1`)).toMatchObject({ total: 2, totalValueCents: 20 });
    expect(await list(api, `botId=${botId}&stageId=${nuevo!.id}&limit=1`)).toMatchObject({ total: 2, totalValueCents: 10_001_850_050 });
    const stored = await m.t.database.db.select({ cents: contacts.dealValueCents }).from(contacts).where(eq(contacts.id, ana.id));
    expect(stored).toEqual([{ cents: 1_850_050 }]);

    // Negative, fractional cents, too large or not a number: 400 with the rule in the reader's language; nothing changes.
    for (const bad of [-1, 1.5, 10_000_000_001, '100']) {
      const res = await api({ method: 'PATCH', url: `/api/contacts/${ana.id}`, payload: { dealValueCents: bad } });
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { dealValueCents: 'Escribe un valor con números, de 0 a 100,000,000.00, por ejemplo 18500.50.' } });
    }
    const en = await api({ method: 'POST', url: '/api/contacts', payload: { botId, name: 'E', dealValueCents: -5 }, headers: { 'accept-language': 'en' } });
    expect(en.statusCode).toBe(400);
    expect(en.json().error.fields).toEqual({ dealValueCents: 'Enter a value in numbers, from 0 to 100,000,000.00, for example 18500.50.' });
    expect((await api({ method: 'GET', url: `/api/contacts/${ana.id}` })).json().contact.dealValueCents).toBe(1_850_050);
  });

  it('lets the owner and an admin shape the stages, while a team agent works the contacts but may not change the stages', async () => {
    const owner = await signUp(m.t);
    const api = as(m.t, owner);
    const botId = await createBot(m.t, owner, { bot_objective: 'automobile' });
    const [nuevo, interesado] = await stagesOf(api, botId);
    const db = m.t.database.db;
    const agent = await signUp(m.t);
    const admin = await signUp(m.t);
    await db.insert(seats).values([
      { accountId: owner.userId, userId: agent.userId, email: agent.email, name: 'Agente', role: 'agent', botIds: [botId], status: 'active' },
      { accountId: owner.userId, userId: admin.userId, email: admin.email, name: 'Admin', role: 'admin', botIds: [], status: 'active' },
    ]);
    const asAgent = as(m.t, agent);
    const c = await create(api, { botId, name: 'Ana', stageId: interesado!.id });
    // The agent reads the board and moves a card…
    expect((await stagesOf(asAgent, botId)).map((s) => s.id)).toContain(nuevo!.id);
    expect((await asAgent({ method: 'PATCH', url: `/api/contacts/${c.id}`, payload: { stageId: nuevo!.id, position: 0 } })).statusCode).toBe(200);
    // …but adding, renaming, recolouring, reordering or deleting a stage is refused.
    for (const [method, url, payload] of [
      ['POST', `/api/pipeline/${botId}/stages`, { name: 'Seguimiento' }],
      ['PATCH', `/api/pipeline/stages/${interesado!.id}`, { name: 'Otro' }],
      ['PATCH', `/api/pipeline/stages/${interesado!.id}`, { color: '#8b5cf6' }],
      ['PATCH', `/api/pipeline/stages/${interesado!.id}`, { position: 0 }],
      ['DELETE', `/api/pipeline/stages/${interesado!.id}`, undefined],
    ] as const) {
      const res = await asAgent({ method, url, payload });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
    }
    expect((await stagesOf(api, botId)).map((s) => s.name)).toEqual(['Nuevo', 'Interesado', 'Negociación', 'Ganado', 'Perdido']);
    // An agent of the account not given this bot does not see its stages at all.
    const outsider = await signUp(m.t);
    await db.insert(seats).values({ accountId: owner.userId, userId: outsider.userId, email: outsider.email, name: 'Otro', role: 'agent', botIds: [], status: 'active' });
    expect((await as(m.t, outsider)({ method: 'PATCH', url: `/api/pipeline/stages/${interesado!.id}`, payload: { name: 'X' } })).statusCode).toBe(404);

    // An admin of the team may: rename and recolour, move it first, add one, delete an empty one.
    const asAdmin = as(m.t, admin);
    const renamed = await asAdmin({ method: 'PATCH', url: `/api/pipeline/stages/${interesado!.id}`, payload: { name: 'Le interesa', color: '#8b5cf6', position: 0 } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().stage).toMatchObject({ name: 'Le interesa', color: '#8b5cf6', position: 0 });
    const added = await asAdmin({ method: 'POST', url: `/api/pipeline/${botId}/stages`, payload: { name: 'Seguimiento' } });
    expect(added.statusCode, added.body).toBe(201);
    expect((await asAdmin({ method: 'DELETE', url: `/api/pipeline/stages/${added.json().stage.id}` })).statusCode).toBe(204);
    expect((await stagesOf(api, botId)).map((s) => s.name)).toEqual(['Le interesa', 'Nuevo', 'Negociación', 'Ganado', 'Perdido']);
    // A stage name too long is refused in Spanish.
    const long = await api({ method: 'PATCH', url: `/api/pipeline/stages/${nuevo!.id}`, payload: { name: 'x'.repeat(61) } });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields).toEqual({ name: 'Usa como máximo 60 caracteres.' });
  });

  it('leaves the owner’s tries in the playground out of the list, its search, the board’s columns and the export, while the playground keeps its conversation', async () => {
    const { botId, api, phoneNumberId } = await whatsappBot(m.t);
    const ana = customer();
    expect((await postWebhook(m.t, waTextPayload(phoneNumberId, ana, 'Hola', { name: 'Ana Ruiz' }))).statusCode).toBe(200);
    const tried = await api({ method: 'POST', url: `/api/playground/${botId}/messages`, payload: { text: 'Soy Ana, mi correo es prueba@example.mx', client_message_id: randomUUID() } });
    expect(tried.statusCode, tried.body).toBe(202);
    const db = m.t.database.db;
    const rows = await db.select().from(contacts).where(eq(contacts.botId, botId));
    expect(rows.map((r) => r.playground).sort()).toEqual([false, true]);
    const test = rows.find((r) => r.playground)!;
    // The tries even share what a customer has: a name and phone the search would find.
    await db.update(contacts).set({ name: 'Ana Prueba', phone: `+${ana}` }).where(eq(contacts.id, test.id));

    const stages = await stagesOf(api, botId);
    const ids = async (query: string) => (await list(api, `botId=${botId}&${query}`)).items.map((c) => c.id);
    const real = rows.find((r) => !r.playground)!.id;
    expect(await ids('')).toEqual([real]);
    expect(await ids('q=ana')).toEqual([real]);
    expect(await ids(`q=${ana.slice(-6)}`)).toEqual([real]);
    expect(await ids(`stageId=${stages[0]!.id}`)).toEqual([real]);
    expect(await ids(`stageId=${stages[0]!.id}&sort=position`)).toEqual([real]);
    expect(await ids('sort=name')).toEqual([real]);
    expect(await ids('channel=playground')).toEqual([]);
    expect((await api({ method: 'GET', url: `/api/contacts/${test.id}` })).statusCode).toBe(404);
    expect((await api({ method: 'PATCH', url: `/api/contacts/${test.id}`, payload: { stageId: stages[1]!.id } })).statusCode).toBe(404);
    const csv = (await api({ method: 'GET', url: `/api/contacts/export?botId=${botId}` })).body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(csv).toHaveLength(2);
    expect(csv[1]).toMatch(/^Ana Ruiz,/);

    // The playground itself still holds its conversation and what the bot captured.
    const playground = await api({ method: 'GET', url: `/api/playground/${botId}` });
    expect(playground.statusCode).toBe(200);
    expect(playground.json().conversationId).toEqual(expect.any(String));
    expect(playground.json().messages.length).toBeGreaterThanOrEqual(1);
  });

  it('finds a contact without accents or case, and by a phone written any way', async () => {
    const owner = await signUp(m.t);
    const api = as(m.t, owner);
    const botId = await createBot(m.t, owner, { bot_objective: 'automobile' });
    await create(api, { botId, name: 'María Fernanda Núñez', phone: '+523311408862' });
    await create(api, { botId, name: 'Mario Fernández', phone: '+525512345678', email: 'mario@example.mx' });
    const found = async (q: string) => (await list(api, `botId=${botId}&q=${encodeURIComponent(q)}`)).items.map((c) => c.name).sort();
    const maria = ['María Fernanda Núñez'];
    expect(await found('Maria Fernanda')).toEqual(maria);
    expect(await found('NUÑEZ')).toEqual(maria);
    expect(await found('nunez')).toEqual(maria);
    expect(await found('33 1140 8862')).toEqual(maria);
    expect(await found('(33) 1140-8862')).toEqual(maria);
    expect(await found('+52 33 1140 8862')).toEqual(maria);
    expect(await found('fernand')).toEqual(['Mario Fernández', 'María Fernanda Núñez']);
    expect(await found('MARIO@EXAMPLE')).toEqual(['Mario Fernández']);
    expect(await found('55 9999')).toEqual([]);
    expect(await found('100%_')).toEqual([]);
  });

  it('exports CSV with a UTF-8 BOM, accents and quoted fields', async () => {
    const owner = await signUp(m.t);
    const api = as(m.t, owner);
    const botId = await createBot(m.t, owner, { bot_objective: 'automobile' });
    await create(api, { botId, name: 'José Núñez, "Pepe"', phone: '+52 33 1111 2222', email: 'jose@example.mx', tags: ['vip', 'crédito'], marketingConsent: true });
    await create(api, { botId, name: '=HYPERLINK("x")' });
    const res = await api({ method: 'GET', url: `/api/contacts/export?botId=${botId}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('attachment');
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = res.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Nombre,Teléfono,Correo,Etapa,Etiquetas,Canal de origen,Canales,Primer contacto,Último contacto,Acepta marketing,Interés,Producto,Presupuesto');
    expect(lines).toHaveLength(3);
    expect(lines[2]).toMatch(/^"José Núñez, ""Pepe""",\+52 33 1111 2222,jose@example\.mx,Nuevo,"vip; crédito",,,[^,]+,,sí,,,$/);
    expect(lines[1]).toMatch(/^"'=HYPERLINK\(""x""\)"/);
    const en = await api({ method: 'GET', url: `/api/contacts/export?botId=${botId}`, headers: { 'accept-language': 'en' } });
    expect(en.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toMatch(/^Name,Phone,E-mail,Stage/);
  });

  it('answers 404 to another owner on every route', async () => {
    const owner = await signUp(m.t);
    const api = as(m.t, owner);
    const botId = await createBot(m.t, owner, { bot_objective: 'automobile' });
    const [stage] = await stagesOf(api, botId);
    const c = await create(api, { botId, name: 'Privada' });
    const other = as(m.t, await signUp(m.t));
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/contacts?botId=${botId}`],
      ['POST', '/api/contacts', { botId, name: 'X' }],
      ['GET', `/api/contacts/${c.id}`],
      ['PATCH', `/api/contacts/${c.id}`, { name: 'X' }],
      ['DELETE', `/api/contacts/${c.id}`],
      ['POST', `/api/contacts/${c.id}/notes`, { text: 'x' }],
      ['GET', `/api/contacts/${c.id}/timeline`],
      ['GET', `/api/contacts/export?botId=${botId}`],
      ['GET', `/api/pipeline/${botId}/stages`],
      ['POST', `/api/pipeline/${botId}/stages`, { name: 'X' }],
      ['PATCH', `/api/pipeline/stages/${stage!.id}`, { name: 'X' }],
      ['DELETE', `/api/pipeline/stages/${stage!.id}`],
    ];
    for (const [method, url, payload] of calls) {
      const res = await other({ method: method as 'GET', url, payload: payload as Record<string, unknown> | undefined });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await api({ method: 'GET', url: `/api/contacts/${c.id}` })).json().contact.name).toBe('Privada');
    expect((await stagesOf(api, botId))[0]!.name).toBe('Nuevo');
    expect((await as(m.t, await signUp(m.t))({ method: 'GET', url: '/api/contacts' })).statusCode).toBe(400);
  });
});
